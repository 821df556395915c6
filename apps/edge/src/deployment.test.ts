import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from './env';

/**
 * The scaled deployment (docker-compose.yml at the repository root) cannot be started here: there is
 * no Docker engine. This checks what would break it silently: a service missing, edges that disagree
 * on a shared secret, or a variable the edge does not read (a typo is ignored, not refused).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  ports?: string[];
}

// Compose merges `<<: *edge` keys; the yaml package needs to be told to do the same.
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;

/** A service's environment as strings, whichever of compose's two forms it is written in. */
function environmentOf(name: string): Record<string, string> {
  const environment = services[name]?.environment ?? {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, String(value ?? '')]));
}

/**
 * Compose interpolation over a host environment: a set variable gives its value; else
 * `${NAME:-default}` gives its default and `${NAME:?message}` stops compose with the message.
 */
function interpolate(value: string, host: Record<string, string> = {}): string {
  return value.replace(/\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (_whole, name: string, op: string | undefined, arg: string | undefined) => {
    const set = host[name];
    if (set !== undefined && set !== '') return set;
    if (op?.endsWith('-')) return arg ?? '';
    if (op?.endsWith('?')) throw new Error(`required: ${name}: ${arg}`);
    throw new Error(`${name} has no default in docker-compose.yml`);
  });
}

/** What an operator sets before `docker compose up` (the file's header asks for these). */
const operatorEnvironment = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
  LIVEKIT_API_KEY: `key${randomBytes(4).toString('hex')}`,
  LIVEKIT_API_SECRET: randomBytes(32).toString('hex'),
  MAIL_DISABLED: 'true',
};
const configured = (name: string) =>
  Object.fromEntries(Object.entries(environmentOf(name)).map(([key, value]) => [key, interpolate(value, operatorEnvironment)]));

const edges = ['edge-1', 'edge-2'] as const;

