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

/** Compose interpolation with an empty host environment: `${NAME:-default}` gives its default. */
function interpolate(value: string): string {
  return value.replace(
    /\$\{(\w+)(?::?-([^}]*))?\}/g,
    (_whole, name: string, fallback: string | undefined) => {
      if (fallback === undefined) throw new Error(`${name} has no default in docker-compose.yml`);
      return fallback;
    },
  );
}

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
    const environment = Object.fromEntries(
      Object.entries(environmentOf(edge)).map(([key, value]) => [key, interpolate(value)]),
    );
    const env = envSchema.parse(environment);
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', TRUST_PROXY: true });
    // The scaled mode: PostgreSQL and Redis of this file, a shared signing key, LiveKit.
    expect(new URL(env.DATABASE_URL ?? '').hostname).toBe('postgres');
    expect(new URL(env.REDIS_URL ?? '').hostname).toBe('redis');
    expect(env.JWT_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(env.LIVEKIT_URL).toBeTruthy();
    expect(env.LIVEKIT_API_KEY).toBeTruthy();
    expect(env.LIVEKIT_API_SECRET).toBeTruthy();
  });

  it('points DATABASE_URL at the database and user postgres creates', () => {
    const postgres = environmentOf('postgres');
    const url = new URL(environmentOf('edge-1').DATABASE_URL ?? '');
    expect(url.username).toBe(postgres.POSTGRES_USER);
    expect(url.password).toBe(postgres.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${postgres.POSTGRES_DB}`);
  });

  it('gives the edges the key pair LiveKit is configured with', () => {
    const livekit = parse(environmentOf('livekit-server').LIVEKIT_CONFIG ?? '') as {
      keys: Record<string, string>;
    };
    const edge = environmentOf('edge-1');
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
