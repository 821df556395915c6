import { useCallback, useEffect, useState } from 'react';
import { fetchSessions, type SessionItem } from './account-api';

export type SessionsState =
  | { status: 'loading' }
  | { status: 'loaded'; sessions: SessionItem[] }
  | { status: 'failed'; error: unknown };

/** The user's signed-in sessions, this one first, then the most recently used. */
export function useSessions(): { state: SessionsState; reload: () => void } {
  const [state, setState] = useState<SessionsState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    fetchSessions().then(
      (sessions) => {
        if (!current) return;
        const sorted = [...sessions].sort(
          (a, b) =>
            Number(b.current) - Number(a.current) ||
            (b.lastUsedAt ?? b.createdAt).localeCompare(a.lastUsedAt ?? a.createdAt),
        );
        setState({ status: 'loaded', sessions: sorted });
      },
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
