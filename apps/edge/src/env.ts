import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { iceServerSchema } from '@opencare/schemas/entities/visits';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting of the edge, validated once at start; nothing else reads process.env. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  /**
   * Web origins (scheme://host[:port], comma-separated) whose pages may open a Socket.IO connection,
   * besides pages of the host the edge is addressed by. Default: the origin of PUBLIC_URL.
   */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      const origins: string[] = [];
      for (const item of text.split(',').map((s) => s.trim()).filter(Boolean)) {
        try {
          origins.push(new URL(item).origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `ALLOWED_ORIGINS: "${item}" is not an origin such as https://care.example.org.` });
          return z.NEVER;
        }
      }
      return origins;
    }),
  DATABASE_URL: z.url().optional(),
  /** Relative paths are taken from the repository root, wherever the edge is started from. */
  DATA_DIR: z
    .string()
    .default('data')
    .transform((dir) => resolve(fileURLToPath(new URL('../../..', import.meta.url)), dir)),
  REDIS_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters.').optional(),
  /** An empty value (compose's `${SMTP_URL:-}`) is no SMTP server. */
  SMTP_URL: z.union([z.literal('').transform(() => undefined), z.url()]).optional(),
  MAIL_FROM: z.string().default('OpenCare <no-reply@opencare.local>'),
  /**
   * No SMTP server and no dev outbox: mail is dropped, and flows that exist to mail a link (sign-up,
   * invitations, guest links) answer `mailDisabled`. The way to run production without mail.
   */
  MAIL_DISABLED: flag.default(false),
  /** The dev outbox answers anyone, without a token (e2e, a developer's machine); never production. */
  DEV_OUTBOX: flag.default(false),
  DEMO: flag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  LIVEKIT_URL: z.url().optional(),
  LIVEKIT_API_KEY: z.string().optional(),
  LIVEKIT_API_SECRET: z.string().optional(),
  /** Where the edge calls LiveKit's room service, when browsers reach LiveKit at another address. */
  LIVEKIT_API_URL: z.url().optional(),
  /**
   * ICE servers for Simple Peer calls, as JSON: [{"urls":"stun:stun.example.org:3478"}, {"urls":
   * "turn:…","username":"…","credential":"…"}]. None by default: peers on one network connect by
   * their host addresses, and no third party learns who calls whom; deployments add STUN/TURN.
   */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'ICE_SERVERS must be JSON: a list of {urls, username?, credential?}.' });
        return z.NEVER;
      }
    })
    .pipe(z.array(iceServerSchema)),
  /**
   * coturn's `static-auth-secret` (with `use-auth-secret`): the TURN servers of ICE_SERVERS listed
   * without username and credential then get credentials that expire (the pre-call check's in ten
   * minutes, a visit's after it ends), instead of one pair every browser keeps.
   */
  TURN_SECRET: z.string().min(16).optional(),
  /**
   * How long a waiting room keeps the place of a patient or guest whose page went away (closed, or
   * the connection lost): back within this time (a reload), they keep their place in line.
   */
  WAITING_ROOM_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
}).refine(
  (env) => new Set([env.LIVEKIT_URL, env.LIVEKIT_API_KEY, env.LIVEKIT_API_SECRET].map((v) => v === undefined)).size === 1,
  { path: ['LIVEKIT_URL'], message: 'Set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET together, or none of them.' },
).superRefine((env, ctx) => {
  // Mail: one of SMTP, the dev outbox (not in production) or explicitly none.
  if (env.MAIL_DISABLED && env.SMTP_URL)
    ctx.addIssue({ code: 'custom', path: ['MAIL_DISABLED'], message: 'Set SMTP_URL or MAIL_DISABLED=true, not both.' });
  if (env.DEV_OUTBOX && (env.SMTP_URL || env.MAIL_DISABLED))
    ctx.addIssue({ code: 'custom', path: ['DEV_OUTBOX'], message: 'DEV_OUTBOX=true opens the dev outbox, which exists only without SMTP_URL and MAIL_DISABLED.' });
  if (env.NODE_ENV !== 'production') return;
  if (env.DEV_OUTBOX)
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_OUTBOX'],
      message: 'DEV_OUTBOX=true lets anyone read invitation and sign-up links: it is refused with NODE_ENV=production. Remove it.',
    });
  if (!env.SMTP_URL && !env.MAIL_DISABLED)
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'Production needs a mail server: set SMTP_URL (smtp://user:pass@mail.example.org:587), or MAIL_DISABLED=true to run without e-mail.',
    });
  const weakness = env.JWT_SECRET === undefined ? null : weakSecretReason(env.JWT_SECRET);
  if (weakness)
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: `JWT_SECRET ${weakness}: anyone who guesses it signs in as anyone. Use 32+ random characters, e.g. \`openssl rand -hex 32\`.`,
    });
});
export type Env = z.infer<typeof envSchema>;

/** Secrets published in this repository (docker-compose.yml, docs) before it stopped shipping any. */
const PUBLISHED_SECRETS = ['dev-only-jwt-secret-change-me-0123456789abcdef', 'dev-only-livekit-secret-change-me-0123456789'];
/** Words of a placeholder someone forgot to replace; six characters or more, so random text never holds one. */
const PLACEHOLDER_WORDS = ['changeme', 'change-me', 'change_me', 'secret', 'password', 'passw0rd', 'example', 'placeholder', 'dev-only', 'opencare'];

/**
 * Why a signing key is guessable, or null. Length (32+) is checked by the schema; this refuses the
 * published ones, placeholders and keys made of a short pattern (aaaa…, 0123456789abcdef0123…).
 */
export function weakSecretReason(secret: string): string | null {
  const lower = secret.toLowerCase();
  if (PUBLISHED_SECRETS.includes(lower)) return 'is a value published in this repository';
  const word = PLACEHOLDER_WORDS.find((w) => lower.includes(w));
  if (word) return `contains "${word}", a placeholder`;
  if (new Set(lower).size < 8) return 'uses fewer than 8 different characters';
  for (let period = 1; period <= 16; period += 1) {
    if (lower.length >= period * 2 && lower === lower.slice(0, period).repeat(Math.ceil(lower.length / period)).slice(0, lower.length))
      return 'repeats a short pattern';
  }
  return null;
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return result.data;
}
