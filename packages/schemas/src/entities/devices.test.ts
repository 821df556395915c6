import { describe, expect, it } from 'vitest';
import { issues } from '../testing/issues';
import { REQUIRED } from '../rules';
import {
  GATT_ACTIONS,
  GATT_DATA_TYPES,
  TASK_PHASES,
  companyIdentifierInputSchema,
  deviceProfileInputSchema,
  deviceProfileSchema,
  deviceProfileVersionSchema,
  deviceTaskSchema,
  ouiInputSchema,
  vendorInputSchema,
  writeValueIssue,
} from './devices';
import { addGatewayInputSchema, gatewaySchema } from './gateways';

const FULL_UUID = '00002a35-0000-1000-8000-00805f9b34fb';
const task = { phase: 'task', service: '1810', characteristic: '2A35', action: 'indicate', dataType: 'hex' };

describe('vendorInputSchema', () => {
  it('needs a vendor name; the rest is optional', () => {
    expect(vendorInputSchema.parse({ vendorName: ' Omron ' })).toEqual({ vendorName: 'Omron' });
    expect(issues(vendorInputSchema, {})).toEqual([['vendorName', REQUIRED]]);
    expect(issues(vendorInputSchema, { vendorName: '  ' })).toEqual([['vendorName', REQUIRED]]);
  });

  it('checks the website and the lengths', () => {
    expect(vendorInputSchema.safeParse({ vendorName: 'Omron', website: 'https://omron.com' }).success).toBe(
      true,
    );
    expect(issues(vendorInputSchema, { vendorName: 'Omron', website: 'omron' })).toEqual([
      ['website', 'Enter a valid web address.'],
    ]);
    expect(
      issues(vendorInputSchema, { vendorName: 'Omron', website: `https://${'a'.repeat(200)}.com` }),
    ).toEqual([['website', 'Website must be at most 200 characters.']]);
    // Blank clears a website that was filled in.
    expect(vendorInputSchema.parse({ vendorName: 'Omron', website: ' ' })).toEqual({
      vendorName: 'Omron',
      website: '',
    });
    expect(issues(vendorInputSchema, { vendorName: 'a'.repeat(101) })).toEqual([
      ['vendorName', 'Vendor name must be at most 100 characters.'],
    ]);
  });

  it('refuses unknown fields (strict)', () => {
    expect(vendorInputSchema.safeParse({ vendorName: 'Omron', ouis: [] }).success).toBe(false);
  });
});

describe('Bluetooth identifiers of a vendor', () => {
  it('normalises an OUI like EA:E0:AA to upper case and refuses a short one', () => {
    expect(ouiInputSchema.parse({ oui: 'ea:e0:aa' })).toEqual({ oui: 'EA:E0:AA' });
    expect(issues(ouiInputSchema, { oui: 'EA:E0' })).toEqual([
      ['oui', 'Enter a vendor identifier like EA:E0:AA.'],
    ]);
  });

  it('normalises a company identifier like 0x0CA5 and refuses three digits', () => {
    expect(companyIdentifierInputSchema.parse({ companyIdentifier: '0x0ca5' })).toEqual({
      companyIdentifier: '0x0CA5',
    });
    expect(issues(companyIdentifierInputSchema, { companyIdentifier: '0xCA5' })).toEqual([
      ['companyIdentifier', 'Enter a company identifier like 0x0CA5.'],
    ]);
  });
});

