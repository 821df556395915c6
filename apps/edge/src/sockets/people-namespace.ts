import { assertSessionLive, endIdleSessions, resolveActor } from '@opencare/api/auth/auth.service';
import type { Deps } from '@opencare/api/deps';
import { AppError, parseInput, refuseUnsafeText } from '@opencare/api/errors/app-error';
import { hasRouteRole } from '@opencare/api/access/access';
import { seesPresence } from '@opencare/api/presence/presence.service';
import { verifyGuestToken } from '@opencare/api/telehealth-invitations/guest-token';
import { assertGuestLinkLive } from '@opencare/api/telehealth-invitations/telehealth-invitations.service';
import {
  guestHandshakeSchema,
  peopleHandshakeSchema,
  whoamiPayloadSchema,
} from '@opencare/schemas/socket-events';
import { attachPatientWatch } from './patient-watch';
import { presenceTracker } from './presence';
import { drainClientEvents, failure, onClientEvent, personOf } from './socket-events';
import { rooms, type PeopleServer, type PeopleSocket, type SocketData } from './socket-types';
import { attachVisitDrawing } from './visit-drawing';
import { attachVisitRelay } from './visit-relay';
import { startPeriodic, type StopPeriodic } from '../periodic';

/** Who a handshake names: a person by their access token, or a visit guest by their guest token. */
async function identify(
  deps: Deps,
  auth: Record<string, unknown>,
): Promise<Pick<SocketData, 'actor' | 'guest'>> {
  const guest = guestHandshakeSchema.safeParse(auth);
  if (guest.success) {
    const claims = await verifyGuestToken(deps.config, guest.data.guestToken);
    // The token outlives a revocation by up to its 15 minutes: the link itself must still be valid.
    await assertGuestLinkLive(deps, claims.invitationId);
    return { actor: null, guest: claims };
  }
  const person = peopleHandshakeSchema.safeParse(auth);
  if (!person.success) throw new AppError('tokenRequired');
  const accountId = typeof auth.accountId === 'string' ? auth.accountId : undefined;
  return { actor: await resolveActor(deps, person.data.token, accountId), guest: null };
}

/**
 * The people namespace: a handshake must carry a live access token (or a visit guest's token).
 * Connection-state recovery runs this middleware again, so a revoked session cannot resume; a
 * refusal's `data` is the catalogue answer (`tokenExpired` tells the client to refresh and retry).
 */
export function attachPeopleNamespace(io: PeopleServer, deps: Deps) {
  const presence = presenceTracker(io, deps);

  io.use((socket, next) => {
    Promise.resolve()
      .then(() => {
        refuseUnsafeText(socket.handshake.auth);
        return identify(deps, socket.handshake.auth);
      })
      .then(
      (identity) => {
        // A recovered socket keeps the visits it entered (restored with its rooms).
        socket.data = {
          ...identity,
          visits: socket.data.visits ?? {},
          meta: {
            ip: socket.handshake.address,
            requestId: socket.id,
            userAgent: socket.handshake.headers['user-agent'],
          },
          signals: { since: Date.now(), count: 0 },
          chats: { since: Date.now(), count: 0 },
          draws: { since: Date.now(), count: 0 },
        };
        next();
      },
      (error: unknown) => {
        const answer = failure(error);
        next(Object.assign(new Error('error' in answer ? answer.error : 'unknown'), { data: answer }));
      },
    );
  });

  io.on('connection', (socket: PeopleSocket) => {
    const actor = socket.data.actor;
    if (socket.data.guest) void socket.join(rooms.guest(socket.data.guest.invitationId));
    if (actor) {
      const own = [rooms.user(actor.userId), rooms.account(actor.accountId), rooms.session(actor.sessionId)];
      const staff = seesPresence(actor) ? [rooms.staff(actor.organisationId)] : [];
      // Alerts are for the clinicians of the organisation (alerts.service.ts), not its admins.
      const clinicians = hasRouteRole(actor, 'clinician') ? [rooms.clinicians(actor.organisationId)] : [];
      void socket.join([...own, ...staff, ...clinicians]);
      presence.follow(socket); // after the join: it counts the account's sockets in its room
      // Each event asks whether the session still lives: one signed out, revoked or idle past the
      // organisation's timeout gets its event refused (and the socket closed) rather than handled.
      // Events that arrive while the question is being asked share its answer: a call's set-up
      // sends its ICE candidates in bursts of a dozen, and one read each, queued on the embedded
      // database, held the answer to the offer back by 100–300 ms (issue 18, call set-up). The
      // answer is never older than the read itself.
      // A call's signals are not asked about (SESSION_CHECK_EXEMPT).
      let asking: Promise<void> | null = null;
      socket.use((packet, next) => {
        if (SESSION_CHECK_EXEMPT.has(packet[0])) {
          next();
          return;
        }
        asking ??= assertSessionLive(deps, actor.sessionId).finally(() => {
          asking = null;
        });
        asking.then(
          () => next(),
          (error: unknown) => {
            const ack: unknown = packet[packet.length - 1];
            if (typeof ack === 'function') (ack as (answer: unknown) => void)(failure(error));
          },
        );
      });
    }

    onClientEvent(socket, deps, 'session:whoami', (payload) => {
      const { userId, accountId, roles } = personOf(socket);
      parseInput(whoamiPayloadSchema, payload);
      return Promise.resolve({ userId, accountId, roles });
    });
    attachPatientWatch(socket, deps);
    attachVisitRelay(io, socket, deps);
    attachVisitDrawing(socket, deps);
  });

  return {
    /** Wait for the client events and presence writes under way (the edge closes its database after). */
    async drain(): Promise<void> {
      await drainClientEvents(io.of('/'));
      await presence.drain();
    },
  };
}

/**
 * Relayed without asking the database whether the session lives (issue 18, call set-up: the read
 * queued behind the join's writes and held the offer back). A signal carries connection data
 * between two devices already in a call, no patient data; the device entered the room with a live
 * session and the visit's access check (visit:join, visit:enter), and a session that ends is told
 * to its sockets, which close at once on every edge (sessionsEnded, and the sweep each minute).
 */
const SESSION_CHECK_EXEMPT = new Set<string>(['visit:signal']);

/** The sessions of this edge's open sockets that have ended are closed (see endIdleSessions). */
export function sweepIdleSessions(io: PeopleServer, deps: Deps): Promise<void> {
  const sessionIds = new Set<string>();
  for (const socket of io.of('/').sockets.values()) if (socket.data.actor) sessionIds.add(socket.data.actor.sessionId);
  return endIdleSessions(deps, sessionIds);
}

/** Every minute, like the gateway sweep: never keeps the process alive; a failed round waits for the next. */
export function startSessionSweep(io: PeopleServer, deps: Deps, everyMs = 60_000): StopPeriodic {
  return startPeriodic(deps, everyMs, 'session sweep failed', () => sweepIdleSessions(io, deps));
}
