import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchingStep,
  newTotpSecret,
  openSecret,
  otpauthUri,
  sealSecret,
  totp,
  totpStep,
  type TotpAlgorithm,
} from './totp';

// RFC 6238 Appendix B: the seeds are the ASCII digits repeated to the hash's key length.
const seed = (length: number) => Buffer.from('1234567890'.repeat(7).slice(0, length));
const SEEDS: Record<TotpAlgorithm, Uint8Array> = { sha1: seed(20), sha256: seed(32), sha512: seed(64) };
const VECTORS: [number, Record<TotpAlgorithm, string>][] = [
  [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
  [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
  [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
  [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
  [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
  [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
];

describe('TOTP (RFC 6238)', () => {
  for (const [seconds, codes] of VECTORS) {
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
      it(`gives the RFC's ${algorithm} code at T=${seconds}`, () => {
        expect(totp(SEEDS[algorithm], seconds * 1000, 8, algorithm)).toBe(codes[algorithm]);
      });
    }
  }

  it('accepts a code one step either side of now and no further, and says which step it was', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) expect(matchingStep(secret, totp(secret, now + offset * 30_000), now)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(matchingStep(secret, totp(secret, now + offset * 30_000), now)).toBeNull();
    expect(matchingStep(secret, '12345', now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('round-trips base32 as authenticator apps read it (RFC 4648 test vector)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(Buffer.from(base32Decode('mzxw 6ytb oi')).toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(Buffer.from(base32Decode(base32Encode(secret))).equals(Buffer.from(secret))).toBe(true);
  });

  it('writes an otpauth URI with the secret, issuer and the parameters apps expect', () => {
    const uri = new URL(otpauthUri(SEEDS.sha1, 'Demo Clinic', 'admin'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(base32Encode(SEEDS.sha1));
    expect(uri.searchParams.get('issuer')).toBe('Demo Clinic');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('seals a secret so that only the same master key opens it', () => {
    const master = newTotpSecret();
    const secret = newTotpSecret();
    const sealed = sealSecret(master, secret);
    expect(sealed).not.toContain(base32Encode(secret));
    expect(Buffer.from(openSecret(master, sealed) ?? []).equals(Buffer.from(secret))).toBe(true);
    expect(openSecret(newTotpSecret(), sealed)).toBeNull();
    // One bit of the authentication tag flipped (a fixed replacement of its last characters could
    // leave it as it was, about once in 256 runs).
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(tag ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(openSecret(master, [version, iv, body, flipped.toString('base64url')].join('.'))).toBeNull();
  });
});