describe('addGatewayInputSchema', () => {
  const pairingCode = 'K7Q2M9X4PTRW';

  it('adds a gateway by its 12-digit MAC number and pairing code, normalised', () => {
    expect(addGatewayInputSchema.parse({ mac: 'b8:27:eb:12:34:56', pairingCode: 'K7Q2-M9X4 PTRW', displayName: ' Kitchen ' })).toEqual({
      mac: 'B827EB123456',
      pairingCode,
      displayName: 'Kitchen',
    });
    expect(addGatewayInputSchema.parse({ mac: 'B827EB123456', pairingCode })).toEqual({ mac: 'B827EB123456', pairingCode });
  });

  it('refuses 11 or 13 digits and non-hex with the MAC message', () => {
    for (const mac of ['B827EB12345', 'B827EB1234567', 'B827EB12345Z']) {
      expect(issues(addGatewayInputSchema, { mac, pairingCode })).toEqual([
        ['mac', 'The MAC number must have 12 digits.'],
      ]);
    }
  });

  it('requires the MAC number and the pairing code (possession of the box), and refuses unknown fields', () => {
    expect(issues(addGatewayInputSchema, {})).toEqual([
      ['mac', REQUIRED],
      ['pairingCode', REQUIRED],
    ]);
    expect(issues(addGatewayInputSchema, { mac: 'B827EB123456' })).toEqual([['pairingCode', REQUIRED]]);
    expect(addGatewayInputSchema.safeParse({ mac: 'B827EB123456', pairingCode, owner: 'me' }).success).toBe(false);
  });
});

describe('gatewaySchema', () => {
  it('carries every gateway field of spec §3', () => {
    const gateway = {
      id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
      displayName: 'Kitchen',
      serial: null,
      model: 'Pi 4',
      os: null,
      bluetoothVersion: '5.0',
      bluetoothAdapters: ['hci0'],
      macAddress: ['B827EB123456'],
      status: 'online',
      publicIp: null,
      localIp: '192.168.1.2',
      btAddress: null,
      version: '1.0.0',
      nxwId: null,
      patientId: null,
      lastSeenAt: null,
      addedAt: null,
    };
    expect(gatewaySchema.parse(gateway)).toEqual(gateway);
    expect(gatewaySchema.safeParse({ ...gateway, status: 'broken' }).success).toBe(false);
    const { nxwId: _omit, ...missing } = gateway;
    expect(gatewaySchema.safeParse(missing).success).toBe(false);
  });
});

describe('deviceTaskSchema (one GATT task)', () => {
  it('accepts a task with 16-bit and 128-bit UUIDs and fills no descriptors', () => {
    expect(deviceTaskSchema.parse(task)).toEqual({ ...task, descriptors: [] });
    expect(
      deviceTaskSchema.safeParse({ ...task, service: FULL_UUID, characteristic: FULL_UUID.toUpperCase() })
        .success,
    ).toBe(true);
  });

  it('offers the actions, data types and phases of spec §3', () => {
    expect(GATT_ACTIONS).toEqual(['read', 'write', 'notify', 'indicate']);
    expect(GATT_DATA_TYPES).toEqual(['string', 'hex', 'integer', 'float', 'boolean']);
    expect(TASK_PHASES).toEqual(['start', 'task', 'end']);
    for (const action of GATT_ACTIONS) {
      const value = action === 'write' ? { writeValue: '01' } : {};
      expect(deviceTaskSchema.safeParse({ ...task, action, ...value }).success).toBe(true);
    }
    for (const dataType of GATT_DATA_TYPES)
      expect(deviceTaskSchema.safeParse({ ...task, dataType }).success).toBe(true);
    for (const phase of TASK_PHASES)
      expect(deviceTaskSchema.safeParse({ ...task, phase }).success).toBe(true);
    expect(deviceTaskSchema.safeParse({ ...task, action: 'subscribe' }).success).toBe(false);
    expect(deviceTaskSchema.safeParse({ ...task, dataType: 'bytes' }).success).toBe(false);
    expect(deviceTaskSchema.safeParse({ ...task, phase: 'middle' }).success).toBe(false);
  });

  it.each(['2A3', '2A355', '0x2A35', 'GGGG', '00002a35-0000-1000-8000-00805f9b34f', ''])(
    'refuses the UUID %j with a message saying what is expected',
    (uuid) => {
      expect(issues(deviceTaskSchema, { ...task, characteristic: uuid })).toEqual([
        ['characteristic', 'Enter a 16-bit or 128-bit Bluetooth UUID.'],
      ]);
    },
  );

  it('bounds the handle to 0..0xFFFF and the write value to 512 characters', () => {
    expect(deviceTaskSchema.safeParse({ ...task, handle: 0 }).success).toBe(true);
    expect(deviceTaskSchema.safeParse({ ...task, handle: 0xffff }).success).toBe(true);
    expect(deviceTaskSchema.safeParse({ ...task, handle: -1 }).success).toBe(false);
    expect(deviceTaskSchema.safeParse({ ...task, handle: 0x10000 }).success).toBe(false);
    for (const handle of [-1, 0x10000, 1.5, Number.NaN, '42']) {
      expect(issues(deviceTaskSchema, { ...task, handle })).toEqual([
        ['handle', 'Enter a handle from 0 to 65535.'],
      ]);
    }
    expect(
      deviceTaskSchema.safeParse({
        ...task,
        action: 'write',
        dataType: 'string',
        writeValue: 'x'.repeat(512),
      }).success,
    ).toBe(true);
    expect(
      deviceTaskSchema.safeParse({
        ...task,
        action: 'write',
        dataType: 'string',
        writeValue: 'x'.repeat(513),
      }).success,
    ).toBe(false);
  });

  it('accepts up to 16 descriptors', () => {
    expect(deviceTaskSchema.safeParse({ ...task, descriptors: Array(16).fill('2902') }).success).toBe(true);
    expect(deviceTaskSchema.safeParse({ ...task, descriptors: Array(17).fill('2902') }).success).toBe(false);
  });

  it('refuses unknown fields and missing required ones', () => {
    expect(deviceTaskSchema.safeParse({ ...task, retries: 3 }).success).toBe(false);
    const { service: _omit, ...withoutService } = task;
    expect(deviceTaskSchema.safeParse(withoutService).success).toBe(false);
  });
});

