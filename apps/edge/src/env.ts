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
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('OpenCare <no-reply@opencare.local>'),
  DEMO: flag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  LIVEKIT_URL: z.url().optional(),
  LIVEKIT_API_KEY: z.string().optional(),
  LIVEKIT_API_SECRET: z.string().optional(),
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
}).refine(
  (env) => new Set([env.LIVEKIT_URL, env.LIVEKIT_API_KEY, env.LIVEKIT_API_SECRET].map((v) => v === undefined)).size === 1,
  { path: ['LIVEKIT_URL'], message: 'Set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET together, or none of them.' },
);
export type Env = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return result.data;
}
