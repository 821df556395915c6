/*
 * A realistic single-lead ECG for the simulated chest strap: each beat a P wave, a QRS complex and a
 * T wave (sums of Gaussians, the usual synthetic-ECG model), a heart rate around 72 bpm that varies
 * a little from beat to beat, a slow baseline wander (breathing) and a little noise. Microvolts, at
 * the strap's rate; deterministic for a seed, so tests can check its shape.
 */

/** One wave of a beat: where its peak sits from the R peak (s), how high (µV), how wide (s, one sigma). */
interface Wave {
  at: number;
  microvolts: number;
  width: number;
}
const WAVES: readonly Wave[] = [
  { at: -0.2, microvolts: 150, width: 0.025 }, // P
  { at: -0.03, microvolts: -120, width: 0.01 }, // Q
  { at: 0, microvolts: 1200, width: 0.012 }, // R
  { at: 0.03, microvolts: -280, width: 0.012 }, // S
  { at: 0.28, microvolts: 320, width: 0.05 }, // T
];

export interface EcgTraceOptions {
  sampleRate: number;
  /** Mean heart rate; each beat's interval varies by up to ±4 %. */
  bpm?: number;
  seed?: number;
}

export interface EcgTrace {
  /** The next `count` samples, in µV. */
  next(count: number): number[];
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function ecgTrace(options: EcgTraceOptions): EcgTrace {
  const rand = random(options.seed ?? 11);
  const meanInterval = 60 / (options.bpm ?? 72);
  const step = 1 / options.sampleRate;
  let t = 0;
  // The R peaks near now: a wave reaches at most 0.5 s from its beat's R peak.
  const beats: number[] = [0.35];
  const sample = (): number => {
    while ((beats.at(-1) ?? 0) < t + 1) beats.push((beats.at(-1) ?? 0) + meanInterval * (0.96 + rand() * 0.08));
    while ((beats[0] ?? Infinity) < t - 1) beats.shift();
    let microvolts = 0;
    for (const r of beats) {
      for (const wave of WAVES) {
        const d = t - r - wave.at;
        microvolts += wave.microvolts * Math.exp(-(d * d) / (2 * wave.width * wave.width));
      }
    }
    const wander = 40 * Math.sin(2 * Math.PI * 0.25 * t);
    const noise = (rand() - 0.5) * 30;
    t += step;
    return Math.round(microvolts + wander + noise);
  };

  return { next: (count) => Array.from({ length: count }, sample) };
}
