/**
 * Zoom of the special camera. Cameras that support it zoom optically or in their own firmware
 * (the track's `zoom` constraint, in the camera's own range); others are magnified with CSS, which
 * only enlarges the picture shown here, not what the other side receives.
 */
export interface ZoomRange {
  min: number;
  max: number;
  step: number;
}

/** CSS magnification: 1× to 4× in half steps. */
export const CSS_ZOOM: ZoomRange = { min: 1, max: 4, step: 0.5 };
/** Steps from one end of the range to the other, whatever the camera's own step. */
const STEPS_ACROSS = 8;

/** The next zoom level up (+1) or down (-1), kept in the range. */
export function zoomStep(current: number, direction: 1 | -1, range: ZoomRange = CSS_ZOOM): number {
  const step = Math.max(range.step, (range.max - range.min) / STEPS_ACROSS);
  const next = current + direction * step;
  // Rounded to the range's own step, so repeated clicks never drift (1.5000000001).
  const snapped = range.min + Math.round((next - range.min) / range.step) * range.step;
  return Number(Math.min(range.max, Math.max(range.min, snapped)).toFixed(3));
}

interface ZoomCapability {
  min?: number;
  max?: number;
  step?: number;
}

/** The camera's own zoom range, when its track has one (Chrome on most webcams with PTZ). */
export function trackZoomRange(track: MediaStreamTrack | undefined): ZoomRange | null {
  if (!track || typeof track.getCapabilities !== 'function') return null;
  const zoom = (track.getCapabilities() as { zoom?: ZoomCapability }).zoom;
  if (!zoom || zoom.min === undefined || zoom.max === undefined || zoom.max <= zoom.min) return null;
  return {
    min: zoom.min,
    max: zoom.max,
    step: zoom.step && zoom.step > 0 ? zoom.step : (zoom.max - zoom.min) / 10,
  };
}

/** The track's current zoom, or the bottom of its range. */
export function trackZoom(track: MediaStreamTrack, range: ZoomRange): number {
  const zoom = (track.getSettings() as { zoom?: number }).zoom;
  return typeof zoom === 'number' ? zoom : range.min;
}

export async function applyTrackZoom(track: MediaStreamTrack, zoom: number): Promise<void> {
  // `zoom` is an image-capture constraint not yet in TypeScript's DOM types.
  await track.applyConstraints({ advanced: [{ zoom } as MediaTrackConstraintSet] });
}
