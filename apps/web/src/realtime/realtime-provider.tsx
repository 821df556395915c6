import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { io } from 'socket.io-client';
import { refreshSession } from '../api/client';
import { sessionStore } from '../session/session-store';
import { useSession } from '../session/use-session';
import { RealtimeContext, type ConnectionState, type PeopleSocket } from './realtime-context';

/** The handshake's `auth`, read again on every (re)connection so a refreshed token is the one sent. */
export type HandshakeAuth = (cb: (auth: { token: string; accountId: string }) => void) => void;

/** Opens the socket; tests hand a fake one. */
export type Connect = (auth: HandshakeAuth) => PeopleSocket;

// Same origin: the edge serves the web app and Socket.IO (Vite proxies /socket.io in development).
const connectToEdge: Connect = (auth) => io({ auth, autoConnect: true });

/** Refusals a fresh access token may cure: refresh once, then connect again. */
const REAUTH_KEYS = new Set(['tokenExpired', 'tokenInvalid', 'tokenRequired']);

interface RealtimeProviderProps {
  children: ReactNode;
  connect?: Connect;
  refresh?: () => Promise<unknown>;
}

/**
 * One socket per signed-in tab, for the account acted as: opened on sign-in, reopened on an account
 * switch, closed on sign-out. Must sit inside SessionProvider.
 */
export function RealtimeProvider({
  children,
  connect = connectToEdge,
  refresh = refreshSession,
}: RealtimeProviderProps) {
  const { state: session } = useSession();
  const accountId = session.status === 'signed-in' ? session.account.id : null;
  const [socket, setSocket] = useState<PeopleSocket | null>(null);
  const [state, setState] = useState<ConnectionState>('idle');

  useEffect(() => {
    if (!accountId) return;
    const current = connect((cb) => cb({ token: sessionStore.accessToken.get() ?? '', accountId }));
    let reauthenticated = false;
    let closed = false;

    current.on('connect', () => {
      reauthenticated = false;
      setState('connected');
    });
    current.on('disconnect', () => setState(current.active ? 'reconnecting' : 'idle'));
    current.on('connect_error', (error) => {
      // Still active: a network failure, Socket.IO retries by itself.
      if (current.active) return setState((s) => (s === 'connecting' ? s : 'reconnecting'));
      // Refused by the handshake: an expired token is refreshed once (a refused refresh ends the
      // session, which closes this socket); any other refusal leaves the tab without live updates.
      if (REAUTH_KEYS.has(error.message) && !reauthenticated) {
        reauthenticated = true;
        refresh().then(
          () => {
            if (!closed) current.connect();
          },
          () => undefined,
        );
        return;
      }
      setState('idle');
    });
    // Signed out elsewhere or disabled: the server closes this socket; a refresh tells whether the
    // session survives (a refused refresh ends it here too, through the API client).
    current.on('session:revoked', () => {
      refresh().catch(() => undefined);
    });

    setSocket(current);
    setState('connecting');
    return () => {
      closed = true;
      current.removeAllListeners();
      current.disconnect();
      setSocket(null);
      setState('idle');
    };
  }, [accountId, connect, refresh]);

  const value = useMemo(() => ({ socket, state }), [socket, state]);
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}
