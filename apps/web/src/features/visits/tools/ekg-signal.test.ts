import { describe, expect, it } from 'vitest';
import {
  EKG_SAMPLE_RATE,
  EKG_WINDOW,
  ekgY,
  samplesDue,
  scrollWindow,
  simulatedEkg,
  simulatedSamples,
} from './ekg-signal';

describe('simulated ekg', () => {
  it('beats at the given rate with one tall R peak per beat', () => {
    const samples = simulatedSamples(0, EKG_SAMPLE_RATE * 5, 60); // five seconds at 60 bpm
    const peaks = samples.filter(
      (v, i) => v > 0.8 && v >= (samples[i - 1] ?? -Infinity) && v >= (samples[i + 1] ?? -Infinity),
    );
    expect(peaks).toHaveLength(5);
    expect(Math.max(...samples)).toBeCloseTo(1.2, 1);
  });

  it('repeats every beat and rests near the baseline between waves', () => {
    expect(simulatedEkg(0.1)).toBeCloseTo(simulatedEkg(0.1 + 60 / 72), 6);
    expect(Math.abs(simulatedEkg(0.9 * (60 / 72)))).toBeLessThan(0.05);
  });

  it('scrolls at a fixed rate, whatever the frame rate', () => {
    expect(samplesDue(1000, 0)).toBe(EKG_SAMPLE_RATE);
    expect(samplesDue(1000, 200)).toBe(EKG_SAMPLE_RATE - 200);
    expect(samplesDue(10, 200)).toBe(0);
  });

  it('keeps only the newest window of samples, oldest first', () => {
    const full = Array.from({ length: EKG_WINDOW }, (_, i) => i);
    const next = scrollWindow(full, [-1, -2]);
    expect(next).toHaveLength(EKG_WINDOW);
    expect(next.slice(0, 1)).toEqual([2]);
    expect(next.slice(-2)).toEqual([-1, -2]);
    expect(scrollWindow([], [1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('maps millivolts to the display, clipped at its edges', () => {
    expect(ekgY(0, 120)).toBe(60);
    expect(ekgY(1.5, 120)).toBe(0);
    expect(ekgY(9, 120)).toBe(0);
    expect(ekgY(-9, 120)).toBe(120);
  });
});
