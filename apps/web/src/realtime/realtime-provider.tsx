import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { refreshSession } from '../api/client';
import { sessionStore } from '../session/session-store';
import { useSession } from '../session/use-session';
import { RealtimeContext, type ConnectionState, type PeopleSocket } from './realtime-context';

/** The handshake's `auth`, read again on every (re)connection so a refreshed token is the one sent. */
export type HandshakeAuth = (cb: (auth: { token: string; accountId: string }) => void) => void;

/** Opens the socket; tests hand a fake one at once. */
export type Connect = (auth: HandshakeAuth) => PeopleSocket | Promise<PeopleSocket>;

// Same origin: the edge serves the web app and Socket.IO (Vite proxies /socket.io in development).
// socket.io-client is fetched with the first signed-in session: the sign-in page does not need it.
const connectToEdge: Connect = (auth) => import('socket.io-client').then(({ io }) => io({ auth, autoConnect: true }));

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
    let closed = false;
    let current: PeopleSocket | null = null;

    const open = (socket: PeopleSocket) => {
      if (closed) {
        socket.disconnect();
        return;
      }
      current = socket;
      let reauthenticated = false;

      socket.on('connect', () => {
        reauthenticated = false;
        setState('connected');
      });
      socket.on('disconnect', () => setState(socket.active ? 'reconnecting' : 'idle'));
      socket.on('connect_error', (error) => {
        // Still active: a network failure, Socket.IO retries by itself.
        if (socket.active) return setState((s) => (s === 'connecting' ? s : 'reconnecting'));
        // Refused by the handshake: an expired token is refreshed once (a refused refresh ends the
        // session, which closes this socket); any other refusal leaves the tab without live updates.
        if (REAUTH_KEYS.has(error.message) && !reauthenticated) {
          reauthenticated = true;
          refresh().then(
            () => {
              if (!closed) socket.connect();
            },
            () => undefined,
          );
          return;
        }
        setState('idle');
      });
      // Signed out elsewhere or disabled: the server closes this socket; a refresh tells whether the
      // session survives (a refused refresh ends it here too, through the API client).
      socket.on('session:revoked', () => {
        refresh().catch(() => undefined);
      });
      setSocket(socket);
    };

    setState('connecting');
    const opening = connect((cb) => cb({ token: sessionStore.accessToken.get() ?? '', accountId }));
    if (opening instanceof Promise) opening.then(open, () => setState('idle'));
    else open(opening);
    return () => {
      closed = true;
      if (current) {
        current.removeAllListeners();
        current.disconnect();
      }
      setSocket(null);
      setState('idle');
    };
  }, [accountId, connect, refresh]);

  const value = useMemo(() => ({ socket, state }), [socket, state]);
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}
