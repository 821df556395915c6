import { describe, expect, it } from 'vitest';
import type { QualityLevel } from '../engines/link-quality';
import { initialWeakNetworkWatch, watchWeakNetwork } from './weak-network';

/** Feed samples in order; the steps taken, one per sample. */
function steps(samples: (QualityLevel | null)[], call = { cameraOn: true, videoPaused: false }) {
  let watch = initialWeakNetworkWatch;
  return samples.map((self) => {
    const result = watchWeakNetwork(watch, self, call);
    watch = result.watch;
    return result.step;
  });
}

describe('weak network', () => {
  it('pauses the camera after two poor samples in a row, not after one', () => {
    expect(steps(['poor', 'good', 'poor', 'fair', 'poor'])).toEqual([null, null, null, null, null]);
    expect(steps(['good', 'poor', 'poor'])).toEqual([null, null, 'pauseVideo']);
  });

  it('does nothing when the camera is already off', () => {
    expect(steps(['poor', 'poor', 'poor'], { cameraOn: false, videoPaused: false })).toEqual([null, null, null]);
  });

  it('offers video again after three good samples in a row once paused', () => {
    const paused = { cameraOn: false, videoPaused: true };
    expect(steps(['good', 'good', 'fair', 'good', 'good', 'good'], paused)).toEqual([null, null, null, null, null, 'recovered']);
  });
});