describe('docker-compose.yml', () => {
  it('has the services of the scaled deployment', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['edge-1', 'edge-2', 'gateway-agent', 'livekit-server', 'postgres', 'proxy', 'redis'].sort(),
    );
    expect(services.postgres?.image).toMatch(/^postgres:16\b/);
    expect(services.redis?.image).toMatch(/^redis:7\b/);
    expect(services['livekit-server']?.image).toMatch(/^livekit\/livekit-server\b/);
  });

  it.each(edges)('builds %s from the Dockerfile at the root', (edge) => {
    expect(services[edge]?.build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
  });

  it('gives both edges the same JWT_SECRET, REDIS_URL and DATABASE_URL', () => {
    const [one, two] = edges.map(environmentOf);
    for (const key of ['JWT_SECRET', 'REDIS_URL', 'DATABASE_URL', 'PUBLIC_URL']) {
      expect(one?.[key], key).toBeTruthy();
      expect(two?.[key], key).toBe(one?.[key]);
    }
  });

  it.each(edges)('passes %s only variables the edge reads (keys of envSchema)', (edge) => {
    const known = Object.keys(envSchema.shape);
    for (const key of Object.keys(environmentOf(edge))) expect(known, `${edge}: ${key}`).toContain(key);
  });

  it.each(edges)('gives %s a configuration the edge accepts, in the scaled production mode', (edge) => {
    const env = envSchema.parse(configured(edge));
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', TRUST_PROXY: true });
    // The scaled mode: PostgreSQL and Redis of this file, a shared signing key, LiveKit.
    expect(new URL(env.DATABASE_URL ?? '').hostname).toBe('postgres');
    expect(new URL(env.REDIS_URL ?? '').hostname).toBe('redis');
    expect(env.JWT_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(env.LIVEKIT_URL).toBeTruthy();
    expect(env.LIVEKIT_API_KEY).toBeTruthy();
    expect(env.LIVEKIT_API_SECRET).toBeTruthy();
  });

  it('ships no default secret: the signing key, the LiveKit key pair and the database password are required', () => {
    const secrets = [
      ...edges.flatMap((edge) => ['JWT_SECRET', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET', 'DATABASE_URL'].map((key) => ({ service: edge, key }))),
      { service: 'postgres', key: 'POSTGRES_PASSWORD' },
      { service: 'livekit-server', key: 'LIVEKIT_CONFIG' },
    ];
    for (const { service, key } of secrets) {
      const value = environmentOf(service)[key] ?? '';
      expect(() => interpolate(value), `${service}: ${key}`).toThrow(/^required: /);
    }
    // Nor a development value left anywhere in the file.
    expect(read('docker-compose.yml')).not.toMatch(/dev-only|change-?me|devkey/i);
  });

  it.each(edges)('makes %s choose between an SMTP server and no mail (it refuses to start with neither)', (edge) => {
    const { MAIL_DISABLED: _disabled, ...withoutMail } = operatorEnvironment;
    const result = envSchema.safeParse(
      Object.fromEntries(Object.entries(environmentOf(edge)).map(([key, value]) => [key, interpolate(value, withoutMail)])),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['SMTP_URL']);
    const withSmtp = envSchema.parse(
      Object.fromEntries(
        Object.entries(environmentOf(edge)).map(([key, value]) => [key, interpolate(value, { ...withoutMail, SMTP_URL: 'smtp://mail.example.org:587' })]),
      ),
    );
    expect(withSmtp).toMatchObject({ SMTP_URL: 'smtp://mail.example.org:587', MAIL_DISABLED: false });
  });

  it('points DATABASE_URL at the database and user postgres creates', () => {
    const postgres = configured('postgres');
    const url = new URL(configured('edge-1').DATABASE_URL ?? '');
    expect(url.username).toBe(postgres.POSTGRES_USER);
    expect(url.password).toBe(postgres.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${postgres.POSTGRES_DB}`);
  });

  it('gives the edges the key pair LiveKit is configured with', () => {
    const livekit = parse(configured('livekit-server').LIVEKIT_CONFIG ?? '') as {
      keys: Record<string, string>;
    };
    const edge = configured('edge-1');
    expect(livekit.keys[edge.LIVEKIT_API_KEY ?? '']).toBe(edge.LIVEKIT_API_SECRET);
  });

  it.each(edges)('checks %s on /readyz and starts it after a healthy postgres and redis', (edge) => {
    expect(JSON.stringify(services[edge]?.healthcheck?.test)).toContain('/readyz');
    expect(services[edge]?.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
  });

  it('has healthchecks on postgres, redis and the proxy', () => {
    for (const name of ['postgres', 'redis', 'proxy'])
      expect(services[name]?.healthcheck, name).toBeDefined();
    expect(JSON.stringify(services.proxy?.healthcheck?.test)).toContain('/readyz');
  });

  it('puts a proxy in front of both edges, with its config under deploy/', () => {
    const proxy = services.proxy;
    expect(proxy?.image).toMatch(/^caddy:/);
    expect(proxy?.depends_on).toEqual(expect.arrayContaining(['edge-1', 'edge-2']));
    const mount = proxy?.volumes?.find((v) => v.startsWith('./deploy/'));
    expect(mount).toBeDefined();
    expect(existsSync(`${root}${mount?.split(':')[0]?.slice(2)}`)).toBe(true);
  });

  it('runs one simulated gateway agent from the same image', () => {
    const agent = services['gateway-agent'];
    expect(agent?.command).toEqual(['npx', 'tsx', 'apps/gateway-agent/src/cli.ts', 'run', '--simulator']);
    expect(agent?.image).toBe(services['edge-1']?.image);
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');
  const port = environmentOf('edge-1').PORT;

  it('balances across both edges on their port', () => {
    expect(caddyfile).toMatch(new RegExp(`reverse_proxy\\s+edge-1:${port}\\s+edge-2:${port}`));
  });

  it('keeps a browser on one edge (Socket.IO long-polling) and checks the edges on /readyz', () => {
    expect(caddyfile).toMatch(/lb_policy\s+cookie/);
    expect(caddyfile).toMatch(/health_uri\s+\/readyz/);
  });
});

describe('Dockerfile and .dockerignore', () => {
  it('builds on Node 20, builds the web app and runs the edge with tsx on all interfaces', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:20\b/m);
    expect(dockerfile).toContain('npm ci');
    expect(dockerfile).toMatch(/npm run build --workspace @opencare\/web/);
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
    expect(dockerfile).toContain('CMD ["npx", "tsx", "apps/edge/src/server.ts"]');
  });

  it('keeps dependencies, build output, local data, git and secrets out of the image', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/data', '.git', '**/.env'])
      expect(ignored).toContain(entry);
  });
});
