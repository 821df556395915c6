/**
 * The ekg display's scale. Only a device's samples are ever drawn: a clinical visit never shows a
 * made-up trace (without a device streaming one, the display says so).
 */
export const EKG_SAMPLE_RATE = 250; // samples per second, a common ambulatory ECG rate
export const EKG_WINDOW_SECONDS = 4; // shown across the display
export const EKG_WINDOW = EKG_SAMPLE_RATE * EKG_WINDOW_SECONDS;

/** The y coordinate of a value in millivolts on a display `height` px high showing ±range mV. */
export function ekgY(value: number, height: number, range = 1.5): number {
  const clamped = Math.max(-range, Math.min(range, value));
  return height / 2 - (clamped / range) * (height / 2);
}
