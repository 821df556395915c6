import type { TimelineEvent } from '@opencare/schemas/entities/patients';
import { useEffect, useRef } from 'react';
import { emitWithAck } from './emit-with-ack';
import { useConnectionState, useSocket, useSocketEvent } from './use-realtime';

interface PatientWatchHandlers {
  /** A new event on this patient's timeline. */
  onEvent: (event: TimelineEvent) => void;
  /**
   * Events may have been missed (reconnected without recovery after a long disconnect, or the
   * server says its live link was down): load again.
   */
  onMissed?: () => void;
}

/**
 * Watch a patient's timeline while mounted: `patient:watch` on every (re)connection, `patient:unwatch`
 * when done. One watcher per patient screen: the server's room is per socket, not per component.
 * Without a socket (signed out, refused) the screen simply shows what it loaded.
 */
export function usePatientWatch(patientId: string, handlers: PatientWatchHandlers): void {
  const socket = useSocket();
  const connection = useConnectionState();
  const latest = useRef(handlers);
  const watched = useRef<string | null>(null);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!socket || connection !== 'connected') return;
    // A recovered connection got what it missed replayed, its rooms too; otherwise the screen catches
    // up once the server has answered the watch: loaded before the room is joined, an event of the
    // moment in between would be in neither.
    const missed = watched.current === patientId && !socket.recovered;
    watched.current = patientId;
    let watching = true;
    const catchUp = () => {
      if (missed && watching) latest.current.onMissed?.();
    };
    emitWithAck(socket, 'patient:watch', { patientId }).then(catchUp, catchUp);
    return () => {
      watching = false;
      if (socket.connected) emitWithAck(socket, 'patient:unwatch', { patientId }).catch(() => undefined);
    };
  }, [socket, connection, patientId]);

  // The server's link to the other edges was down: events of that time may be lost.
  useSocketEvent('live:resync', () => latest.current.onMissed?.());
  useSocketEvent('patient:event', (payload) => {
    if (payload.patientId === patientId) latest.current.onEvent(payload.event);
  });
}
