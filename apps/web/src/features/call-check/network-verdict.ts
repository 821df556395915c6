/**
 * The network part of the pre-call check, judged (issue 18): what was measured in, a plain verdict
 * and what to do out. Pure, so the thresholds have unit tests; the measuring is measure-network.ts.
 */

export type Verdict = 'good' | 'fair' | 'poor';

export interface NetworkMeasurements {
  /** The median round trip to the edge; null when no request got through. */
  roundTripMs: number | null;
  /** The kinds of ICE candidates gathered through the configured servers. */
  candidates: { host: boolean; srflx: boolean; relay: boolean };
  /** Which kinds of server the deployment configured (none: LiveKit, or peers on one network). */
  servers: { stun: boolean; turn: boolean };
  /** The upload's estimate; null when it could not be measured. */
  uploadKbps: number | null;
}

/** What one finding says to the person: its catalogue of plain-words keys (settings.callCheck.advice.*). */
export type Advice =
  | 'unreachable'
  | 'blocked'
  | 'relayOnly'
  | 'slowRoundTrip'
  | 'verySlowRoundTrip'
  | 'slowUpload'
  | 'verySlowUpload'
  | 'uploadUnmeasured';

export interface Finding {
  verdict: Verdict;
  advice: Advice | null;
}

export interface NetworkJudgement {
  verdict: Verdict;
  reach: Finding;
  path: Finding;
  upload: Finding;
  /** What to do, worst first, without repeats. */
  advice: Advice[];
}

// Video calls feel live below ~200 ms and lag noticeably past ~500 ms (ITU-T G.114's 150/400 ms one way).
const GOOD_ROUND_TRIP_MS = 200;
const FAIR_ROUND_TRIP_MS = 500;
// One camera at the call's 640×480 needs about 1 Mbit/s up; 300 kbit/s carries voice and a small picture.
const GOOD_UPLOAD_KBPS = 1000;
const FAIR_UPLOAD_KBPS = 300;

const GOOD: Finding = { verdict: 'good', advice: null };
const RANK: Record<Verdict, number> = { good: 0, fair: 1, poor: 2 };

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function judgeReach(roundTripMs: number | null): Finding {
  if (roundTripMs === null) return { verdict: 'poor', advice: 'unreachable' };
  if (roundTripMs < GOOD_ROUND_TRIP_MS) return GOOD;
  if (roundTripMs < FAIR_ROUND_TRIP_MS) return { verdict: 'fair', advice: 'slowRoundTrip' };
  return { verdict: 'poor', advice: 'verySlowRoundTrip' };
}

/**
 * Whether media can find a way: a server-reflexive candidate means the STUN server answered (a
 * direct path can be tried), a relay one that the TURN server will carry the call when no direct
 * path works. Without servers only this device's own addresses can be checked.
 */
function judgePath({ candidates, servers }: NetworkMeasurements): Finding {
  const { host, srflx, relay } = candidates;
  if (!host && !srflx && !relay) return { verdict: 'poor', advice: 'blocked' };
  if (!servers.stun && !servers.turn) return GOOD;
  const direct = servers.stun && srflx;
  if (direct || (!servers.stun && relay)) return GOOD;
  if (relay) return { verdict: 'fair', advice: 'relayOnly' };
  return { verdict: 'poor', advice: 'blocked' };
}

function judgeUpload(kbps: number | null): Finding {
  if (kbps === null) return { verdict: 'fair', advice: 'uploadUnmeasured' };
  if (kbps >= GOOD_UPLOAD_KBPS) return GOOD;
  if (kbps >= FAIR_UPLOAD_KBPS) return { verdict: 'fair', advice: 'slowUpload' };
  return { verdict: 'poor', advice: 'verySlowUpload' };
}

export function judgeNetwork(measured: NetworkMeasurements): NetworkJudgement {
  const reach = judgeReach(measured.roundTripMs);
  // Nothing else can be said of a network that does not reach the clinic.
  if (reach.advice === 'unreachable') {
    return { verdict: 'poor', reach, path: reach, upload: reach, advice: ['unreachable'] };
  }
  const path = judgePath(measured);
  const upload = judgeUpload(measured.uploadKbps);
  const findings = [path, reach, upload].sort((a, b) => RANK[b.verdict] - RANK[a.verdict]);
  const verdict = findings[0]!.verdict;
  const advice = [...new Set(findings.flatMap((f) => (f.advice ? [f.advice] : [])))];
  return { verdict, reach, path, upload, advice };
}
