import { gatewayTokenResultSchema, type GatewayInfo, type GatewayTokenResult } from '@opencare/schemas/entities/gateways';
import type { Logger } from '../logger';

/*
 * Polls the edge's request-token endpoint until a patient has added this gateway. The first call
 * registers the MAC as pending; each later one refreshes its info and, once the MAC is assigned,
 * collects the token. Waits grow like the spec §9 retry helper (2 s times the attempt), capped.
 */

export class PairingError extends Error {}

export interface PollOptions {
  edgeUrl: string;
  mac: string;
  pairingCode: string;
  info: GatewayInfo;
  log: Logger;
  /** Stop waiting (SIGINT). */
  signal?: AbortSignal;
  /** Called once, when the edge first answers "pending". */
  onPending?: (gatewayId: string) => void;
  /** Wait before attempt n (1-based); default 2 s × n, at most 30 s after errors, 10 s while pending. */
  delayMs?: (attempt: number, pending: boolean) => number;
}

// While pending, someone may be adding the gateway right now: ask at least every 10 s so pairing
// feels immediate; after errors back off further, the edge may be struggling.
const defaultDelay = (attempt: number, pending: boolean) => Math.min(2_000 * attempt, pending ? 10_000 : 30_000);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new PairingError('Pairing was stopped.'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new PairingError('Pairing was stopped.'));
    }, { once: true });
  });

/** One request; `{ retry }` when the edge could not be reached or said to come back later. */
export async function requestToken(options: Omit<PollOptions, 'log' | 'onPending' | 'delayMs'>): Promise<GatewayTokenResult | { retry: string }> {
  let response: Response;
  try {
    response = await fetch(`${options.edgeUrl}/api/v1/patients/gateways/request-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mac: options.mac, pairingCode: options.pairingCode, info: options.info }),
      // A hung edge must not hang pairing: each request gives up after 15 s and is tried again.
      signal: options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
    });
  } catch (error) {
    return { retry: `edge not reachable (${(error as Error).message})` };
  }
  const body = (await response.json().catch(() => null)) as { data?: unknown; key?: string; message?: string } | null;
  if (response.status === 200) {
    const result = gatewayTokenResultSchema.safeParse(body?.data);
    if (result.success) return result.data;
    throw new PairingError('The edge answered something this agent does not understand. Is --edge the right address?');
  }
  if (response.status === 403) {
    // The edge says no more than this, whatever the reason (it tells a prober nothing).
    throw new PairingError(
      'The edge refused this pairing code for this MAC: it is registered with another code ' +
        '(was the data directory reset?) or assigned to a patient. If the gateway is assigned, ask the ' +
        'patient to remove it, or restore the data directory; a registration nobody added is freed ' +
        '24 hours after its agent last asked, then pair again.',
    );
  }
  if (response.status === 400) {
    throw new PairingError(`The edge refused the request: ${body?.message ?? 'invalid request'}`);
  }
  // 404 (an edge without gateways yet), 429 (rate limit), 5xx: come back later.
  return { retry: `edge answered ${response.status}${body?.key ? ` ${body.key}` : ''}` };
}

/** Polls until paired; returns the token. Throws PairingError for answers that waiting cannot fix. */
export async function pollForToken(options: PollOptions): Promise<{ gatewayId: string; token: string }> {
  const delay = options.delayMs ?? defaultDelay;
  let pendingSaid = false;
  let waiting = 0;
  for (;;) {
    const result = await requestToken(options);
    const pending = !('retry' in result) && result.status === 'pending';
    if ('retry' in result) {
      waiting += 1;
      options.log.warn({ reason: result.retry, attempt: waiting }, 'pairing: will try again');
    } else if (result.status === 'paired') {
      return { gatewayId: result.gatewayId, token: result.token };
    } else {
      waiting = pendingSaid ? waiting + 1 : 1;
      if (!pendingSaid) options.onPending?.(result.gatewayId);
      pendingSaid = true;
    }
    await sleep(delay(Math.max(1, waiting), pending), options.signal);
  }
}
