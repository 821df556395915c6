import { randomInt } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/*
 * What pairing keeps in the data dir: the pairing code this gateway made for itself (pairing.json)
 * and the gateway token the edge issued (token.json). Both 0600 in a 0700 directory: the token is
 * the gateway's credential, and the code lets whoever holds it collect a new token.
 */

export interface PairingState {
  pairingCode: string;
  createdAt: string;
}
export interface TokenState {
  token: string;
  gatewayId: string;
  edgeUrl: string;
  mac: string;
  pairedAt: string;
}

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 12 characters of a 32-letter alphabet without 0/O/1/I: 60 bits, and readable aloud. */
export function newPairingCode(): string {
  return Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** Writes a small file atomically and durably: a crash leaves the old content or the new, never half. */
export function writeSecretFile(path: string, content: string) {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

export function ensureDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/** The pairing code, made once and kept: the QR code a patient scanned stays valid across restarts. */
export function loadOrCreatePairing(dataDir: string): PairingState {
  ensureDataDir(dataDir);
  const path = join(dataDir, 'pairing.json');
  const existing = readJson<PairingState>(path);
  if (existing && /^[0-9A-Z]{8,32}$/.test(existing.pairingCode)) return existing;
  const state = { pairingCode: newPairingCode(), createdAt: new Date().toISOString() };
  writeSecretFile(path, `${JSON.stringify(state, null, 2)}\n`);
  return state;
}

export function readPairing(dataDir: string): PairingState | null {
  return readJson<PairingState>(join(dataDir, 'pairing.json'));
}

export function readToken(dataDir: string): TokenState | null {
  const state = readJson<TokenState>(join(dataDir, 'token.json'));
  return state && typeof state.token === 'string' && state.token ? state : null;
}

export function saveToken(dataDir: string, state: TokenState) {
  ensureDataDir(dataDir);
  writeSecretFile(join(dataDir, 'token.json'), `${JSON.stringify(state, null, 2)}\n`);
}

export const hasToken = (dataDir: string) => existsSync(join(dataDir, 'token.json'));
