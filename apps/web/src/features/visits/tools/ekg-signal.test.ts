import { describe, expect, it } from 'vitest';
import { EKG_SAMPLE_RATE, EKG_WINDOW, ekgY } from './ekg-signal';

describe('ekg scale', () => {
  it('shows four seconds of samples across the display', () => {
    expect(EKG_WINDOW).toBe(EKG_SAMPLE_RATE * 4);
  });

  it('maps millivolts to the display, clipped at its edges', () => {
    expect(ekgY(0, 120)).toBe(60);
    expect(ekgY(1.5, 120)).toBe(0);
    expect(ekgY(9, 120)).toBe(0);
    expect(ekgY(-9, 120)).toBe(120);
  });
});
