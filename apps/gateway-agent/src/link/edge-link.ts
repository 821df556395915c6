import { GATEWAY_UPLOAD_MAX, readingOutcomeSchema, type GatewayInfo } from '@opencare/schemas/entities/gateways';
import {
  GATEWAY_HEARTBEAT_MS,
  type EcgSamplesPayload,
  type GatewayClientToServerEvents,
  type GatewayServerToClientEvents,
  type GatewayWork,
} from '@opencare/schemas/gateway-events';
import type { Ack } from '@opencare/schemas/socket-events';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import type { Logger } from '../logger';
import type { DurableQueue } from '../queue/durable-queue';
import type { Wifi } from '../wifi/nmcli';
import { commandHandlers, type Scanner } from './commands';

/*
 * The agent's link to the edge: the `/gateways` Socket.IO namespace, authenticated by the gateway
 * token. It says hello with the gateway's info (and gets its work: devices and profiles), heartbeats,
 * drains the durable queue in capture order and answers the edge's commands.
 */

export type LinkState = 'connecting' | 'online' | 'offline' | 'unauthorized' | 'removed' | 'stopped';

export interface LinkStatus {
  state: LinkState;
  since: string;
  lastUploadAt: string | null;
  /** When the edge last acknowledged a heartbeat. */
  lastHeartbeatAt?: string | null;
  lastError: string | null;
}

export interface EdgeLinkOptions {
  edgeUrl: string;
  token: string;
  info: () => GatewayInfo;
  queue: DurableQueue;
  log: Logger;
  scanner: () => Scanner | null;
  wifi: Wifi;
  onWork?: (work: GatewayWork) => void;
  onRemoved?: () => void;
  onStatus?: (status: LinkStatus) => void;
  heartbeatMs?: number;
  /** How long an upload may wait for its acknowledgement. */
  uploadTimeoutMs?: number;
  /** Reconnect backoff ceiling (Socket.IO doubles from 1 s with ±50 % jitter). */
  maxBackoffMs?: number;
  /** Retry pace while the edge refuses the token (the patient may add the gateway again). */
  unauthorizedRetryMs?: number;
}

export interface EdgeLink {
  status(): LinkStatus;
  work(): GatewayWork | null;
  /** Try to upload now (after readings were queued). */
  drainSoon(): void;
  sendDeviceState(state: { deviceId: string; manufacturer?: string | null; batteryLevel?: number | null }): void;
  /** A batch of live ECG; dropped when the edge is not connected (live only, never queued). */
  sendEcg(batch: EcgSamplesPayload): void;
  stop(): Promise<void>;
}

type GatewaySocket = Socket<GatewayServerToClientEvents, GatewayClientToServerEvents>;

const uploadAckSchema = z.union([
  z.object({ data: z.object({ outcomes: z.array(readingOutcomeSchema) }) }),
  z.object({ error: z.string(), message: z.string().optional() }),
]);

const jitter = (ms: number) => Math.round(ms * (0.75 + Math.random() * 0.5));

