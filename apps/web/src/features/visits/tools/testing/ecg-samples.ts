/**
 * A single-lead ECG as a chest strap sends it (µV, at `sampleRate`): each beat P, QRS and T as
 * Gaussians, `bpm` beats a minute, plus a little noise. For the ekg display's tests.
 */
export function ecgMicrovolts(seconds: number, sampleRate: number, bpm: number, noise = 20): number[] {
  const waves = [
    { at: -0.2, uv: 150, w: 0.025 },
    { at: -0.03, uv: -120, w: 0.01 },
    { at: 0, uv: 1200, w: 0.012 },
    { at: 0.03, uv: -280, w: 0.012 },
    { at: 0.28, uv: 320, w: 0.05 },
  ];
  const interval = 60 / bpm;
  let seed = 7;
  const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  return Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => {
    const t = i / sampleRate;
    const beat = Math.round((t - 0.3) / interval) * interval + 0.3;
    let uv = 0;
    for (const r of [beat - interval, beat, beat + interval])
      for (const { at, uv: height, w } of waves) uv += height * Math.exp(-((t - r - at) ** 2) / (2 * w * w));
    return Math.round(uv + (rand() - 0.5) * noise);
  });
}
