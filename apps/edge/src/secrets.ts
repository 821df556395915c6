import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The token-signing key: JWT_SECRET when set; in the embedded mode, generated once and kept under
 * the data folder (mode 600) so sessions survive a restart. Several edges must share JWT_SECRET.
 */
export function signingKey(secret: string | undefined, dataDir: string): Uint8Array {
  if (secret) return new TextEncoder().encode(secret);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
