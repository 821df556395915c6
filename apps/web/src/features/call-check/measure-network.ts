import { callCheckUploadSchema, type CallCheck } from '@opencare/schemas/entities/call-check';
import { ApiError } from '../../api/api-error';
import { sessionClient } from '../../api/session-client';
import { trpcClient } from '../../api/trpc';
import { sessionStore } from '../../session/session-store';
import { median, type NetworkMeasurements } from './network-verdict';

const PINGS = 5;
const PING_TIMEOUT_MS = 3000;
const GATHER_TIMEOUT_MS = 6000;
// A small upload first; only a fast line gets the full one (a slow line would wait half a minute).
const FIRST_UPLOAD_BYTES = 150_000;
const FULL_UPLOAD_AFTER_MS = 1000;

/** Who runs the check: a guest names their link's key; a signed-in person their session. */
export interface CheckCaller {
  guestKey?: string;
}

/** The edge's answers to a few small requests: the median is the round trip (a cold first one does not skew it). */
async function roundTrip(signal: AbortSignal): Promise<number | null> {
  const times: number[] = [];
  for (let i = 0; i < PINGS && !signal.aborted; i += 1) {
    // One controller per request, stopped by the check's signal or its own timeout (AbortSignal.any is too new for older Safari).
    const request = new AbortController();
    const stop = () => request.abort();
    signal.addEventListener('abort', stop, { once: true });
    const timer = setTimeout(stop, PING_TIMEOUT_MS);
    const started = performance.now();
    try {
      const answer = await fetch('/healthz', { cache: 'no-store', signal: request.signal });
      if (answer.ok) times.push(performance.now() - started);
    } catch {
      // A lost request counts as no answer.
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }
  }
  return median(times);
}

function candidateType(candidate: RTCIceCandidate): string | null {
  return candidate.type ?? / typ (\w+)/.exec(candidate.candidate)?.[1] ?? null;
}

/** ICE candidates gathered through the configured servers, by kind (no call is made: gathering only). */
async function gatherCandidates(iceServers: RTCIceServer[], signal: AbortSignal): Promise<NetworkMeasurements['candidates']> {
  const found = { host: false, srflx: false, relay: false };
  if (typeof RTCPeerConnection === 'undefined') return found;
  const connection = new RTCPeerConnection({ iceServers });
  try {
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
      signal.addEventListener('abort', () => resolve(), { once: true });
      connection.addEventListener('icecandidate', (event) => {
        if (!event.candidate) {
          clearTimeout(timer);
          resolve();
          return;
        }
        const type = candidateType(event.candidate);
        if (type === 'host' || type === 'srflx' || type === 'relay') found[type] = true;
      });
    });
    connection.createDataChannel('check');
    await connection.setLocalDescription(await connection.createOffer());
    await done;
  } catch {
    // A browser that refuses the servers (a malformed URL) has found what it found.
  } finally {
    connection.close();
  }
  return found;
}

/** The upload's POST, with the session's token (once more after a refresh) or the guest's key. */
async function upload(bytes: number, caller: CheckCaller, signal: AbortSignal): Promise<number> {
  const query = caller.guestKey ? `?key=${encodeURIComponent(caller.guestKey)}` : '';
  const send = (token: string | null) =>
    fetch(`/api/v1/call-check/upload${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: new Uint8Array(bytes),
      cache: 'no-store',
      signal,
    });
  const token = caller.guestKey ? null : sessionStore.accessToken.get();
  let answer = await send(token);
  if (answer.status === 401 && token) answer = await send(await sessionClient.tokenAfter401(token));
  const parsed = callCheckUploadSchema.safeParse(((await answer.json().catch(() => null)) as { data?: unknown } | null)?.data);
  if (!answer.ok || !parsed.success) throw ApiError.of('unknown', answer.status);
  return parsed.data.bytes;
}

/** The upstream estimate in kbit/s: the time of an upload, less one round trip for the answer. */
async function uploadKbps(cap: number, roundTripMs: number, caller: CheckCaller, signal: AbortSignal): Promise<number | null> {
  try {
    let bytes = Math.min(FIRST_UPLOAD_BYTES, cap);
    let started = performance.now();
    let received = await upload(bytes, caller, signal);
    let elapsed = performance.now() - started;
    if (elapsed < FULL_UPLOAD_AFTER_MS && cap > bytes) {
      bytes = cap;
      started = performance.now();
      received = await upload(bytes, caller, signal);
      elapsed = performance.now() - started;
    }
    return (received * 8) / Math.max(1, elapsed - roundTripMs);
  } catch {
    return null;
  }
}

function serverKinds(iceServers: CallCheck['iceServers']): NetworkMeasurements['servers'] {
  const urls = iceServers.flatMap((server) => [server.urls].flat());
  return { stun: urls.some((url) => /^stuns?:/i.test(url)), turn: urls.some((url) => /^turns?:/i.test(url)) };
}

/**
 * Measure this device's network against the clinic's server, as the pre-call check shows it.
 * `signal` stops it (the person joined or left): a check must not compete with the call for the line.
 */
export async function measureNetwork(caller: CheckCaller, signal: AbortSignal): Promise<NetworkMeasurements> {
  const roundTripMs = await roundTrip(signal);
  if (roundTripMs === null) {
    return { roundTripMs, candidates: { host: false, srflx: false, relay: false }, servers: { stun: false, turn: false }, uploadKbps: null };
  }
  const check = await trpcClient.callCheck.servers.query(caller.guestKey ? { key: caller.guestKey } : {}, { signal });
  const candidates = await gatherCandidates(check.iceServers, signal);
  return {
    roundTripMs,
    candidates,
    servers: serverKinds(check.iceServers),
    uploadKbps: signal.aborted ? null : await uploadKbps(check.uploadMaxBytes, roundTripMs, caller, signal),
  };
}
