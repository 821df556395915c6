import { createHash } from 'node:crypto';

// A fixed namespace for the name-based ids below (RFC 9562 §5.5); any constant UUID would do.
const NAMESPACE = Buffer.from('6f1c2a4e9b7d4c1e8a3f5d2b7e9c0a14', 'hex');

/**
 * The id of a reading a device keeps as a stored record (a glucose meter's): a UUIDv5 of the
 * device and the record's own key, so every transfer of that record carries the same idempotency
 * key, across restarts of the agent, and the edge stores it once.
 */
export function recordReadingId(deviceId: string, recordKey: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${deviceId}\n${recordKey}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
