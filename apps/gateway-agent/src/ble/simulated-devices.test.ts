import { DEMO_DEVICES } from '@opencare/api/demo/demo-gateway';
import { POLAR_H10_ECG } from '@opencare/api/device-profiles/vendor-profiles';
import { describe, expect, it } from 'vitest';
import { PMD_CONTROL_POINT, PMD_DATA, PMD_SERVICE, SIMULATED_DEVICES } from './simulator';

describe('the demo patient’s devices', () => {
  it('are the simulator’s devices, so `npm start`’s simulated gateway reads every one of them', () => {
    const simulated = SIMULATED_DEVICES.map((d) => [d.address, d.measurement]);
    expect(DEMO_DEVICES.map((d) => [d.address, d.measurement])).toEqual(simulated);
  });
});

describe('the simulated ECG strap', () => {
  it('speaks the PMD service, control point and data characteristic the Polar H10 profile names', () => {
    const uuids = POLAR_H10_ECG.tasks.filter((t) => t.phase === 'task').map((t) => [t.service, t.characteristic]);
    expect(uuids).toEqual([
      [PMD_SERVICE, PMD_DATA],
      [PMD_SERVICE, PMD_CONTROL_POINT],
    ]);
  });
});
