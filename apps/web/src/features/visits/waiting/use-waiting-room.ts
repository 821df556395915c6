import type { VisitWaiting } from '@opencare/schemas/entities/visits';
import { useEffect, useRef, useState } from 'react';
import { emitWithAck } from '../../../realtime/emit-with-ack';
import type { PeopleSocket } from '../../../realtime/realtime-context';

/** How waiting ends, other than being let in. */
export type WaitingEnd = 'ended' | 'takenOver' | 'removed';

/**
 * This device in a visit's waiting room: it enters the room over the socket (again after a
 * reconnect), hears its place in line and the provider's delay as they change, and is told when it
 * is let in (`onAdmitted`: join again, and the call starts) or when waiting is over otherwise.
 */
export function useWaitingRoom(options: {
  socket: PeopleSocket | null;
  visitId: string;
  deviceId: string;
  initial: VisitWaiting;
  onAdmitted: () => void;
}): { waiting: VisitWaiting; ended: WaitingEnd | null } {
  const { socket, visitId, deviceId } = options;
  const [waiting, setWaiting] = useState(options.initial);
  const [ended, setEnded] = useState<WaitingEnd | null>(null);
  const admitted = useRef(options.onAdmitted);
  admitted.current = options.onAdmitted;

  useEffect(() => {
    if (!socket) return;
    // Let in between joining and entering: the answer says so (no place), and the call starts.
    const enter = () =>
      void emitWithAck(socket, 'visit:enter', { visitId, deviceId })
        .then((entry) => (entry.waiting ? setWaiting(entry.waiting) : admitted.current()))
        .catch(() => undefined);
    const onWaiting = ({ visitId: id, place, runningLateMinutes }: { visitId: string } & VisitWaiting) => {
      if (id === visitId) setWaiting({ place, runningLateMinutes });
    };
    const onAdmitted = (p: { visitId: string; deviceId: string }) => {
      if (p.visitId === visitId && p.deviceId === deviceId) admitted.current();
    };
    const onStatus = (p: { visitId: string; endedAt: string | null }) => {
      if (p.visitId === visitId && p.endedAt) setEnded('ended');
    };
    const onTakenOver = (p: { visitId: string; deviceId: string }) => {
      if (p.visitId === visitId && p.deviceId === deviceId) setEnded('takenOver');
    };
    // A clinician removed this guest (their link is revoked): the socket is closed after this.
    const onRevoked = (p: { reason: string }) => {
      if (p.reason === 'invitationRevoked') setEnded('removed');
    };
    if (socket.connected) enter();
    socket.on('connect', enter);
    socket.on('visit:waiting', onWaiting);
    socket.on('visit:admitted', onAdmitted);
    socket.on('visit:status', onStatus);
    socket.on('visit:takenOver', onTakenOver);
    socket.on('session:revoked', onRevoked);
    return () => {
      socket.off('connect', enter);
      socket.off('visit:waiting', onWaiting);
      socket.off('visit:admitted', onAdmitted);
      socket.off('visit:status', onStatus);
      socket.off('visit:takenOver', onTakenOver);
      socket.off('session:revoked', onRevoked);
    };
  }, [socket, visitId, deviceId]);

  return { waiting, ended };
}
