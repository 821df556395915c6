import { use, useSyncExternalStore } from 'react';
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

const noCall = () => () => undefined;

/** The call's snapshot, re-rendering on every change. */
export function useCallSnapshot(call: VisitCall | null): CallSnapshot | null {
  return useSyncExternalStore(call?.subscribe ?? noCall, () => call?.getSnapshot() ?? null);
}
