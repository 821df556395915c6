import { DEMO_DEVICES } from '@opencare/api/demo/demo-gateway';
import { describe, expect, it } from 'vitest';
import { SIMULATED_DEVICES } from './simulator';

describe('the demo patient’s devices', () => {
  it('are the simulator’s devices, so `npm start`’s simulated gateway reads every one of them', () => {
    const simulated = SIMULATED_DEVICES.map((d) => [d.address, d.measurement]);
    expect(DEMO_DEVICES.map((d) => [d.address, d.measurement])).toEqual(simulated);
  });
});
