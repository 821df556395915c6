import type { Gateway } from '@opencare/schemas/entities/gateways';
import { useEffect, useSyncExternalStore } from 'react';
import { listMyGateways } from './gateways-api';

/**
 * The signed-in patient's gateways, cached once per account for the tab: the native-device guard and
 * the menu ask whether the patient has one (devices are read by the home gateway now, spec §2), and
 * asking the server on every navigation would be wasteful. The gateway screens put what they load
 * here, so adding or removing a gateway is seen at once.
 */
export interface PairedGateways {
  /** The account the answer is for. */
  key: string;
  status: 'loading' | 'loaded' | 'failed';
  gateways: Gateway[];
  error?: unknown;
}

let current: PairedGateways | null = null;
let inflight: { key: string; promise: Promise<void> } | null = null;
const listeners = new Set<() => void>();

function publish(next: PairedGateways) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Load (once per account, unless `force`) the patient's gateways. */
export function loadPairedGateways(key: string, force = false): Promise<void> {
  if (!force && current?.key === key && current.status !== 'failed')
    return inflight?.promise ?? Promise.resolve();
  if (inflight?.key === key) return inflight.promise;
  publish({ key, status: 'loading', gateways: current?.key === key ? current.gateways : [] });
  const promise = listMyGateways().then(
    (gateways) => {
      if (inflight?.key === key) inflight = null;
      publish({ key, status: 'loaded', gateways });
    },
    (error: unknown) => {
      if (inflight?.key === key) inflight = null;
      publish({ key, status: 'failed', gateways: [], error });
    },
  );
  inflight = { key, promise };
  return promise;
}

/** What a screen loaded itself (the list, after adding or removing one) replaces the cache. */
export function setPairedGateways(key: string, gateways: Gateway[]): void {
  if (inflight?.key === key) inflight = null;
  publish({ key, status: 'loaded', gateways });
}

/** The cached answer for `key` (null: nothing asked for), loading it when `key` is given and unknown. */
export function usePairedGateways(key: string | null): PairedGateways | null {
  const snapshot = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    if (key && (snapshot?.key !== key || snapshot.status === 'failed')) void loadPairedGateways(key);
    // A failed answer is asked again only when another screen asks: not in a loop here.
  }, [key]);
  return key && snapshot?.key === key ? snapshot : null;
}
