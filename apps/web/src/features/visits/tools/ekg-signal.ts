/**
 * The ekg display's scale and arithmetic. Only a device's samples are ever drawn: a clinical visit
 * never shows a made-up trace (without a device streaming one, the display says so).
 */
export const EKG_WINDOW_SECONDS = 4; // shown across the display
/** Without a batch for this long, the device is no longer streaming (batches come every 250 ms). */
export const EKG_SILENT_MS = 3_000;

/** How many samples fill the display at a device's rate. */
export const ekgWindow = (sampleRate: number) => Math.round(sampleRate * EKG_WINDOW_SECONDS);

/** The y coordinate of a value in millivolts on a display `height` px high showing ±range mV. */
export function ekgY(value: number, height: number, range = 1.5): number {
  const clamped = Math.max(-range, Math.min(range, value));
  return height / 2 - (clamped / range) * (height / 2);
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The R peaks of a trace (mV), as sample indexes: the highest point of each run above half the
 * tallest deflection from the baseline (the median), at least 250 ms apart (no heart beats faster
 * than 240 a minute). None when nothing rises 0.3 mV above the baseline: noise has no beats.
 */
export function rPeaks(samples: readonly number[], sampleRate: number): number[] {
  if (samples.length < 3) return [];
  const baseline = median(samples);
  const tallest = Math.max(...samples.map((v) => v - baseline));
  if (tallest < 0.3) return [];
  const threshold = baseline + tallest / 2;
  const refractory = Math.round(0.25 * sampleRate);
  const peaks: number[] = [];
  for (let i = 1; i < samples.length - 1; i += 1) {
    const v = samples[i] ?? 0;
    if (v < threshold || v < (samples[i - 1] ?? 0) || v <= (samples[i + 1] ?? 0)) continue;
    const last = peaks.at(-1);
    if (last !== undefined && i - last < refractory) {
      if (v > (samples[last] ?? 0)) peaks[peaks.length - 1] = i;
    } else peaks.push(i);
  }
  return peaks;
}

/** Beats per minute from the R peaks of the trace; null until three beats are seen, or if implausible. */
export function heartRate(samples: readonly number[], sampleRate: number): number | null {
  const peaks = rPeaks(samples, sampleRate);
  const first = peaks[0];
  const last = peaks.at(-1);
  if (peaks.length < 3 || first === undefined || last === undefined) return null;
  const bpm = Math.round((60 * (peaks.length - 1) * sampleRate) / (last - first));
  return bpm >= 25 && bpm <= 240 ? bpm : null;
}
