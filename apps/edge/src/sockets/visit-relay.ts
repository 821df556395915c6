import type { Deps, RequestMeta } from '@opencare/api/deps';
import { AppError, parseInput } from '@opencare/api/errors/app-error';
import { chatSoFar, sendVisitChat, type ChatSender } from '@opencare/api/visits/visit-chat.service';
import { enterVisitRoomAsGuest, enterVisitRoom, type RoomEntry } from '@opencare/api/visits/visit-room.service';
import { joinVisit } from '@opencare/api/visits/visit-session.service';
import { dropWaitingDevice } from '@opencare/api/visits/visit-waiting-room.service';
import { loggableError } from '@opencare/api/transport/http-errors';
import {
  visitChatPayloadSchema,
  visitEnterPayloadSchema,
  visitExitPayloadSchema,
  visitJoinPayloadSchema,
  visitSignalPayloadSchema,
  type VisitRoomSoFar,
} from '@opencare/schemas/socket-events';
import { countEvent } from './event-window';
import { onClientEvent } from './socket-events';
import { rooms, type PeopleServer, type PeopleSocket } from './socket-types';

/** Simple Peer signals a socket may send per window: a call's setup sends a few dozen. */
export const SIGNAL_LIMIT = { count: 200, windowMs: 10_000 };

/** A guest's token names one visit and one device: the only room they may enter. */
function enterAsGuest(
  deps: Deps,
  socket: PeopleSocket,
  meta: RequestMeta,
  visitId: string,
  deviceId: string,
): Promise<RoomEntry> {
  const guest = socket.data.guest;
  if (!guest || guest.visitId !== visitId || guest.deviceId !== deviceId) throw new AppError('err_forbidden');
  return enterVisitRoomAsGuest(deps, meta, guest);
}

/**
 * The devices already in a visit's room, on every edge: the entering device offers to them at once
 * (they are told it entered, and offer to it where it is their turn). Without an answer from some
 * edge, none: the devices then find each other by greeting (SimplePeerEngine).
 */
async function devicesInRoom(io: PeopleServer, visitId: string): Promise<string[]> {
  try {
    const sockets = await io.in(rooms.visit(visitId)).fetchSockets();
    return [...new Set(sockets.flatMap((s) => (s.data.visits[visitId] ? [s.data.visits[visitId]] : [])))];
  } catch {
    return [];
  }
}

/**
 * The device this socket entered a visit's call with, while it is in the call's room (not in the
 * waiting room, not put out): signals, chat and strokes go out as this device, or not at all.
 */
export function deviceInCall(socket: PeopleSocket, visitId: string): string {
  const deviceId = socket.data.visits[visitId];
  if (!deviceId || !socket.rooms.has(rooms.visit(visitId))) throw new AppError('err_forbidden');
  return deviceId;
}

/** Chat messages a socket may send per window: plenty for people typing, not for a script. */
export const CHAT_LIMIT = { count: 30, windowMs: 10_000 };

/**
 * A visit's room. A device enters after it joined the visit over the API (which applied the
 * joining rules), or joins and enters at once (`visit:join`); from then on it hears the visit's
 * participants and status, and Simple Peer signals addressed to it. The others are told it entered, so an offer to it is not lost.
 *
 * A device not let in yet enters the waiting room instead: it hears its place in line, the visit's
 * status and its admission, and nothing of the call (no participants, signals or chat).
 *
 * Access is checked once, on entering: a device whose place closes (taken over, left, visit ended)
 * is put out of the room on every edge (live-channel.ts), so a signal is relayed, as it is, from a
 * socket still in the room to the room of the device it names, with no database look-up.
 */
