import { describe, expect, it } from 'vitest';
import { linkQuality, sampleOf, worstOf, type Stat } from './link-quality';

/** A getStats() report of one connection: audio and video in, video out, the selected pair. */
function report(totals: { received: number; lost: number; bytesIn: number; bytesOut: number; remoteLoss?: number; rtt?: number }): Stat[] {
  return [
    { type: 'inbound-rtp', kind: 'audio', packetsReceived: totals.received / 2, packetsLost: totals.lost / 2, bytesReceived: totals.bytesIn / 2 },
    { type: 'inbound-rtp', kind: 'video', packetsReceived: totals.received / 2, packetsLost: totals.lost / 2, bytesReceived: totals.bytesIn / 2 },
    { type: 'outbound-rtp', kind: 'video', bytesSent: totals.bytesOut },
    { type: 'remote-inbound-rtp', kind: 'video', fractionLost: totals.remoteLoss ?? 0 },
    { type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: (totals.rtt ?? 20) / 1000 },
    { type: 'candidate-pair', nominated: false, state: 'waiting', currentRoundTripTime: 9 },
  ];
}

describe('link quality', () => {
  it('is good on a clean link, with its round trip and bitrate', () => {
    const before = sampleOf(report({ received: 1000, lost: 0, bytesIn: 100_000, bytesOut: 100_000 }), 0);
    const after = sampleOf(report({ received: 1200, lost: 0, bytesIn: 350_000, bytesOut: 350_000, rtt: 35 }), 2000);
    expect(linkQuality(before, after)).toEqual({ level: 'good', roundTripMs: 35, lossPercent: 0, kbps: 2000 });
  });

  it('is fair past 3 % loss or 400 ms, poor past 10 % or 1 s', () => {
    const before = sampleOf(report({ received: 1000, lost: 0, bytesIn: 0, bytesOut: 0 }), 0);
    const lossy = (lost: number) => sampleOf(report({ received: 1000 + 100 - lost, lost, bytesIn: 0, bytesOut: 0 }), 2000);
    expect(linkQuality(before, lossy(2)).level).toBe('good');
    expect(linkQuality(before, lossy(4)).level).toBe('fair');
    expect(linkQuality(before, lossy(12)).level).toBe('poor');
    const slow = (rtt: number) => sampleOf(report({ received: 1100, lost: 0, bytesIn: 0, bytesOut: 0, rtt }), 2000);
    expect(linkQuality(before, slow(500)).level).toBe('fair');
    expect(linkQuality(before, slow(1200)).level).toBe('poor');
  });

  it('counts the loss the other side reports of what this device sends', () => {
    const before = sampleOf(report({ received: 1000, lost: 0, bytesIn: 0, bytesOut: 0 }), 0);
    const after = sampleOf(report({ received: 1100, lost: 0, bytesIn: 0, bytesOut: 0, remoteLoss: 0.3 }), 2000);
    expect(linkQuality(before, after)).toMatchObject({ level: 'poor', lossPercent: 30 });
  });

  it('is poor when nothing came in at all', () => {
    const same = sampleOf(report({ received: 1000, lost: 0, bytesIn: 0, bytesOut: 0 }), 0);
    expect(linkQuality(same, { ...same, at: 2000 }).level).toBe('poor');
  });

  it('takes the worst of several links for the device itself', () => {
    expect(worstOf(['good', 'poor', 'fair'])).toBe('poor');
    expect(worstOf([])).toBeNull();
  });
});
