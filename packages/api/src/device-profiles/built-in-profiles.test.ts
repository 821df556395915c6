import { deviceProfileInputSchema } from '@opencare/schemas/entities/devices';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROFILES } from './built-in-profiles';

/** The Bluetooth SIG assigned numbers each built-in profile must use (GATT specification supplement). */
const SIG_MEASUREMENTS = {
  bp: { service: '1810', characteristic: '2A35', action: 'indicate' },
  bt: { service: '1809', characteristic: '2A1C', action: 'indicate' },
  bs: { service: '1808', characteristic: '2A18', action: 'notify' },
  bw: { service: '181D', characteristic: '2A9D', action: 'indicate' },
  ox: { service: '1822', characteristic: '2A5F', action: 'notify' },
} as const;

describe('built-in device profiles', () => {
  it('are the five SIG health services, with unique names', () => {
    expect(BUILT_IN_PROFILES.map((p) => p.measurement).sort()).toEqual(['bp', 'bs', 'bt', 'bw', 'ox']);
    expect(new Set(BUILT_IN_PROFILES.map((p) => p.profileName)).size).toBe(5);
  });

  it.each(BUILT_IN_PROFILES)(
    '$profileName passes the same validation as an admin-made profile',
    (profile) => {
      const parsed = deviceProfileInputSchema.safeParse(profile);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data).toEqual(profile);
    },
  );

  it.each(BUILT_IN_PROFILES)('$profileName runs start, task and end in order', (profile) => {
    const phases = profile.tasks.map((task) => task.phase);
    expect(phases[0]).toBe('start');
    expect(phases.at(-1)).toBe('end');
    expect([...phases].sort((a, b) => order(a) - order(b))).toEqual(phases);
    // Subscribe to the measurement through its Client Characteristic Configuration descriptor.
    expect(profile.tasks).toContainEqual(
      expect.objectContaining({
        phase: 'task',
        ...SIG_MEASUREMENTS[profile.measurement as keyof typeof SIG_MEASUREMENTS],
        descriptors: ['2902'],
      }),
    );
  });

  it('asks a glucose meter for all stored records through the Record Access Control Point', () => {
    const glucose = BUILT_IN_PROFILES.find((p) => p.measurement === 'bs');
    const tasks = glucose?.tasks ?? [];
    const notify = tasks.findIndex((t) => t.characteristic === '2A18');
    const racp = tasks.findIndex((t) => t.characteristic === '2A52');
    // Subscribed first, or the records sent in answer to the write would be missed.
    expect(notify).toBeLessThan(racp);
    expect(tasks[racp]).toMatchObject({
      action: 'write',
      writeValue: '0101',
      dataType: 'hex',
      descriptors: ['2902'],
      nextAction: 'indicate',
    });
  });
});

function order(phase: string): number {
  return ['start', 'task', 'end'].indexOf(phase);
}
