import type { Deps, RequestMeta } from '@opencare/api/deps';
import { AppError, parseInput } from '@opencare/api/errors/app-error';
import {
  activeParticipant,
  enterVisitRoomAsGuest,
  enterVisitRoom,
} from '@opencare/api/visits/visit-room.service';
import type { VisitParticipant } from '@opencare/schemas/entities/visits';
import {
  visitEnterPayloadSchema,
  visitExitPayloadSchema,
  visitSignalPayloadSchema,
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
): Promise<VisitParticipant[]> {
  const guest = socket.data.guest;
  if (!guest || guest.visitId !== visitId || guest.deviceId !== deviceId) throw new AppError('err_forbidden');
  return enterVisitRoomAsGuest(deps, meta, guest);
}

/**
 * A visit's room. A device enters after it joined the visit over the API (which applied the
 * joining rules); from then on it hears the visit's participants and status, and Simple Peer
 * signals addressed to it. Signals are relayed as they are, between active participants only.
 */
export function attachVisitRelay(io: PeopleServer, socket: PeopleSocket, deps: Deps): void {
  onClientEvent(socket, deps, 'visit:enter', async (payload, meta) => {
    const { visitId, deviceId } = parseInput(visitEnterPayloadSchema, payload);
    const { actor } = socket.data;
    const participants = actor
      ? await enterVisitRoom(deps, actor, meta, { visitId, deviceId })
      : await enterAsGuest(deps, socket, meta, visitId, deviceId);
    await socket.join([rooms.visit(visitId), rooms.visitDevice(visitId, deviceId)]);
    socket.data.visits = { ...socket.data.visits, [visitId]: deviceId };
    return { participants };
  });

  onClientEvent(socket, deps, 'visit:exit', async (payload) => {
    const { visitId } = parseInput(visitExitPayloadSchema, payload);
    const deviceId = socket.data.visits[visitId];
    await socket.leave(rooms.visit(visitId));
    if (deviceId) await socket.leave(rooms.visitDevice(visitId, deviceId));
    const { [visitId]: _left, ...others } = socket.data.visits;
    socket.data.visits = others;
    return { visitId };
  });

  onClientEvent(socket, deps, 'visit:signal', async (payload) => {
    countEvent(socket, 'signals', SIGNAL_LIMIT);
    const { visitId, toDeviceId, signal } = parseInput(visitSignalPayloadSchema, payload);
    // Sent as the device this socket entered with, while that device still holds its place
    // (a device taken over from another one cannot keep talking to the call).
    const fromDeviceId = socket.data.visits[visitId];
    if (!fromDeviceId) throw new AppError('err_forbidden');
    const [from, to] = await Promise.all([
      activeParticipant(deps, visitId, fromDeviceId),
      activeParticipant(deps, visitId, toDeviceId),
    ]);
    if (!from) throw new AppError('err_forbidden');
    if (!to) throw new AppError('notFound');
    io.to(rooms.visitDevice(visitId, toDeviceId)).emit('visit:signal', {
      visitId,
      fromDeviceId,
      fromAccountId: from.accountId,
      signal,
    });
    return { sent: true as const };
  });
}
