/**
 * The ekg display's signal. Until gateway devices deliver a real one (issue 7), the display draws
 * this simulated lead: a normal sinus rhythm built from one Gaussian bump per wave (P, Q, R, S, T).
 * It is labelled "simulated" on screen and must never be mistaken for the patient's.
 */
export const EKG_SAMPLE_RATE = 250; // samples per second, a common ambulatory ECG rate
export const EKG_WINDOW_SECONDS = 4; // shown across the display
export const EKG_WINDOW = EKG_SAMPLE_RATE * EKG_WINDOW_SECONDS;

/** Offset from the R peak (s), amplitude (mV) and width (s) of each wave. */
const WAVES = [
  { offset: -0.2, amplitude: 0.15, width: 0.025 }, // P
  { offset: -0.035, amplitude: -0.12, width: 0.01 }, // Q
  { offset: 0, amplitude: 1.2, width: 0.012 }, // R
  { offset: 0.035, amplitude: -0.25, width: 0.01 }, // S
  { offset: 0.3, amplitude: 0.3, width: 0.05 }, // T
];

/** The simulated lead at time t (seconds), in millivolts. */
export function simulatedEkg(t: number, bpm = 72): number {
  const period = 60 / bpm;
  // Time from the nearest R peak; R sits 0.4 of the way into each beat so P and T fit around it.
  const fromPeak = (((t % period) + period) % period) - 0.4 * period;
  let value = 0;
  for (const wave of WAVES) {
    const d = fromPeak - wave.offset;
    value += wave.amplitude * Math.exp(-(d * d) / (2 * wave.width * wave.width));
  }
  return value;
}

/** `count` samples of the simulated lead from sample number `start`, at the display's rate. */
export function simulatedSamples(start: number, count: number, bpm = 72): number[] {
  return Array.from({ length: count }, (_, i) => simulatedEkg((start + i) / EKG_SAMPLE_RATE, bpm));
}

/** How many samples are due after `elapsedMs`: the display scrolls at a fixed rate, not per frame. */
export function samplesDue(elapsedMs: number, alreadyShown: number): number {
  return Math.max(0, Math.floor((elapsedMs / 1000) * EKG_SAMPLE_RATE) - alreadyShown);
}

/** The window after appending samples: the newest `size` samples, oldest first. */
export function scrollWindow(
  window: readonly number[],
  samples: readonly number[],
  size = EKG_WINDOW,
): number[] {
  const joined = [...window, ...samples];
  return joined.length > size ? joined.slice(joined.length - size) : joined;
}

/** The y coordinate of a value in millivolts on a display `height` px high showing ±range mV. */
export function ekgY(value: number, height: number, range = 1.5): number {
  const clamped = Math.max(-range, Math.min(range, value));
  return height / 2 - (clamped / range) * (height / 2);
}
