import { AppError } from '@opencare/api/errors/app-error';
import type { PeopleSocket, SocketData } from './socket-types';

/** How many events of a kind one socket may send per window. */
export interface EventLimit {
  count: number;
  windowMs: number;
}

/** One more event of this kind from the socket: counted in a fixed window, refused past the limit. */
export function countEvent(
  socket: PeopleSocket,
  kind: 'signals' | 'draws' | 'chats',
  limit: EventLimit,
  now = Date.now(),
): void {
  let window: SocketData['signals'] = socket.data[kind];
  if (now - window.since >= limit.windowMs) window = socket.data[kind] = { since: now, count: 0 };
  window.count += 1;
  if (window.count > limit.count) throw new AppError('rateLimited');
}
