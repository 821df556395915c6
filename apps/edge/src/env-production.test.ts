import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readEnv, weakSecretReason } from './env';

const strong = () => randomBytes(32).toString('hex');
const production = (extra: Record<string, string>) => ({ NODE_ENV: 'production', MAIL_DISABLED: 'true', JWT_SECRET: strong(), ...extra });

describe('production refuses to start with a guessable JWT_SECRET', () => {
  it.each([
    ['the value docker-compose.yml used to ship', 'dev-only-jwt-secret-change-me-0123456789abcdef'],
    ['a placeholder word', 'please-changeme-before-going-live-2024!'],
    ['"secret" in it', 'my-very-own-jwt-secret-for-the-clinic'],
    ['one repeated character', 'a'.repeat(40)],
    ['a repeated short pattern', '0123456789abcdef0123456789abcdef'],
    ['few different characters', 'abababababcabababababababababcab'],
  ])('refuses %s, naming JWT_SECRET and how to make one', (_what, secret) => {
    expect(() => readEnv(production({ JWT_SECRET: secret }))).toThrow(/JWT_SECRET [^\n]*openssl rand -hex 32/);
    // Outside production the same key is accepted (tests, a developer's machine).
    expect(readEnv({ JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
  });

  it('refuses a key under 32 characters everywhere', () => {
    expect(() => readEnv(production({ JWT_SECRET: strong().slice(0, 31) }))).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('accepts random keys (a thousand of them, hex and base64)', () => {
    for (let i = 0; i < 500; i += 1) {
      expect(weakSecretReason(randomBytes(32).toString('hex'))).toBeNull();
      expect(weakSecretReason(randomBytes(24).toString('base64url'))).toBeNull();
    }
    expect(readEnv(production({})).NODE_ENV).toBe('production');
  });
});

describe('mail in production', () => {
  it('refuses to start without SMTP_URL unless mail is explicitly disabled', () => {
    expect(() => readEnv({ NODE_ENV: 'production', JWT_SECRET: strong() })).toThrow(
      /SMTP_URL: Production needs a mail server: set SMTP_URL .*, or MAIL_DISABLED=true/,
    );
    expect(readEnv(production({})).MAIL_DISABLED).toBe(true);
    expect(readEnv({ NODE_ENV: 'production', JWT_SECRET: strong(), SMTP_URL: 'smtp://mail.example.org:587' }).SMTP_URL).toBe(
      'smtp://mail.example.org:587',
    );
  });

  it('refuses DEV_OUTBOX=true in production, with a clear message', () => {
    expect(() => readEnv({ NODE_ENV: 'production', JWT_SECRET: strong(), DEV_OUTBOX: 'true' })).toThrow(
      /DEV_OUTBOX: DEV_OUTBOX=true lets anyone read invitation and sign-up links: it is refused with NODE_ENV=production/,
    );
    expect(readEnv({ DEV_OUTBOX: 'true' }).DEV_OUTBOX).toBe(true);
  });

  it('refuses contradictions: SMTP and disabled, or an open outbox beside SMTP', () => {
    expect(() => readEnv({ SMTP_URL: 'smtp://mail.example.org', MAIL_DISABLED: 'true' })).toThrow(/not both/);
    expect(() => readEnv({ SMTP_URL: 'smtp://mail.example.org', DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX/);
  });
});