export function attachVisitRelay(io: PeopleServer, socket: PeopleSocket, deps: Deps): void {
  onClientEvent(socket, deps, 'visit:enter', async (payload, meta) => {
    const { visitId, deviceId } = parseInput(visitEnterPayloadSchema, payload);
    const { actor } = socket.data;
    const { participants, waiting } = actor
      ? await enterVisitRoom(deps, actor, meta, { visitId, deviceId })
      : await enterAsGuest(deps, socket, meta, visitId, deviceId);
    socket.data.visits = { ...socket.data.visits, [visitId]: deviceId };
    if (waiting) {
      await socket.join([rooms.visitWaiting(visitId), rooms.visitDevice(visitId, deviceId)]);
      return { participants: [], inRoom: [], messages: [], ownMessageIds: [], waiting };
    }
    // Announced before the rest is read: the others offer to it (or answer its offer) while its chat
    // is read. This device listened before it asked to enter.
    await enterCallRoom(socket, visitId, deviceId);
    announceEntry(socket, visitId, deviceId);
    return { participants, ...(await roomSoFar(io, deps, socket, visitId, deviceId)), waiting: null };
  });

  // Join (the `visits.join` operation's service: its rules, access and audit) and, once let in, enter
  // the room, in one round trip. The others hear of this device after it has its answer: it listens
  // for their signals only once it knows how to call.
  onClientEvent(socket, deps, 'visit:join', async (payload, meta) => {
    const { actor } = socket.data;
    // A guest joins with their link (telehealth-invitations), then enters with `visit:enter`.
    if (!actor) throw new AppError('err_forbidden');
    const { visitId, deviceId, takeOver } = parseInput(visitJoinPayloadSchema, payload);
    const session = await joinVisit(deps, actor, meta, visitId, { deviceId, takeOver });
    if (!session.call) return { session, room: null };
    socket.data.visits = { ...socket.data.visits, [visitId]: deviceId };
    await enterCallRoom(socket, visitId, deviceId);
    const room = await roomSoFar(io, deps, socket, visitId, deviceId);
    // After the answer has gone out (answers are sent as the handler's promise settles).
    setImmediate(() => announceEntry(socket, visitId, deviceId));
    return { session, room };
  });

  // A waiting page that goes away and is not back within the grace (a reload is) leaves the line.
  socket.on('disconnecting', () => {
    for (const [visitId, deviceId] of Object.entries(socket.data.visits)) {
      if (!socket.rooms.has(rooms.visitWaiting(visitId))) continue;
      setTimeout(() => {
        void io
          .in(rooms.visitDevice(visitId, deviceId))
          .fetchSockets()
          .then((back) => (back.length === 0 ? dropWaitingDevice(deps, visitId, deviceId) : undefined))
          .catch((error: unknown) => deps.log.warn({ ...loggableError(error) }, 'waiting room clean-up failed'));
      }, deps.config.waitingRoomGraceMs).unref();
    }
  });

  onClientEvent(socket, deps, 'visit:exit', async (payload) => {
    const { visitId } = parseInput(visitExitPayloadSchema, payload);
    const deviceId = socket.data.visits[visitId];
    await socket.leave(rooms.visit(visitId));
    await socket.leave(rooms.visitWaiting(visitId));
    if (deviceId) await socket.leave(rooms.visitDevice(visitId, deviceId));
    const { [visitId]: _left, ...others } = socket.data.visits;
    socket.data.visits = others;
    return { visitId };
  });

  onClientEvent(socket, deps, 'visit:signal', (payload) => {
    countEvent(socket, 'signals', SIGNAL_LIMIT);
    const { visitId, toDeviceId, signal } = parseInput(visitSignalPayloadSchema, payload);
    // Sent as the device this socket entered with, while that device still holds its place.
    const fromDeviceId = deviceInCall(socket, visitId);
    io.to(rooms.visitDevice(visitId, toDeviceId)).emit('visit:signal', {
      visitId,
      fromDeviceId,
      fromAccountId: socket.data.actor?.accountId ?? null,
      signal,
    });
    return Promise.resolve({ sent: true as const });
  });

  onClientEvent(socket, deps, 'visit:chat', async (payload, meta) => {
    countEvent(socket, 'chats', CHAT_LIMIT);
    const { visitId, body } = parseInput(visitChatPayloadSchema, payload);
    // From the device this socket entered with, as that person (or guest), while it is in the call.
    const deviceId = deviceInCall(socket, visitId);
    return sendVisitChat(deps, socket.data.actor, meta, { visitId, deviceId, sender: chatSender(socket), body });
  });
}

/** In the call's room (and out of the waiting room): signals to this device reach it from now on. */
async function enterCallRoom(socket: PeopleSocket, visitId: string, deviceId: string): Promise<void> {
  await socket.join([rooms.visit(visitId), rooms.visitDevice(visitId, deviceId)]);
  await socket.leave(rooms.visitWaiting(visitId));
}

/** The others in the room are told: each offers to it now where it is their turn. */
function announceEntry(socket: PeopleSocket, visitId: string, deviceId: string): void {
  socket.to(rooms.visit(visitId)).emit('visit:entered', { visitId, deviceId });
}

/** What a device entering the room needs: the devices there already, and the chat so far. */
async function roomSoFar(
  io: PeopleServer,
  deps: Deps,
  socket: PeopleSocket,
  visitId: string,
  deviceId: string,
): Promise<VisitRoomSoFar> {
  const [inRoom, chat] = await Promise.all([devicesInRoom(io, visitId), chatSoFar(deps, visitId, chatSender(socket))]);
  return { inRoom: inRoom.filter((id) => id !== deviceId), ...chat };
}

/** Who writes and reads the chat on this socket: the signed-in person, or the guest's invitation. */
function chatSender(socket: PeopleSocket): ChatSender {
  const { actor, guest } = socket.data;
  if (actor) return { accountId: actor.accountId };
  if (guest) return { invitationId: guest.invitationId };
  throw new AppError('err_forbidden');
}
