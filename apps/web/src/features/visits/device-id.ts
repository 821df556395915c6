const KEY = 'oc.visitDeviceId';

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This tab's device id for video visits (letters and digits, 24 long). Kept in sessionStorage, so a
 * reload rejoins as the same device while a second tab or browser is a second device (take-over).
 */
export function visitDeviceId(storage: Storage | undefined = globalThis.sessionStorage): string {
  const stored = storage?.getItem(KEY);
  if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
  const id = randomId();
  storage?.setItem(KEY, id);
  return id;
}
