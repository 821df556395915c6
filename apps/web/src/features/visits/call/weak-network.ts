import type { QualityLevel } from '../engines/link-quality';

/** How often the call reads its links' quality. */
export const QUALITY_EVERY_MS = 2000;
/** Poor samples in a row before the camera pauses (4 s), good ones before video is offered again (6 s). */
const POOR_IN_ROW = 2;
const GOOD_IN_ROW = 3;

export interface WeakNetworkWatch {
  poorInRow: number;
  goodInRow: number;
}

export const initialWeakNetworkWatch: WeakNetworkWatch = { poorInRow: 0, goodInRow: 0 };

/**
 * One sample of this device's own link: on a link poor for a while the camera pauses (audio goes
 * on), and once it has been good for a while video is offered again. A fair link changes nothing.
 */
export function watchWeakNetwork(
  watch: WeakNetworkWatch,
  self: QualityLevel | null,
  call: { cameraOn: boolean; videoPaused: boolean },
): { watch: WeakNetworkWatch; step: 'pauseVideo' | 'recovered' | null } {
  const next = {
    poorInRow: self === 'poor' ? watch.poorInRow + 1 : 0,
    goodInRow: self === 'good' ? watch.goodInRow + 1 : 0,
  };
  if (call.cameraOn && next.poorInRow >= POOR_IN_ROW) return { watch: next, step: 'pauseVideo' };
  if (call.videoPaused && next.goodInRow >= GOOD_IN_ROW) return { watch: next, step: 'recovered' };
  return { watch: next, step: null };
}