describe('deviceProfileInputSchema', () => {
  it('needs a profile name (spec §5), and starts with no tasks', () => {
    expect(deviceProfileInputSchema.parse({ profileName: ' BP cuff ' })).toEqual({
      profileName: 'BP cuff',
      tasks: [],
    });
    expect(issues(deviceProfileInputSchema, {})).toEqual([['profileName', REQUIRED]]);
    expect(issues(deviceProfileInputSchema, { profileName: '' })).toEqual([['profileName', REQUIRED]]);
  });

  it('accepts a full profile with a measurement code and tasks', () => {
    const profile = deviceProfileInputSchema.parse({
      profileName: 'BP cuff',
      vendorId: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
      measurement: 'bp',
      device: 'Omron X7',
      tasks: [{ ...task, phase: 'start' }, task, { ...task, phase: 'end' }],
    });
    expect(profile.tasks).toHaveLength(3);
  });

  it('points at the failing task when one is invalid', () => {
    expect(
      issues(deviceProfileInputSchema, {
        profileName: 'BP',
        tasks: [task, { ...task, action: 'poke' }],
      })[0]?.[0],
    ).toBe('tasks.1.action');
  });

  it('refuses an unknown measurement, a bad vendor id and more than 100 tasks', () => {
    expect(deviceProfileInputSchema.safeParse({ profileName: 'BP', measurement: 'hr' }).success).toBe(false);
    expect(deviceProfileInputSchema.safeParse({ profileName: 'BP', vendorId: '42' }).success).toBe(false);
    expect(
      deviceProfileInputSchema.safeParse({ profileName: 'BP', tasks: Array(100).fill(task) }).success,
    ).toBe(true);
    expect(
      deviceProfileInputSchema.safeParse({ profileName: 'BP', tasks: Array(101).fill(task) }).success,
    ).toBe(false);
  });

  it('has the states draft and complete', () => {
    const saved = {
      id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
      profileName: 'BP',
      tasks: [],
      version: 0,
      builtIn: false,
      updatedAt: 'now',
    };
    expect(deviceProfileSchema.safeParse({ ...saved, state: 'draft' }).success).toBe(true);
    expect(deviceProfileSchema.safeParse({ ...saved, state: 'complete' }).success).toBe(true);
    expect(deviceProfileSchema.safeParse({ ...saved, state: 'later' }).success).toBe(false);
  });

  it('carries the live version (0 before the first completion) and whether it is built in', () => {
    const saved = {
      id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
      profileName: 'BP',
      tasks: [],
      state: 'draft',
      updatedAt: 'now',
    };
    expect(deviceProfileSchema.safeParse({ ...saved, version: 2, builtIn: true }).success).toBe(true);
    expect(deviceProfileSchema.safeParse({ ...saved, version: -1, builtIn: false }).success).toBe(false);
    expect(deviceProfileSchema.safeParse(saved).success).toBe(false);
  });
});

