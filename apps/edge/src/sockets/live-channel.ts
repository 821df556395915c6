import type { LiveChannel } from '@opencare/api/live/live-channel';
import { rooms, type PeopleServer } from './socket-types';

/**
 * The domain's LiveChannel over Socket.IO. The deps (and so the services) exist before the
 * Socket.IO server does; until `attach` there is nobody to tell, and events are only stored. With
 * the Redis adapter, `io.to(room)` reaches the sockets of that room on every edge.
 */
export function socketLiveChannel(): { channel: LiveChannel; resync(): void; attach(io: PeopleServer): void } {
  let io: PeopleServer | null = null;
  const channel: LiveChannel = {
    patientEvent({ patientId, event }) {
      io?.to(rooms.patient(patientId)).emit('patient:event', { patientId, event });
    },
    presence({ organisationId, accountId, isOnline, lastSeen }) {
      io?.to([rooms.staff(organisationId), rooms.account(accountId)]).emit('presence:changed', {
        accountId,
        isOnline,
        lastSeen,
      });
    },
    visit(event) {
      if (!io) return;
      switch (event.kind) {
        case 'participants':
          io.to(rooms.visit(event.visitId)).emit('visit:participants', {
            visitId: event.visitId,
            participants: event.participants,
          });
          return;
        case 'status': {
          const { visitId, status, startedAt, endedAt } = event;
          io.to([rooms.visit(visitId), rooms.visitWaiting(visitId)]).emit('visit:status', { visitId, status, startedAt, endedAt });
          return;
        }
        case 'takenOver': {
          // The device that lost its place leaves the visit's rooms on every edge, then is told (so
          // nothing it sends once told is relayed), then leaves its own room.
          const device = rooms.visitDevice(event.visitId, event.deviceId);
          closePlacesHere(io, event.visitId, [device]);
          io.in(device).socketsLeave([rooms.visit(event.visitId), rooms.visitWaiting(event.visitId)]);
          io.to(device).emit('visit:takenOver', { visitId: event.visitId, deviceId: event.deviceId });
          io.in(device).socketsLeave(device);
          return;
        }
        case 'left': {
          // A device without a place hears and sends nothing of the visit (the relay trusts the room).
          const devices = event.deviceIds.map((id) => rooms.visitDevice(event.visitId, id));
          if (devices.length > 0) {
            closePlacesHere(io, event.visitId, devices);
            io.in(devices).socketsLeave([rooms.visit(event.visitId), rooms.visitWaiting(event.visitId), ...devices]);
          }
          return;
        }
        case 'chatMessage':
          io.to(rooms.visit(event.visitId)).emit('visit:chatMessage', event.message);
          return;
        case 'knock':
          io.to(rooms.account(event.providerAccountId)).emit('visit:knock', event.visit);
          return;
        case 'admitted':
          // Each device let in is told; it joins again and enters the call's room (visit-relay.ts).
          for (const deviceId of event.deviceIds) {
            const device = rooms.visitDevice(event.visitId, deviceId);
            io.in(device).socketsLeave(rooms.visitWaiting(event.visitId));
            io.to(device).emit('visit:admitted', { visitId: event.visitId, deviceId });
          }
          return;
        case 'waiting': {
          const { visitId, place, runningLateMinutes } = event;
          io.to(rooms.visitWaiting(visitId)).emit('visit:waiting', { visitId, place, runningLateMinutes });
          return;
        }
      }
    },
    sessionsEnded(sessionIds, reason) {
      if (sessionIds.length > 0) revoke(sessionIds.map(rooms.session), reason);
    },
    accountDisabled(accountId) {
      revoke([rooms.account(accountId)], 'accountDisabled');
    },
    guestRevoked(invitationId) {
      revoke([rooms.guest(invitationId)], 'invitationRevoked');
    },
    gatewayStatus({ patientId, gatewayId, status, lastSeenAt }) {
      // The patient's own screens (their account room) and every screen watching the patient.
      io?.to([rooms.account(patientId), rooms.patient(patientId)]).emit('gateway:status', { patientId, gatewayId, status, lastSeenAt });
    },
    alert({ organisationId, alertId, patientId, kind, escalation }) {
      io?.to(rooms.clinicians(organisationId)).emit('alert:changed', { alertId, patientId, kind });
      if (escalation && escalation.notified.length > 0) {
        io?.to(escalation.notified.map(rooms.account)).emit('alert:escalated', { alertId, patientId, step: escalation.step });
      }
    },
  };
  /** Tell the sockets, then close them (on every edge); a server-side close is not retried. */
  const revoke = (targets: string[], reason: string) => {
    io?.to(targets).emit('session:revoked', { reason });
    io?.in(targets).disconnectSockets(true);
  };
  return {
    channel,
    /**
     * Tell the screens that live events may have been lost, and they load again: on every edge,
     * through the adapter. This edge's Redis connection is back after a loss; meanwhile its own
     * screens missed the other edges' events, and the other edges' screens missed what this edge
     * could not publish (a network partition leaves Redis and the other edges up). After a Redis
     * restart every edge says so: a screen then loads again once per edge.
     */
    resync() {
      io?.emit('live:resync');
    },
    attach(server) {
      io = server;
    },
  };
}

/**
 * This edge's sockets of these devices stop speaking for them in the visit at once. Leaving the
 * rooms goes through the adapter, and with Redis even this edge's sockets leave only once Redis has
 * it, after the events sent before it; the relay would meanwhile pass a signal from a device whose
 * place has closed, after the API has answered that it closed.
 */
function closePlacesHere(io: PeopleServer, visitId: string, deviceRooms: string[]): void {
  for (const room of deviceRooms) {
    for (const socketId of io.sockets.adapter.rooms.get(room) ?? []) {
      const socket = io.sockets.sockets.get(socketId);
      if (!socket) continue;
      const { [visitId]: _closed, ...others } = socket.data.visits;
      socket.data.visits = others;
    }
  }
}
