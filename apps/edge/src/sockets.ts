import { resolveActor } from '@opencare/api/auth/auth.service';
import type { Actor } from '@opencare/api/access/actor';
import type { Deps } from '@opencare/api/deps';
import { AppError, parseInput } from '@opencare/api/errors/app-error';
import { toErrorResponse } from '@opencare/api/transport/http-errors';
import { peopleHandshakeSchema, whoamiPayloadSchema, type Ack, type ClientToServerEvents, type ServerToClientEvents } from '@opencare/schemas/socket-events';
import type { Server, Socket } from 'socket.io';

interface SocketData {
  actor: Actor;
}
export type PeopleServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type PeopleSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A failed handler answers with the catalogue, like REST does. */
function failure(error: unknown): Ack<never> {
  const { body } = toErrorResponse(error);
  return { error: body.key, message: body.message, ...(body.errors ? { errors: body.errors } : {}) };
}

export const userRoom = (userId: string) => `user:${userId}`;

/**
 * The people namespace: a handshake must carry a live access token. Connection-state recovery runs
 * this middleware again, so a revoked session cannot resume.
 */
export function attachPeopleNamespace(io: PeopleServer, deps: Deps): void {
  io.use((socket, next) => {
    const handshake = peopleHandshakeSchema.safeParse(socket.handshake.auth);
    const accountId = typeof socket.handshake.auth.accountId === 'string' ? socket.handshake.auth.accountId : undefined;
    if (!handshake.success) return next(Object.assign(new Error('tokenRequired'), { data: failure(new AppError('tokenRequired')) }));
    resolveActor(deps, handshake.data.token, accountId).then(
      (actor) => {
        socket.data.actor = actor;
        next();
      },
      (error: unknown) => {
        const answer = failure(error);
        next(Object.assign(new Error('error' in answer ? answer.error : 'unknown'), { data: answer }));
      },
    );
  });

  io.on('connection', (socket: PeopleSocket) => {
    void socket.join(userRoom(socket.data.actor.userId));
    socket.on('session:whoami', (payload, ack) => {
      if (typeof ack !== 'function') return;
      try {
        parseInput(whoamiPayloadSchema, payload);
        const { userId, accountId, roles } = socket.data.actor;
        ack({ data: { userId, accountId, roles } });
      } catch (error) {
        ack(failure(error));
      }
    });
  });
}
