import type { TimelineEvent } from '@opencare/schemas/entities/patients';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePatientWatch } from '../../../realtime/use-patient-watch';
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

/** Newest first, as the server pages them: by when it happened, then by id. */
function newestFirst(a: TimelineEvent, b: TimelineEvent): number {
  return Date.parse(b.at) - Date.parse(a.at) || Number(b.id) - Number(a.id);
}

/** The loaded pages with the events that arrived live, each once, in timeline order. */
export function withLive(items: TimelineEvent[], live: TimelineEvent[]): TimelineEvent[] {
  if (live.length === 0) return items;
  const known = new Set(items.map((e) => e.id));
  const fresh = live.filter((e) => !known.has(e.id) && (known.add(e.id), true));
  return fresh.length === 0 ? items : [...fresh, ...items].sort(newestFirst);
}

/**
 * The timeline a page at a time: the newest page first, then "load more" appends the next. While
 * mounted it watches the patient: events recorded anywhere arrive live and join the list (each
 * once, whatever the order of page and event), and `onLive` hears of them.
 */
export function useTimeline(patientId: string, onLive?: (event: TimelineEvent) => void) {
  const [state, setState] = useState<TimelineState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [live, setLive] = useState<{ patientId: string; events: TimelineEvent[] }>({ patientId, events: [] });

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

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // An event may come twice (a replay after a reconnection): it is taken, and told, once.
  const heard = useRef(new Set<string>());
  usePatientWatch(patientId, {
    onEvent: (event) => {
      const key = `${patientId}:${event.id}`;
      if (heard.current.has(key)) return;
      heard.current.add(key);
      setLive((before) => ({
        patientId,
        events: before.patientId === patientId ? [event, ...before.events] : [event],
      }));
      onLive?.(event);
    },
    onMissed: reload,
  });

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

  const shown = useMemo<TimelineState>(() => {
    if (state.status !== 'loaded' || live.patientId !== patientId) return state;
    return { ...state, items: withLive(state.items, live.events) };
  }, [state, live, patientId]);

  return { state: shown, loadMore, reload };
}
