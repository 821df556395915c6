import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { openDatabase, type DatabaseHandle } from '@opencare/api/db/database';
import { seedDemoData } from '@opencare/api/demo/demo-data';
import { installBuiltInProfilesEverywhere } from '@opencare/api/device-profiles/built-in-profiles';
import type { ApiConfig, Deps } from '@opencare/api/deps';
import { outboxMailer, smtpMailer, type Mailer } from '@opencare/api/mail/mailer';
import { clearPresence } from '@opencare/api/presence/presence.service';
import { memoryRateLimiter, redisRateLimiter } from '@opencare/api/rate-limit/rate-limiter';
import { restApi } from '@opencare/api/transport/rest/rest-api';
import { fastifyTrpcContext } from '@opencare/api/transport/trpc/context';
import { appRouter, type AppRouter } from '@opencare/api/transport/trpc/root';
import { LIMITS } from '@opencare/schemas/constants';
import { ERRORS } from '@opencare/schemas/errors';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Env } from './env';
import { signingKey } from './secrets';
import { startTaskReminderTimer } from './task-reminder-timer';
import { socketLiveChannel } from './sockets/live-channel';
import { clearGatewayPresence } from '@opencare/api/gateways/gateway-presence';
import { attachGatewayNamespace, startGatewaySweep } from './sockets/gateway-namespace';
import { socketGatewayLink } from './sockets/gateway-link';
import { attachPeopleNamespace } from './sockets/people-namespace';
import type { PeopleServer } from './sockets/socket-types';

export interface Edge {
  app: FastifyInstance;
  io: PeopleServer;
  deps: Deps;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface EdgeOptions {
  /** A database opened by the caller (tests); else one is opened from the environment. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** Keeps rate-limit counters of separate edges apart in a shared Redis (tests). */
  namespace?: string;
}

const EDGE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Edges of one installation share the default stream; separate test edges get their own. */
function adapterKeys(namespace: string | undefined) {
  return namespace
    ? { streamName: `${namespace}:socket.io`, channelPrefix: `${namespace}:socket.io`, sessionKeyPrefix: `${namespace}:sio:session:` }
    : {};
}

/** The one server process: REST v1, tRPC, Socket.IO and the built web app over one domain layer. */
export async function createEdge(env: Env, options: EdgeOptions = {}): Promise<Edge> {
  const database =
    options.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : join(env.DATA_DIR, 'pglite') }));
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;

  const app = Fastify({
    bodyLimit: LIMITS.bodyBytes,
    trustProxy: env.TRUST_PROXY,
    logger: {
      level: env.LOG_LEVEL,
      // Tokens and cookies never reach the log; URLs are logged as their route pattern, since a
      // concrete URL may carry a name or an e-mail.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        req: (req: { method: string; routeOptions?: { url?: string }; id: string }) => ({
          id: req.id,
          method: req.method,
          route: req.routeOptions?.url ?? '(unmatched)',
        }),
      },
    },
  });

  const publicUrl = env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`;
  const config: ApiConfig = {
    publicUrl,
    jwtSecret: signingKey(env.JWT_SECRET, env.DATA_DIR),
    accessTokenTtlSeconds: LIMITS.accessTokenTtlSeconds,
    refreshTokenTtlMs: LIMITS.refreshTokenTtlMs,
    secureCookies: env.NODE_ENV === 'production',
    publicRateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    outboxApi: !env.SMTP_URL && env.NODE_ENV !== 'production',
    livekit:
      env.LIVEKIT_URL && env.LIVEKIT_API_KEY && env.LIVEKIT_API_SECRET
        ? { url: env.LIVEKIT_URL, apiKey: env.LIVEKIT_API_KEY, apiSecret: env.LIVEKIT_API_SECRET }
        : null,
    iceServers: env.ICE_SERVERS,
    runtime: { version: EDGE_VERSION, database: database.kind, redis: Boolean(redis), smtp: Boolean(env.SMTP_URL), startedAt: new Date() },
  };
  // Services tell watching screens through deps.live; it reaches them once Socket.IO is up (below).
  const live = socketLiveChannel();
  const gatewayLink = socketGatewayLink();
  const deps: Deps = {
    db: database.db,
    config,
    log: app.log,
    mailer: options.mailer ?? (env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(database.db, app.log)),
    limiter: redis ? redisRateLimiter(redis, options.namespace ?? 'opencare') : memoryRateLimiter(),
    live: live.channel,
    gateways: gatewayLink.link,
  };

  // On every start: organisations from before a built-in device profile existed get it too.
  await installBuiltInProfilesEverywhere(database.db);
  if (env.DEMO && (await seedDemoData(database.db))) app.log.info('demo data created');

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // HSTS only where the edge is served over HTTPS.
    strictTransportSecurity: env.NODE_ENV === 'production',
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The component library sets CSS variables in a style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(env.LIVEKIT_URL ? [env.LIVEKIT_URL] : [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });

  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await database.ping();
      if (redis) await redis.ping();
      return { status: 'ready', database: database.kind, redis: Boolean(redis) };
    } catch {
      return reply.status(503).send({ status: 'unavailable', key: 'serviceUnavailable', message: ERRORS.serviceUnavailable.message });
    }
  });

  await app.register(restApi(deps), { prefix: '/api/v1' });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: { router: appRouter, createContext: fastifyTrpcContext(deps) } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  const webDist = resolve(env.WEB_DIST ?? defaultWebDist);
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false });
  // Unknown paths: the web app's routes get index.html (the client router decides); the rest a 404.
  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api|trpc|socket\.io)(\/|$)/.test(req.url);
    if (hasWeb && req.method === 'GET' && !isApi && req.headers.accept?.includes('text/html')) return reply.sendFile('index.html');
    return reply.status(404).send({ success: false, key: 'notFound', message: ERRORS.notFound.message });
  });

  const io: PeopleServer = new Server(app.server, {
    serveClient: false,
    // Recovery re-runs the handshake middleware (skipMiddlewares false): revoked sessions stay out.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    ...(redis ? { adapter: createAdapter(redis, adapterKeys(options.namespace)) } : {}),
  });
  live.attach(io);
  const people = attachPeopleNamespace(io, deps);
  const gateways = attachGatewayNamespace(io, deps);
  gatewayLink.attach(gateways.namespace);
  // A lone edge holds every socket there is: whoever a crash left "online" is not.
  if (!redis) {
    await clearPresence(deps);
    await clearGatewayPresence(deps);
  }
  const stopTaskReminders = startTaskReminderTimer(deps);
  const stopGatewaySweep = startGatewaySweep(deps);

  return {
    app,
    io,
    deps,
    database,
    async close() {
      stopTaskReminders();
      stopGatewaySweep();
      await io.close();
      await people.drain();
      await gateways.drain();
      await app.close();
      await database.close();
      redis?.disconnect();
    },
  };
}
