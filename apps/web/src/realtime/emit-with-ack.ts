import type { Ack, ClientToServerEvents } from '@opencare/schemas/socket-events';
import { ApiError } from '../api/api-error';
import type { PeopleSocket } from './realtime-context';

/** How long a client event waits for the server's acknowledgement. */
export const ACK_TIMEOUT_MS = 10_000;

type ClientEvent = keyof ClientToServerEvents;
export type EventPayload<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];
export type EventResult<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[1] extends (
  result: Ack<infer T>,
) => void
  ? T
  : never;

/**
 * Send a client event and wait for its acknowledgement: resolves with `data`; rejects with an
 * ApiError carrying the catalogue key the server answered (the same errors REST calls raise), or
 * `err_network` when no answer came in time.
 */
export async function emitWithAck<E extends ClientEvent>(
  socket: PeopleSocket,
  event: E,
  payload: EventPayload<E>,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<EventResult<E>> {
  // The timeout flag changes the ack's type (an error first); the answer is still our Ack.
  const timed = socket.timeout(timeoutMs) as unknown as {
    emitWithAck(ev: E, p: EventPayload<E>): Promise<Ack<EventResult<E>>>;
  };
  let answer: Ack<EventResult<E>>;
  try {
    answer = await timed.emitWithAck(event, payload);
  } catch {
    throw ApiError.of('err_network');
  }
  if ('error' in answer) {
    const status = ApiError.of(answer.error).status;
    throw new ApiError(status, answer.error, answer.message, answer.errors ?? []);
  }
  return answer.data;
}
