import { describe, expect, it } from 'vitest';
import { judgeNetwork, median, type NetworkMeasurements } from './network-verdict';

const healthy: NetworkMeasurements = {
  roundTripMs: 40,
  candidates: { host: true, srflx: true, relay: true },
  servers: { stun: true, turn: true },
  uploadKbps: 4000,
};
const judged = (changes: Partial<NetworkMeasurements>) => judgeNetwork({ ...healthy, ...changes });

describe('the pre-call network verdict', () => {
  it('is good, with nothing to do, on a network that reaches the clinic quickly, finds a direct path and uploads fast', () => {
    expect(judgeNetwork(healthy)).toMatchObject({ verdict: 'good', advice: [] });
  });

  it('is poor, and says to check the connection only, when the clinic cannot be reached', () => {
    const result = judged({ roundTripMs: null, candidates: { host: false, srflx: false, relay: false }, uploadKbps: null });
    expect(result.verdict).toBe('poor');
    expect(result.advice).toEqual(['unreachable']);
  });

  it('says the network may block calls when the STUN and TURN servers give no candidates', () => {
    const result = judged({ candidates: { host: true, srflx: false, relay: false } });
    expect(result.verdict).toBe('poor');
    expect(result.path.advice).toBe('blocked');
  });

  it('is fair when only the relay gets through, and good when a direct path does without a relay', () => {
    expect(judged({ candidates: { host: true, srflx: false, relay: true } })).toMatchObject({ verdict: 'fair', advice: ['relayOnly'] });
    expect(judged({ candidates: { host: true, srflx: true, relay: false } }).verdict).toBe('good');
    expect(judged({ servers: { stun: false, turn: true }, candidates: { host: true, srflx: false, relay: true } }).verdict).toBe('good');
  });

  it('without configured servers judges only that the browser can make candidates at all', () => {
    const none = { servers: { stun: false, turn: false } };
    expect(judged({ ...none, candidates: { host: true, srflx: false, relay: false } }).verdict).toBe('good');
    expect(judged({ ...none, candidates: { host: false, srflx: false, relay: false } })).toMatchObject({ verdict: 'poor', advice: ['blocked'] });
  });

  it('grades the round trip: under 200 ms good, under 500 ms fair, slower poor', () => {
    expect(judged({ roundTripMs: 199 }).verdict).toBe('good');
    expect(judged({ roundTripMs: 200 })).toMatchObject({ verdict: 'fair', advice: ['slowRoundTrip'] });
    expect(judged({ roundTripMs: 500 })).toMatchObject({ verdict: 'poor', advice: ['verySlowRoundTrip'] });
  });

  it('grades the upload: 1 Mbit/s good, 300 kbit/s fair, less poor, unmeasured fair', () => {
    expect(judged({ uploadKbps: 1000 }).verdict).toBe('good');
    expect(judged({ uploadKbps: 999 })).toMatchObject({ verdict: 'fair', advice: ['slowUpload'] });
    expect(judged({ uploadKbps: 299 })).toMatchObject({ verdict: 'poor', advice: ['verySlowUpload'] });
    expect(judged({ uploadKbps: null })).toMatchObject({ verdict: 'fair', advice: ['uploadUnmeasured'] });
  });

  it('takes the worst part for the verdict and lists what to do worst first', () => {
    const result = judged({ roundTripMs: 300, uploadKbps: 100, candidates: { host: true, srflx: false, relay: true } });
    expect(result.verdict).toBe('poor');
    expect(result.advice[0]).toBe('verySlowUpload');
    expect(result.advice).toEqual(expect.arrayContaining(['relayOnly', 'slowRoundTrip']));
    expect(result.advice).toHaveLength(3);
  });

  it('takes the median of the round trips (a first slow request does not count)', () => {
    expect(median([900, 40, 42, 38, 41])).toBe(41);
    expect(median([10, 20])).toBe(15);
    expect(median([])).toBeNull();
  });
});
