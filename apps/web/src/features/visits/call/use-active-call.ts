import { startTransition, use, useEffect, useRef, useState } from 'react';
import { ActiveCallContext, type ActiveCallContextValue } from './active-call-context';
import type { CallSnapshot, VisitCall } from './visit-call';

export function useActiveCall(): ActiveCallContextValue {
  const value = use(ActiveCallContext);
  if (!value) throw new Error('useActiveCall must be used inside <ActiveCallProvider>.');
  return value;
}

/** The active-call context, or null outside its provider (tests of other screens). */
export function useOptionalActiveCall(): ActiveCallContextValue | null {
  return use(ActiveCallContext);
}

/**
 * The call's snapshot, re-rendering on its changes. During set-up the call changes many times a
 * second; a synchronous render of the whole call view for each (useSyncExternalStore's way) kept
 * the page from handling the signals that connect the call (issue 18, call set-up). So a change to
 * the streams renders at once (a stream's first frame waits for its tile), and every other change
 * as a transition, in slices between the signals.
 */
export function useCallSnapshot(call: VisitCall | null): CallSnapshot | null {
  const [seen, setSeen] = useState(() => ({ call, snapshot: call?.getSnapshot() ?? null }));
  // Another call than the one last read (or none): its snapshot as it is now.
  const current = seen.call === call ? seen.snapshot : (call?.getSnapshot() ?? null);
  const shown = useRef(current);
  shown.current = current;
  useEffect(() => {
    if (!call) return;
    const read = () => {
      const snapshot = call.getSnapshot();
      const apply = () => setSeen({ call, snapshot });
      if (snapshot.state.streams !== shown.current?.state.streams) apply();
      else startTransition(apply);
    };
    read(); // what changed between the first render and subscribing
    return call.subscribe(read);
  }, [call]);
  return current;
}
