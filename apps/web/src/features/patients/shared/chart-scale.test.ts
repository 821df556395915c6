import { describe, expect, it } from 'vitest';
import { linear, niceDomain, niceStep } from './chart-scale';

describe('chart scales', () => {
  it('steps in 1, 2, 2.5 and 5 times a power of ten', () => {
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(56, 4)).toBe(20);
    expect(niceStep(3, 4)).toBe(1);
    expect(niceStep(0.7, 4)).toBe(0.2);
  });

  it('widens the domain to whole steps around every value', () => {
    expect(niceDomain([76, 142])).toEqual({ min: 60, max: 160, ticks: [60, 80, 100, 120, 140, 160] });
    expect(niceDomain([98.6])).toMatchObject({ min: expect.any(Number), max: expect.any(Number) });
    const one = niceDomain([37]);
    expect(one.min).toBeLessThan(37);
    expect(one.max).toBeGreaterThan(37);
    expect(niceDomain([])).toMatchObject({ min: 0, max: 1 });
  });

  it('maps a domain onto pixels, upside down for the y axis', () => {
    const y = linear([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(100)).toBe(0);
    expect(y(25)).toBe(150);
  });
});