export function startEdgeLink(options: EdgeLinkOptions): EdgeLink {
  const { queue, log } = options;
  const startedAt = Date.now();
  let status: LinkStatus = { state: 'connecting', since: new Date().toISOString(), lastUploadAt: null, lastError: null };
  let work: GatewayWork | null = null;
  let stopped = false;
  let draining = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let failures = 0;
  /** Rejects the upload in flight when the connection drops, so its readings are released at once. */
  let abortInFlight: ((reason: Error) => void) | null = null;

  const setStatus = (patch: Partial<LinkStatus>) => {
    const changed = patch.state !== undefined && patch.state !== status.state;
    status = { ...status, ...patch, ...(changed ? { since: new Date().toISOString() } : {}) };
    options.onStatus?.(status);
  };

  const socket: GatewaySocket = io(`${options.edgeUrl}/gateways`, {
    auth: { token: options.token },
    transports: ['websocket'],
    // Exponential backoff with jitter, so gateways of a whole region do not reconnect in step
    // after an edge restart.
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: options.maxBackoffMs ?? 30_000,
    randomizationFactor: 0.5,
    timeout: 20_000,
  });

  const scheduleDrain = (ms: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void drain(), ms);
  };

  async function upload(readings: unknown[]) {
    const timeoutMs = options.uploadTimeoutMs ?? 30_000;
    return new Promise<unknown>((resolve, reject) => {
      abortInFlight = reject;
      socket
        .timeout(timeoutMs)
        .emitWithAck('readings:upload', { readings })
        .then(resolve, (error: unknown) => reject(error instanceof Error ? error : new Error('upload timed out')));
    }).finally(() => {
      abortInFlight = null;
    });
  }

  async function drain() {
    if (draining || stopped || !socket.connected) return;
    draining = true;
    try {
      while (!stopped && socket.connected) {
        const batch = queue.takeBatch(GATEWAY_UPLOAD_MAX);
        if (batch.length === 0) break;
        const ids = batch.map((r) => r.id);
        let answer: z.infer<typeof uploadAckSchema>;
        try {
          const raw = await upload(batch.map((r) => ({ deviceId: r.deviceId, reading: r.reading, ...(r.device ? { device: r.device } : {}) })));
          answer = uploadAckSchema.parse(raw);
        } catch (error) {
          // No answer (timeout, connection lost): it may or may not have landed; send it again later.
          queue.release(ids);
          failures += 1;
          setStatus({ lastError: `upload: ${(error as Error).message}` });
          log.warn({ readings: ids.length, err: (error as Error).message }, 'upload not acknowledged; will retry');
          if (socket.connected && !stopped) scheduleDrain(jitter(Math.min(2_000 * failures, 30_000)));
          break;
        }
        if ('error' in answer) {
          // A batch-level failure (the edge's database down): retry the whole batch, it is idempotent.
          queue.release(ids);
          failures += 1;
          setStatus({ lastError: `upload: ${answer.error}` });
          log.warn({ readings: ids.length, key: answer.error }, 'the edge could not take the batch; will retry');
          if (!stopped) scheduleDrain(jitter(Math.min(2_000 * failures, 30_000)));
          break;
        }
        failures = 0;
        const count = (s: string) => answer.data.outcomes.filter((o) => o.status === s).length;
        // Logged before the queue settles (which may compact the log): an agent killed in between
        // sends the batch again and logs the edge's "duplicate", so no answer goes unlogged.
        log.info({ sent: ids.length, stored: count('stored'), duplicate: count('duplicate'), rejected: count('rejected') }, 'batch acknowledged');
        queue.settle(ids, answer.data.outcomes);
        setStatus({ lastUploadAt: new Date().toISOString(), lastError: null });
      }
    } finally {
      draining = false;
    }
  }

  function sendHeartbeat() {
    const counts = queue.counts();
    socket.timeout(10_000).emit(
      'gateway:heartbeat',
      { queued: counts.queued + counts.sending, rejected: counts.rejected, uptimeS: Math.round((Date.now() - startedAt) / 1000) },
      (error: Error | null, answer?: Ack<{ at: string }>) => {
        if (error || !answer || 'error' in answer) log.debug('heartbeat not acknowledged');
        else setStatus({ lastHeartbeatAt: answer.data.at });
      },
    );
  }

  function hello() {
    socket
      .timeout(20_000)
      .emitWithAck('gateway:hello', { info: options.info() })
      .then((raw: unknown) => {
        const answer = raw as Ack<GatewayWork>;
        if ('error' in answer) throw new Error(`${answer.error}: ${answer.message}`);
        work = answer.data;
        options.onWork?.(answer.data);
        log.info({ gatewayId: answer.data.gatewayId, devices: answer.data.devices.length, profiles: answer.data.profiles.length }, 'hello acknowledged; work received');
      })
      .catch((error: unknown) => {
        log.warn({ err: (error as Error).message }, 'hello not acknowledged; will say it again');
        setTimeout(() => {
          if (socket.connected && !stopped) hello();
        }, jitter(5_000));
      });
  }

  socket.on('connect', () => {
    failures = 0;
    setStatus({ state: 'online', lastError: null });
    log.info('connected to the edge');
    hello();
    clearInterval(heartbeat);
    heartbeat = setInterval(sendHeartbeat, options.heartbeatMs ?? GATEWAY_HEARTBEAT_MS);
    void drain();
  });

  socket.on('disconnect', (reason) => {
    clearInterval(heartbeat);
    abortInFlight?.(new Error('connection lost'));
    if (stopped) return;
    setStatus({ state: 'offline', lastError: reason });
    log.warn({ reason }, 'disconnected from the edge; reconnecting');
    // A disconnect the server decided (e.g. the gateway was removed) does not reconnect by itself.
    if (reason === 'io server disconnect' && status.state !== 'removed') scheduleReconnect(options.unauthorizedRetryMs ?? 60_000);
  });

  socket.on('connect_error', (error) => {
    if (stopped) return;
    if (socket.active) {
      // Network-level failure: Socket.IO keeps retrying with its backoff.
      setStatus({ state: status.state === 'unauthorized' ? 'unauthorized' : 'offline', lastError: error.message });
      log.warn({ err: error.message }, 'cannot reach the edge; retrying');
      return;
    }
    const key = (error as { data?: { error?: unknown } }).data?.error;
    if (typeof key === 'string' && !/token|unauthori[sz]ed|forbidden|notFound/i.test(key)) {
      // The edge could not check the token (its database, say): not the token's fault; retry soon.
      setStatus({ state: 'offline', lastError: key });
      log.warn({ key }, 'the edge could not admit this gateway now; retrying');
      scheduleReconnect(Math.min(2_000 * ++failures, 30_000));
      return;
    }
    // The edge refused the handshake (invalid or revoked token). Not fatal: the patient may add the
    // gateway again, or an operator may pair it again; keep trying, slowly.
    setStatus({ state: 'unauthorized', lastError: typeof key === 'string' ? key : error.message });
    log.error({ err: error.message }, 'the edge refused this gateway token; retrying slowly. If the gateway was removed, run `gateway-agent pair` again');
    scheduleReconnect(options.unauthorizedRetryMs ?? 60_000);
  });

  let reconnectTimer: NodeJS.Timeout | undefined;
  function scheduleReconnect(ms: number) {
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      if (!stopped && !socket.connected) socket.connect();
    }, jitter(ms));
  }

  socket.on('work:changed', (next) => {
    work = next;
    options.onWork?.(next);
    log.info({ devices: next.devices.length, profiles: next.profiles.length }, 'work changed');
  });

  socket.on('gateway:removed', () => {
    log.error('the patient removed this gateway: its token is revoked; stopping. Run `gateway-agent pair` to pair it again');
    setStatus({ state: 'removed' });
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(retryTimer);
    socket.disconnect();
    options.onRemoved?.();
  });

  const handlers = commandHandlers({ scanner: options.scanner, wifi: options.wifi, log });
  socket.on('command:scan', handlers['command:scan']);
  socket.on('command:wifiScan', handlers['command:wifiScan']);
  socket.on('command:wifiConnect', handlers['command:wifiConnect']);

  const unsubscribe = queue.onEnqueued(() => void drain());
  let ecgTroubles = 0;

  return {
    status: () => status,
    work: () => work,
    drainSoon: () => void drain(),
    sendDeviceState(state) {
      if (!socket.connected) return;
      socket.timeout(10_000).emit('device:state', state, (error: Error | null) => {
        if (error) log.debug({ deviceId: state.deviceId }, 'device state not acknowledged');
      });
    },
    sendEcg(batch) {
      // Socket.IO would buffer an emit until reconnected: a late trace is no live trace.
      if (!socket.connected) return;
      socket.timeout(5_000).emit('ecg:samples', batch, (error: Error | null, answer?: unknown) => {
        const refused = !error && typeof answer === 'object' && answer !== null && 'error' in answer ? String(answer.error) : null;
        if (error || refused) {
          if (ecgTroubles++ % 40 === 0) log.warn({ deviceId: batch.deviceId, key: refused ?? 'timeout' }, 'ECG batch not relayed');
        }
      });
    },
    async stop() {
      if (status.state !== 'removed') setStatus({ state: 'stopped' });
      stopped = true;
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      clearTimeout(reconnectTimer);
      abortInFlight?.(new Error('stopping'));
      // Let an upload in flight settle (or be released) before the queue closes.
      for (let i = 0; i < 50 && draining; i++) await new Promise((r) => setTimeout(r, 20));
      socket.disconnect();
    },
  };
}
