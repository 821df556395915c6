import { createHash, timingSafeEqual } from 'node:crypto';

// Pairing codes and tokens are long random strings made by machines, not passwords people choose:
// a plain SHA-256 keeps a stolen table from giving them away and lets a token be found by its hash.
/** How a pairing code (normalised: upper case) or a token is stored. */
export const gatewaySecretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const sameGatewaySecretHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
