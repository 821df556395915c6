/** How a link to another device is doing, read from WebRTC's statistics (shown as bars). */
export type QualityLevel = 'good' | 'fair' | 'poor';

/** The figures are unknown (null) where the engine measures the link itself (LiveKit). */
export interface LinkQuality {
  level: QualityLevel;
  roundTripMs: number | null;
  lossPercent: number | null;
  kbps: number | null;
}

/** This device's own link (the worst of its links) and the link to each other device. */
export interface CallQuality {
  self: QualityLevel | null;
  devices: Record<string, LinkQuality>;
}

const ORDER: QualityLevel[] = ['good', 'fair', 'poor'];
export const worstOf = (levels: QualityLevel[]): QualityLevel | null =>
  levels.length === 0 ? null : ORDER[Math.max(...levels.map((l) => ORDER.indexOf(l)))]!;

/** The running totals of one peer connection at one moment. */
export interface StatsSample {
  at: number;
  packetsReceived: number;
  packetsLost: number;
  bytes: number;
  /** Loss the other side reports of what this one sends (RTCP), 0–1, the worst stream. */
  remoteLoss: number;
  roundTripMs: number | null;
}

/** Thresholds of the bars: loss and round trip beyond which a call suffers, then breaks up. */
const FAIR = { lossPercent: 3, roundTripMs: 400 };
const POOR = { lossPercent: 10, roundTripMs: 1000 };

/** One entry of a `getStats()` report. */
export type Stat = Record<string, unknown> & { type: string };
const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Sum up a peer connection's `getStats()` report. */
export function sampleOf(report: Iterable<Stat>, at: number): StatsSample {
  const sample: StatsSample = { at, packetsReceived: 0, packetsLost: 0, bytes: 0, remoteLoss: 0, roundTripMs: null };
  for (const stat of report) {
    if (stat.type === 'inbound-rtp') {
      sample.packetsReceived += numberOf(stat.packetsReceived);
      sample.packetsLost += Math.max(0, numberOf(stat.packetsLost));
      sample.bytes += numberOf(stat.bytesReceived);
    } else if (stat.type === 'outbound-rtp') {
      sample.bytes += numberOf(stat.bytesSent);
    } else if (stat.type === 'remote-inbound-rtp') {
      sample.remoteLoss = Math.max(sample.remoteLoss, numberOf(stat.fractionLost));
    } else if (stat.type === 'candidate-pair' && stat.nominated && stat.state === 'succeeded') {
      if (typeof stat.currentRoundTripTime === 'number') sample.roundTripMs = stat.currentRoundTripTime * 1000;
    }
  }
  return sample;
}

/** The link between two samples: loss either way, round trip, and the bitrate both ways together. */
export function linkQuality(previous: StatsSample, current: StatsSample): LinkQuality {
  const received = current.packetsReceived - previous.packetsReceived;
  const lost = Math.max(0, current.packetsLost - previous.packetsLost);
  const inboundLoss = received + lost > 0 ? (lost / (received + lost)) * 100 : 0;
  const lossPercent = Math.round(Math.max(inboundLoss, current.remoteLoss * 100) * 10) / 10;
  const seconds = Math.max(0.001, (current.at - previous.at) / 1000);
  const kbps = Math.round(((current.bytes - previous.bytes) * 8) / 1000 / seconds);
  const roundTripMs = current.roundTripMs === null ? null : Math.round(current.roundTripMs);
  // Nothing at all came in: the link stalled.
  const stalled = received <= 0 && lost <= 0;
  const beyond = (limit: typeof FAIR) => lossPercent >= limit.lossPercent || (roundTripMs ?? 0) >= limit.roundTripMs;
  const level: QualityLevel = stalled || beyond(POOR) ? 'poor' : beyond(FAIR) ? 'fair' : 'good';
  return { level, roundTripMs, lossPercent, kbps };
}

/** LiveKit measures each participant's link itself. */
export function levelOfLivekit(quality: string): QualityLevel | null {
  if (quality === 'excellent') return 'good';
  if (quality === 'good') return 'fair';
  if (quality === 'poor' || quality === 'lost') return 'poor';
  return null;
}
