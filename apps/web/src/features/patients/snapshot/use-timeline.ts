import type { TimelineEvent } from '@opencare/schemas/entities/patients';
import { useCallback, useEffect, useState } from 'react';
import { getPatientTimeline } from '../patients-api';

type TimelineState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | {
      status: 'loaded';
      items: TimelineEvent[];
      nextCursor: string | null;
      more: 'idle' | 'loading' | { error: unknown };
    };

/** The timeline a page at a time: the newest page first, then "load more" appends the next. */
export function useTimeline(patientId: string) {
  const [state, setState] = useState<TimelineState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getPatientTimeline(patientId).then(
      (page) => {
        if (current)
          setState({ status: 'loaded', items: page.items, nextCursor: page.nextCursor, more: 'idle' });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [patientId, attempt]);

  const loadMore = useCallback(() => {
    if (state.status !== 'loaded' || !state.nextCursor || state.more === 'loading') return;
    const { items, nextCursor } = state;
    setState({ ...state, more: 'loading' });
    getPatientTimeline(patientId, nextCursor).then(
      (page) =>
        setState({
          status: 'loaded',
          items: [...items, ...page.items],
          nextCursor: page.nextCursor,
          more: 'idle',
        }),
      (error: unknown) => setState({ status: 'loaded', items, nextCursor, more: { error } }),
    );
  }, [patientId, state]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, loadMore, reload };
}
