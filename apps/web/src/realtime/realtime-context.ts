import type { ClientToServerEvents, ServerToClientEvents } from '@opencare/schemas/socket-events';
import { createContext } from 'react';
import type { Socket } from 'socket.io-client';

/** The people namespace's socket, typed by the shared event maps. */
export type PeopleSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * - `idle`: signed out, or the server refused the handshake for good (no socket is wanted).
 * - `connecting`: the first connection is under way.
 * - `connected`: events flow.
 * - `reconnecting`: the connection dropped; Socket.IO is trying again (recovery replays what was missed).
 */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export interface RealtimeContextValue {
  socket: PeopleSocket | null;
  state: ConnectionState;
}

export const RealtimeContext = createContext<RealtimeContextValue>({ socket: null, state: 'idle' });
