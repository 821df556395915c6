import { useCallback, useState } from 'react';
import { useSocketEvent } from './use-realtime';

export interface Presence {
  isOnline: boolean;
  /** When the account came online or, once offline, when it left; null if never seen. */
  lastSeen: string | null;
}

const newer = (a: Presence, b: Presence) =>
  (Date.parse(a.lastSeen ?? '') || 0) >= (Date.parse(b.lastSeen ?? '') || 0);

/**
 * Presence as it changes: the changes heard since mounting ('presence:changed', sent to the
 * organisation's staff), laid over what a list loaded. Whichever is more recent wins, so a list
 * reloaded after a missed change is not overruled by an older one.
 */
export function useLivePresence(): (accountId: string, loaded: Presence) => Presence {
  const [heard, setHeard] = useState<ReadonlyMap<string, Presence>>(() => new Map());
  useSocketEvent('presence:changed', ({ accountId, isOnline, lastSeen }) => {
    setHeard((before) => new Map(before).set(accountId, { isOnline, lastSeen }));
  });
  return useCallback(
    (accountId, loaded) => {
      const change = heard.get(accountId);
      return change && newer(change, loaded) ? change : loaded;
    },
    [heard],
  );
}
