import { describe, expect, it } from 'vitest';
import { ecgTrace } from './ecg-trace';

const RATE = 130;

/** R peaks: local maxima above 600 µV, at least 250 ms apart. */
function rPeaks(samples: number[]): number[] {
  const peaks: number[] = [];
  for (let i = 1; i < samples.length - 1; i++) {
    const v = samples[i] ?? 0;
    if (v > 600 && v >= (samples[i - 1] ?? 0) && v > (samples[i + 1] ?? 0)) {
      if (peaks.length === 0 || i - (peaks.at(-1) ?? 0) > 0.25 * RATE) peaks.push(i);
    }
  }
  return peaks;
}

describe('the simulated ECG trace', () => {
  const samples = ecgTrace({ sampleRate: RATE, seed: 3 }).next(RATE * 20);
  const peaks = rPeaks(samples);

  it('beats at a resting heart rate, 60 to 90 bpm, with a little beat-to-beat variation', () => {
    const intervals = peaks.slice(1).map((p, i) => (p - (peaks[i] ?? 0)) / RATE);
    const bpm = 60 / (intervals.reduce((a, b) => a + b, 0) / intervals.length);
    expect(bpm).toBeGreaterThanOrEqual(60);
    expect(bpm).toBeLessThanOrEqual(90);
    expect(Math.max(...intervals) - Math.min(...intervals)).toBeGreaterThan(0.01);
    expect(peaks.length).toBeGreaterThanOrEqual(20);
  });

  it('draws each beat as P, QRS and T: a small bump before the R peak, a dip after it, a wider wave later', () => {
    for (const r of peaks.slice(1, -1)) {
      const at = (seconds: number) => samples[r + Math.round(seconds * RATE)] ?? 0;
      const near = (from: number, to: number) => {
        const window = samples.slice(r + Math.round(from * RATE), r + Math.round(to * RATE) + 1);
        return { max: Math.max(...window), min: Math.min(...window) };
      };
      // The PR segment, between P and Q, is the beat's baseline.
      const baseline = (at(-0.11) + at(-0.09) + at(-0.07)) / 3;
      expect(at(0)).toBeGreaterThan(900); // R
      expect(near(-0.25, -0.15).max - baseline).toBeGreaterThan(60); // P
      expect(near(-0.25, -0.15).max - baseline).toBeLessThan(300);
      expect(near(0.02, 0.06).min).toBeLessThan(baseline - 100); // S
      expect(near(0.2, 0.36).max - baseline).toBeGreaterThan(180); // T
      expect(near(0.2, 0.36).max).toBeLessThan(at(0) / 2);
    }
  });

  it('stays within a surface ECG’s few millivolts, with a little noise', () => {
    expect(Math.max(...samples.map(Math.abs))).toBeLessThan(2000);
    // Two traces of other seeds differ: noise and rate are not a fixed loop.
    expect(ecgTrace({ sampleRate: RATE, seed: 4 }).next(200)).not.toEqual(samples.slice(0, 200));
  });
});
