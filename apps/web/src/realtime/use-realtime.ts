import type { ServerToClientEvents } from '@opencare/schemas/socket-events';
import { use, useEffect, useRef } from 'react';
import { RealtimeContext, type ConnectionState, type PeopleSocket } from './realtime-context';

/** The signed-in session's socket; null when signed out (or outside a RealtimeProvider). */
export function useSocket(): PeopleSocket | null {
  return use(RealtimeContext).socket;
}

/** Whether events flow now; a screen that subscribed to rooms re-subscribes when it is `connected` again. */
export function useConnectionState(): ConnectionState {
  return use(RealtimeContext).state;
}

/**
 * Listen to a server event while the component is mounted. The handler is kept in a ref, so an
 * inline function does not resubscribe on every render.
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const socket = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(
        ...args,
      )) as ServerToClientEvents[E];
    // socket.io-client's overloads do not follow a generic event name; the listener matches E.
    const on = socket.on.bind(socket) as (ev: E, fn: ServerToClientEvents[E]) => void;
    const off = socket.off.bind(socket) as (ev: E, fn: ServerToClientEvents[E]) => void;
    on(event, listener);
    return () => off(event, listener);
  }, [socket, event]);
}