describe('deviceProfileVersionSchema (what gateways run)', () => {
  it('is a completed version from 1 up, with its measurement and device', () => {
    const version = {
      profileId: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
      version: 1,
      profileName: 'BP',
      vendorId: null,
      measurement: 'bp',
      device: 'Any cuff',
      tasks: [{ ...task, descriptors: ['2902'] }],
      completedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(deviceProfileVersionSchema.parse(version)).toEqual(version);
    expect(deviceProfileVersionSchema.safeParse({ ...version, version: 0 }).success).toBe(false);
    expect(deviceProfileVersionSchema.safeParse({ ...version, measurement: undefined }).success).toBe(false);
  });
});

describe('write value of a task (spec §3: write value of its data type)', () => {
  const write = { ...task, action: 'write' };

  it('is required for a write task, and only there', () => {
    expect(issues(deviceTaskSchema, write)).toEqual([['writeValue', REQUIRED]]);
    expect(issues(deviceTaskSchema, { ...write, writeValue: '' })).toEqual([['writeValue', REQUIRED]]);
    for (const action of ['read', 'notify', 'indicate'])
      expect(issues(deviceTaskSchema, { ...task, action })).toEqual([]);
  });

  it.each([
    [
      'hex',
      ['01', '0101', 'aBcD'],
      ['0', '010', '0x01', 'GG', '01 01'],
      'Write value must be hex digits in pairs, like 0101.',
    ],
    [
      'integer',
      ['0', '42', '-7', '+3'],
      ['4.2', '1e3', 'forty', ' 42'],
      'Write value must be a whole number, like 42.',
    ],
    [
      'float',
      ['36.6', '-0.5', '.5', '2', '1e-3'],
      ['36,6', '1.2.3', 'NaN', '-'],
      'Write value must be a number, like 36.6.',
    ],
    ['boolean', ['true', 'false'], ['TRUE', '1', 'yes', 'no'], 'Write value must be true or false.'],
  ] as const)(
    'of data type %s accepts %j, refuses %j with a message naming the problem',
    (dataType, good, bad, message) => {
      for (const writeValue of good)
        expect(issues(deviceTaskSchema, { ...write, dataType, writeValue }), writeValue).toEqual([]);
      for (const writeValue of bad) {
        expect(issues(deviceTaskSchema, { ...write, dataType, writeValue }), writeValue).toEqual([
          ['writeValue', message],
        ]);
      }
      expect(writeValueIssue(dataType, good[0])).toBeNull();
      expect(writeValueIssue(dataType, bad[0])).toBe(message);
    },
  );

  it('takes any text for a string', () => {
    expect(issues(deviceTaskSchema, { ...write, dataType: 'string', writeValue: 'hello, cuff' })).toEqual([]);
  });

  it('is checked even when another field is wrong, so every problem shows at once', () => {
    expect(issues(deviceTaskSchema, { ...write, service: 'zz', writeValue: '010' })).toEqual([
      ['service', 'Enter a 16-bit or 128-bit Bluetooth UUID.'],
      ['writeValue', 'Write value must be hex digits in pairs, like 0101.'],
    ]);
  });

  it('refuses a task that is not an object without failing itself', () => {
    expect(
      issues(deviceProfileInputSchema, { profileName: 'BP', tasks: [null, 'x'] }).map(([field]) => field),
    ).toEqual(['tasks.0', 'tasks.1']);
  });

  it('reports an unknown data type on its own field, not as a write value problem', () => {
    expect(
      issues(deviceTaskSchema, { ...write, dataType: 'bytes', writeValue: '01' }).map(([field]) => field),
    ).toEqual(['dataType']);
  });
});
