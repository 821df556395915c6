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
  return {
    get() {
      try {
        const raw = storage(area)?.getItem(key);
        return raw == null ? null : decode(raw);
      } catch {
        return null;
      }
    },
    set(value) {
      try {
        storage(area)?.setItem(key, encode(value));
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
