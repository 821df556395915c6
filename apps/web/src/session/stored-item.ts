/**
 * A value kept in Web Storage. Storage can be blocked (private modes, strict cookie settings) or
 * hold something an older release wrote: reads then give null and writes are dropped, so the app
 * still works for this page and only forgets sooner.
 */
export interface StoredItem<T> {
  get(): T | null;
  set(value: T): void;
  clear(): void;
}

type Area = 'local' | 'session';

function storage(area: Area): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A JSON value under `key`; `parse` rejects (returns null for) whatever is not a T. */
export function storedItem<T>(area: Area, key: string, parse: (raw: unknown) => T | null): StoredItem<T> {
  return textItem(area, key, (text) => parse(JSON.parse(text)), JSON.stringify);
}

/** A plain string under `key`, as other code and tools (and the e2e suite) read it. */
export function storedString(area: Area, key: string): StoredItem<string> {
  return textItem(area, key, (text) => text, (value) => value);
}

function textItem<T>(
  area: Area,
  key: string,
  decode: (text: string) => T | null,
  encode: (value: T) => string,
): StoredItem<T> {
  // The text last written or read, with its value: reading it again needs no decoding (and no check).
  let known: { text: string; value: T } | null = null;
  return {
    get() {
      try {
        const raw = storage(area)?.getItem(key);
        if (raw == null) return null;
        if (known?.text === raw) return known.value;
        const value = decode(raw);
        if (value !== null) known = { text: raw, value };
        return value;
      } catch {
        return null;
      }
    },
    set(value) {
      try {
        const text = encode(value);
        storage(area)?.setItem(key, text);
        known = { text, value };
      } catch {
        // Full or blocked: remembered for no one, which only costs a later reload.
      }
    },
    clear() {
      try {
        storage(area)?.removeItem(key);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}

type Check<T> = (raw: unknown) => T | null;

/** The items whose check is a chunk of its own, each with what loads it (when something is stored). */
const checkedItems: { loadCheck: () => Promise<void> }[] = [];

/**
 * A JSON value under `key` whose check needs zod, which is not part of the first load (issue 16):
 * `loadCheck` downloads it, and only when there is something to check. main.tsx waits for
 * `loadStoredChecks()` before the first render, so what is stored then is checked as it is read; a
 * first visit has nothing stored and downloads no check. A value this page wrote is read back
 * without one. A value another tab wrote later reads as null (as unreadable storage does) until its
 * check has arrived, which that read asks for.
 */
export function checkedItem<T>(area: Area, key: string, loadCheck: () => Promise<Check<T>>): StoredItem<T> & { loadCheck(): Promise<void> } {
  let check: Check<T> | null = null;
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= loadCheck().then(
      (loaded) => {
        check = loaded;
      },
      () => {
        // Offline without the chunk: the value stays unread, and a later read tries again.
        loading = null;
      },
    ));
  const item = storedItem<T>(area, key, (raw) => {
    if (check) return check(raw);
    void load();
    return null;
  });
  const entry = {
    ...item,
    /** Loads the check if a value is stored (there is nothing to check otherwise). */
    loadCheck: () => (check || !hasText(area, key) ? Promise.resolve() : load()),
  };
  checkedItems.push(entry);
  return entry;
}

function hasText(area: Area, key: string): boolean {
  try {
    return storage(area)?.getItem(key) != null;
  } catch {
    return false;
  }
}

/** The checks of every checked item with a value stored, in parallel (none on a first visit). */
export async function loadStoredChecks(): Promise<void> {
  await Promise.all(checkedItems.map((item) => item.loadCheck()));
}

/** A stored value with an expiry time (spec §3, "stored cache items have a value and an expiry time"). */
export function expiringItem<T>(
  area: Area,
  key: string,
  ttlMs: number,
  parse: (raw: unknown) => T | null,
  now: () => number = () => Date.now(),
): StoredItem<T> {
  const item = storedItem<{ value: T; expiresAt: number }>(area, key, (raw) => {
    if (typeof raw !== 'object' || raw === null) return null;
    const { value, expiresAt } = raw as { value?: unknown; expiresAt?: unknown };
    const parsed = parse(value);
    return typeof expiresAt === 'number' && parsed !== null ? { value: parsed, expiresAt } : null;
  });
  return {
    get() {
      const entry = item.get();
      if (!entry) return null;
      if (entry.expiresAt <= now()) {
        item.clear();
        return null;
      }
      return entry.value;
    },
    set(value) {
      item.set({ value, expiresAt: now() + ttlMs });
    },
    clear: () => item.clear(),
  };
}
