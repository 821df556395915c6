import type { AppSettings, PublicSettings, SettingsArea } from '@opencare/schemas/entities/settings';
import { useEffect, useSyncExternalStore } from 'react';
import { fetchAppSettings, fetchPublicSettings } from './settings-api';

/**
 * The organisation's settings every page reads (branding, sign-in language, maintenance banner),
 * fetched once per page load and kept here, outside React, so every header and banner shares one
 * request. An admin's save of an area they come from fetches them again.
 */
type Entry<T> = { status: 'idle' | 'loading' | 'failed'; value: T | null } | { status: 'loaded'; value: T };

interface Store<T> {
  entry: Entry<T>;
  fetch: () => Promise<T>;
  listeners: Set<() => void>;
}

function store<T>(fetch: () => Promise<T>): Store<T> {
  return { entry: { status: 'idle', value: null }, fetch, listeners: new Set() };
}

const stores = {
  public: store<PublicSettings>(fetchPublicSettings),
  app: store<AppSettings>(fetchAppSettings),
};

function set<T>(s: Store<T>, entry: Entry<T>) {
  s.entry = entry;
  for (const listener of s.listeners) listener();
}

function load<T>(s: Store<T>): void {
  if (s.entry.status === 'loading') return;
  // The last value stays shown while a newer one is on its way.
  set(s, { status: 'loading', value: s.entry.value });
  s.fetch().then(
    (value) => set(s, { status: 'loaded', value }),
    () => set(s, { status: 'failed', value: s.entry.value }),
  );
}

function useStore<T>(s: Store<T>, enabled: boolean): T | null {
  const entry = useSyncExternalStore(
    (listener) => {
      s.listeners.add(listener);
      return () => s.listeners.delete(listener);
    },
    () => s.entry,
  );
  useEffect(() => {
    // Failed earlier (signed out, offline): a page that needs it again asks again.
    if (enabled && (s.entry.status === 'idle' || s.entry.status === 'failed')) load(s);
  }, [s, enabled]);
  return enabled ? entry.value : null;
}

/** What anyone may know: organisation name, logo, sign-in language. Null until it arrives. */
export function usePublicSettings(enabled = true): PublicSettings | null {
  return useStore(stores.public, enabled);
}

/** The signed-in app's settings (the public ones, the maintenance message, …). Null until they arrive. */
export function useAppSettings(enabled = true): AppSettings | null {
  return useStore(stores.app, enabled);
}

/** The areas whose fields appear in the public or app settings. */
const SHARED_AREAS: readonly SettingsArea[] = ['organization', 'security', 'system', 'patientManagement'];

/** After an admin saved `area`: what the rest of the app shows from it is fetched again. */
export function refreshSharedSettings(area: SettingsArea): void {
  if (!SHARED_AREAS.includes(area)) return;
  for (const s of [stores.public, stores.app] as Store<unknown>[]) {
    if (s.entry.status !== 'idle') load(s);
  }
}

/** Tests start each case from nothing fetched. */
export function forgetSharedSettings(): void {
  set(stores.public, { status: 'idle', value: null });
  set(stores.app, { status: 'idle', value: null });
}
