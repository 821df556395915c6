import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@opencare/schemas/socket-events';
import { io, type Socket } from 'socket.io-client';

/** A client of the people namespace, typed by the shared event maps. */
export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Socket clients for integration tests: each one new (forceNew), over WebSocket, closed by
 * `closeAll`. Reconnection is off unless a delay is given, so a refused handshake stays refused.
 */
export function socketClients() {
  const open: TestSocket[] = [];
  return {
    open(
      url: string,
      auth: Record<string, unknown>,
      options: { reconnectAfterMs?: number } = {},
    ): TestSocket {
      const socket: TestSocket = io(url, {
        auth,
        transports: ['websocket'],
        reconnection: options.reconnectAfterMs !== undefined,
        reconnectionDelay: options.reconnectAfterMs ?? 1000,
        randomizationFactor: 0,
        forceNew: true,
      });
      open.push(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}

/** Resolves once connected; rejects with the handshake's refusal (its `data` is the catalogue answer). */
export function connected(socket: TestSocket): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** How a handshake ended: connected, or refused with the answer in the error's data. */
export function outcome(
  socket: TestSocket,
): Promise<{ connected: true } | { connected: false; data: unknown }> {
  return connected(socket).then(
    () => ({ connected: true }) as const,
    (error: Error & { data?: unknown }) => ({ connected: false, data: error.data }) as const,
  );
}

type ServerEvent = keyof ServerToClientEvents;
type ServerPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

/** The next `event` the socket receives that matches `match`; fails after `timeoutMs`. */
export function nextEvent<E extends ServerEvent>(
  socket: TestSocket,
  event: E,
  match: (payload: ServerPayload<E>) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<ServerPayload<E>> {
  return new Promise((resolve, reject) => {
    const on = socket.on.bind(socket) as (ev: E, fn: (payload: ServerPayload<E>) => void) => void;
    const off = socket.off.bind(socket) as (ev: E, fn: (payload: ServerPayload<E>) => void) => void;
    const timer = setTimeout(() => {
      off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: ServerPayload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      off(event, listener);
      resolve(payload);
    };
    on(event, listener);
  });
}

/** Every `event` the socket receives from now on, collected in the returned array. */
export function collect<E extends ServerEvent>(socket: TestSocket, event: E): ServerPayload<E>[] {
  const seen: ServerPayload<E>[] = [];
  (socket.on.bind(socket) as (ev: E, fn: (payload: ServerPayload<E>) => void) => void)(event, (payload) =>
    seen.push(payload),
  );
  return seen;
}

/** Send a client event and return its acknowledgement as sent (`{ data }` or `{ error, … }`). */
export function ask<E extends keyof ClientToServerEvents>(
  socket: TestSocket,
  event: E,
  payload: unknown,
): Promise<Ack<Parameters<ClientToServerEvents[E]>[1] extends (result: Ack<infer T>) => void ? T : never>> {
  const timed = socket.timeout(10_000) as unknown as { emitWithAck(ev: string, p: unknown): Promise<never> };
  return timed.emitWithAck(event, payload);
}
