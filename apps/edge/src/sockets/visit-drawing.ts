import type { Deps } from '@opencare/api/deps';
import { parseInput } from '@opencare/api/errors/app-error';
import { visitDrawPayloadSchema } from '@opencare/schemas/socket-events';
import { countEvent, type EventLimit } from './event-window';
import { onClientEvent } from './socket-events';
import { deviceInCall } from './visit-relay';
import { rooms, type PeopleSocket } from './socket-types';

/** Strokes, undos and clears a socket may send per window: a stroke is sent once, when the pen lifts. */
export const DRAW_LIMIT: EventLimit = { count: 60, windowMs: 10_000 };

/**
 * Drawing over the video, for everyone in the visit: a stroke (or an undo, or a clear) from a
 * device that entered the visit's room goes to the room's other devices as it is. Nothing is
 * stored: the drawing lasts as long as the call.
 */
export function attachVisitDrawing(socket: PeopleSocket, deps: Deps): void {
  onClientEvent(socket, deps, 'visit:draw', (payload) => {
    countEvent(socket, 'draws', DRAW_LIMIT);
    const draw = parseInput(visitDrawPayloadSchema, payload);
    // Only from the room itself: entering it is where the visit's joining rules were applied.
    const fromDeviceId = deviceInCall(socket, draw.visitId);
    socket.to(rooms.visit(draw.visitId)).emit('visit:draw', { ...draw, fromDeviceId });
    return Promise.resolve({ sent: true as const });
  });
}
