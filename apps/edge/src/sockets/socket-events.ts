import type { Actor } from '@opencare/api/access/actor';
import type { Deps, RequestMeta } from '@opencare/api/deps';
import { AppError, refuseUnsafeText } from '@opencare/api/errors/app-error';
import { loggableError, toErrorResponse } from '@opencare/api/transport/http-errors';
import { logRefusal } from '@opencare/api/transport/refusals';
import type { Ack, ClientToServerEvents } from '@opencare/schemas/socket-events';
import type { PeopleSocket } from './socket-types';

type ClientEvent = keyof ClientToServerEvents;
type AckData<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[1] extends (
  result: Ack<infer T>,
) => void
  ? T
  : never;

/** A failed handler answers with the catalogue, like REST does (never a stack, never a 5xx message). */
export function failure(error: unknown): Ack<never> {
  const { body } = toErrorResponse(error);
  return { error: body.key, message: body.message, ...(body.errors ? { errors: body.errors } : {}) };
}

/**
 * Listen to a client event. The handler authorises, validates and acts; its result, or its error
 * in the catalogue's words, is the acknowledgement. An event sent without an acknowledgement
 * callback is ignored (every client event must ask for one); nothing a client sends throws out of
 * here, so a malformed payload cannot take the process down. Each event gets its own request meta
 * (the socket's, with a flag of its own), so a refusal is audited once: by the service that refused,
 * or here.
 */
export function onClientEvent<E extends ClientEvent>(
  socket: PeopleSocket,
  deps: Deps,
  event: E,
  handle: (payload: unknown, meta: RequestMeta) => Promise<AckData<E>>,
): void {
  const listener = async (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const reply = ack as (answer: Ack<AckData<E>>) => void;
    const meta: RequestMeta = { ...socket.data.meta, denialAudited: false };
    try {
      // The namespace's one text check, before any handler or schema reads the payload.
      refuseUnsafeText(payload);
      reply({ data: await handle(payload, meta) });
    } catch (error) {
      const answer = failure(error);
      if (!(error instanceof AppError) || error.status >= 500)
        deps.log.error({ event, ...loggableError(error) }, 'socket event failed');
      else if (error.status === 403) await refusalLogged(deps, socket, meta, event);
      reply(answer);
    }
  };
  const running = eventsUnderWay(socket.nsp);
  // Socket.IO's typed `on` cannot follow a generic event name; the listener takes (payload, ack).
  (socket.on as (ev: string, fn: (payload: unknown, ack: unknown) => void) => void)(event, (payload, ack) => {
    const work = listener(payload, ack);
    running.add(work);
    void work.finally(() => running.delete(work));
  });
}

/** The audit of a refusal; if it cannot be written (the database is gone), the failure is logged. */
async function refusalLogged(deps: Deps, socket: PeopleSocket, meta: RequestMeta, event: string): Promise<void> {
  try {
    await logRefusal(deps, { actor: socket.data.actor ?? null }, meta, `socket ${event}`);
  } catch (error) {
    deps.log.error({ event, ...loggableError(error) }, 'socket refusal not audited');
  }
}

/** The client events each namespace is handling now (handlers never reject: see onClientEvent). */
const underWay = new WeakMap<object, Set<Promise<void>>>();
function eventsUnderWay(namespace: object): Set<Promise<void>> {
  let running = underWay.get(namespace);
  if (!running) underWay.set(namespace, (running = new Set()));
  return running;
}

/** Resolves once the namespace's client events under way are answered (the edge closes its database after). */
export async function drainClientEvents(namespace: object): Promise<void> {
  const running = eventsUnderWay(namespace);
  while (running.size > 0) await Promise.all([...running]);
}

/** The signed-in person of a socket: guests may only use a visit's room. */
export function personOf(socket: PeopleSocket): Actor {
  if (!socket.data.actor) throw new AppError('err_forbidden');
  return socket.data.actor;
}
