import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), on node:crypto alone: authenticator
 * apps (Google Authenticator, Aegis, 1Password...) all speak SHA-1, 6 digits, 30-second steps, which
 * is what enrolment hands out. The other hashes are here for RFC 6238's test vectors.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count: a phone's clock a little off, a code typed at the turn. */
export const TOTP_WINDOW = 1;

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** RFC 4226 §5.3: HMAC of the 8-byte counter, dynamic truncation, the last `digits` digits. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return binary.toString().padStart(digits, '0');
}

export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

export function totp(secret: Uint8Array, atMs: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = 'sha1'): string {
  return hotp(secret, totpStep(atMs), digits, algorithm);
}

/**
 * The step whose code this is, looked for within the window around `atMs`, or null. Compared in
 * constant time; the caller refuses a step already used (RFC 6238 §5.2: no second acceptance).
 */
export function matchingStep(secret: Uint8Array, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(atMs);
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step += 1) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how otpauth:// URIs and authenticator apps take the secret. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** 160 random bits, RFC 4226's recommended secret length for SHA-1. */
export function newTotpSecret(): Uint8Array {
  return randomBytes(20);
}

/** The enrolment URI authenticator apps read from the QR code (Google's Key Uri Format). */
export function otpauthUri(secret: Uint8Array, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/**
 * Secrets at rest: AES-256-GCM under a key derived (HKDF) from the installation's signing secret, so
 * a copy of the database alone gives no one a working authenticator. Rotating JWT_SECRET therefore
 * makes every enrolment unreadable: those users enrol again (docs/decisions.md).
 */
function secretKey(masterSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', masterSecret, 'opencare', 'totp-secret-v1', 32));
}

export function sealSecret(masterSecret: Uint8Array, secret: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(masterSecret), iv);
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

/** The secret, or null when it was sealed under another key (JWT_SECRET rotated) or tampered with. */
export function openSecret(masterSecret: Uint8Array, sealed: string): Uint8Array | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey(masterSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Uint8Array.from(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
  } catch {
    return null;
  }
}
