import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { openDatabase, type DatabaseHandle } from '@opencare/api/db/database';
import { seedDemoData } from '@opencare/api/demo/demo-data';
import { installBuiltInProfilesEverywhere } from '@opencare/api/device-profiles/built-in-profiles';
import type { ApiConfig, Deps } from '@opencare/api/deps';
import { disabledMailer, outboxMailer, smtpMailer, type Mailer } from '@opencare/api/mail/mailer';
import { clearPresence } from '@opencare/api/presence/presence.service';
import { memoryRateLimiter, redisRateLimiter } from '@opencare/api/rate-limit/rate-limiter';
import { AppError } from '@opencare/api/errors/app-error';
import { loggableError, toErrorResponse } from '@opencare/api/transport/http-errors';
import { utf8OrUndefined } from '@opencare/api/transport/http-request';
import { fhirApi, restApi } from '@opencare/api/transport/rest/rest-api';
import { fastifyTrpcContext } from '@opencare/api/transport/trpc/context';
import { appRouter, type AppRouter } from '@opencare/api/transport/trpc/root';
import { LIMITS } from '@opencare/schemas/constants';
import { ERRORS, type ErrorKey } from '@opencare/schemas/errors';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { Server } from 'socket.io';
import { edgeRedis, reportRedisOutages } from './edge-redis';
import type { Env } from './env';
import { signingKey } from './secrets';
import { startAlertRoundsTimer } from './alert-rounds-timer';
import { startSubscriptionTimer } from './subscription-timer';
import { startTaskReminderTimer } from './task-reminder-timer';
import { socketLiveChannel } from './sockets/live-channel';
import { clearGatewayPresence } from '@opencare/api/gateways/gateway-presence';
import { attachGatewayNamespace, startGatewaySweep } from './sockets/gateway-namespace';
import { socketGatewayLink } from './sockets/gateway-link';
import { attachPeopleNamespace, startSessionSweep } from './sockets/people-namespace';
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
  /** Where the JSON log lines go instead of stdout (tests read what the edge logs). */
  logStream?: { write(line: string): void };
  /** How often the sweeps and the task reminders run; tests shorten it to have rounds under way. */
  periodicEveryMs?: number;
}

const EDGE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** A raw HTTP answer in the catalogue's words, for refusals made before Fastify has a request. */
function rawRefusal(status: number, key: ErrorKey): string {
  const body = JSON.stringify({ success: false, key, message: ERRORS[key].message });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Browsers may open a WebSocket to any site: only pages of this edge may open one here (no
 * cross-site WebSocket hijacking). A request without an Origin (the gateway agent, native
 * clients) passes; so does a page served by the host it addresses (same origin, whatever name the
 * edge is reached by, the Vite dev proxy included) and any origin of the allowlist.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.has(parsed.origin)) return true;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && host !== undefined && parsed.host === host.toLowerCase();
}

/**
 * How long a browser keeps a file of the web build. Files under assets/ carry a hash of their content
 * in their name (a new release has new names): kept a year without asking again. The rest keep their
 * names across releases (index.html, which names the assets, sw.js and sw-manifest.js, the web
 * manifest, icons): asked again on every use (a 304 when unchanged), so a release reaches everyone at
 * once. `path` is the file sent, a `.br` or `.gz` sibling included.
 */
export function webCacheControl(webDist: string, path: string): string {
  return relative(webDist, path).startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

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
  const redis = env.REDIS_URL ? edgeRedis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;

  const app = Fastify({
    bodyLimit: LIMITS.bodyBytes,
    // A tRPC batch names its procedures in one path parameter (`/trpc/a.b,c.d,…`): a screen's batch
    // is longer than Fastify's default 100 characters. REST's own parameters are still checked by
    // their schemas.
    routerOptions: { maxParamLength: 5000 },
    trustProxy: env.TRUST_PROXY,
    // A URL the router cannot read (bad percent-encoding, an overlong parameter) is refused in the
    // catalogue's words like any other bad input, as are requests Node refuses before Fastify
    // (headers too large, unparsable HTTP).
    frameworkErrors: (error, _req, frameworkReply) => {
      const { status, body } = toErrorResponse(error);
      // No hook runs for these: the security headers are those of any other answer.
      const reply = frameworkReply as unknown as FastifyReply;
      void securityHeaders().then(
        (headers) => reply.headers(headers).status(status).send(body),
        // The edge is closing (nothing answers the inner request): the answer goes without them.
        () => reply.status(status).send(body),
      );
    },
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable)
        socket.write(error.code === 'HPE_HEADER_OVERFLOW' ? rawRefusal(431, 'payloadTooLarge') : rawRefusal(400, 'malformedRequest'));
      socket.destroy(error);
    },
    logger: {
      level: env.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
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

  // Services tell watching screens through deps.live; it reaches them once Socket.IO is up (below).
  const live = socketLiveChannel();
  // Events published while Redis was away are lost: this edge's screens load again what they show.
  if (redis) reportRedisOutages(redis, app.log, () => live.resync());

  let helmetHeaders: Promise<Record<string, string>> | undefined;
  /** The headers helmet sets, read once from a real answer. */
  function securityHeaders(): Promise<Record<string, string>> {
    helmetHeaders ??= app.inject({ method: 'GET', url: '/healthz' }).then((res) =>
      Object.fromEntries(
        Object.entries(res.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-)/.test(entry[0]),
        ),
      ),
    );
    return helmetHeaders;
  }

  const publicUrl = env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`;
  const allowedOrigins = new Set(env.ALLOWED_ORIGINS ?? [new URL(publicUrl).origin]);
  const config: ApiConfig = {
    publicUrl,
    jwtSecret: signingKey(env.JWT_SECRET, env.DATA_DIR),
    accessTokenTtlSeconds: LIMITS.accessTokenTtlSeconds,
    refreshTokenTtlMs: LIMITS.refreshTokenTtlMs,
    // Served over HTTPS: cookies only ever travel over it.
    secureCookies: env.NODE_ENV === 'production' || publicUrl.startsWith('https:'),
    publicRateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    // The schema refused DEV_OUTBOX in production and beside SMTP_URL or MAIL_DISABLED.
    outbox: env.SMTP_URL || env.MAIL_DISABLED ? 'off' : env.DEV_OUTBOX ? 'open' : 'admins',
    demo: env.DEMO,
    livekit:
      env.LIVEKIT_URL && env.LIVEKIT_API_KEY && env.LIVEKIT_API_SECRET
        ? { url: env.LIVEKIT_URL, apiUrl: env.LIVEKIT_API_URL, apiKey: env.LIVEKIT_API_KEY, apiSecret: env.LIVEKIT_API_SECRET }
        : null,
    iceServers: env.ICE_SERVERS,
    turnSecret: env.TURN_SECRET,
    waitingRoomGraceMs: env.WAITING_ROOM_GRACE_SECONDS * 1000,
    loopbackWebhooks: env.NODE_ENV !== 'production',
    runtime: { version: EDGE_VERSION, database: database.kind, redis: Boolean(redis), smtp: Boolean(env.SMTP_URL), startedAt: new Date() },
  };
  const gatewayLink = socketGatewayLink();
  const deps: Deps = {
    db: database.db,
    config,
    log: app.log,
    mailer:
      options.mailer ??
      (env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : env.MAIL_DISABLED ? disabledMailer(app.log) : outboxMailer(database.db, app.log)),
    limiter: redis ? redisRateLimiter(redis, options.namespace ?? 'opencare') : memoryRateLimiter(),
    live: live.channel,
    gateways: gatewayLink.link,
  };

  // On every start: organisations from before a built-in device profile existed get it too.
  await installBuiltInProfilesEverywhere(database.db);
  if (env.DEMO && (await seedDemoData(database.db, { schedules: true }))) app.log.info('demo data created');

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // HSTS only where the edge is served over HTTPS.
    strictTransportSecurity: config.secureCookies,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiles only with 'wasm-unsafe-eval': the QR reader of browsers without
        // a BarcodeDetector is ZXing's (our own .wasm). It allows no eval() of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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

  // Every answer of the API (REST v1 with FHIR, tRPC) may carry patient data, errors included: no
  // browser or proxy cache may keep one (issue 15). Set before any handler runs, so none forgets it.
  app.addHook('onRequest', async (req, reply) => {
    if (/^\/(api|trpc)(\/|$|\?)/.test(req.url)) reply.header('cache-control', 'no-store');
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

  // Whatever fails outside the REST plugin (tRPC's body too large or unreadable, say) is answered in
  // the catalogue's words too; REST keeps its own handler.
  app.setErrorHandler((error, req, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) req.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(status).send(body);
  });
  // tRPC reads the edge's own JSON parser: bytes that are not UTF-8 are refused, as REST's are.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const text = utf8OrUndefined(body as Buffer);
    if (text === undefined) done(new AppError('malformedRequest'), undefined);
    else void parseJson(req, text, done);
  });
  // The tRPC plugin puts a string JSON parser of its own in place of the one above (bad bytes would
  // read as U+FFFD), so its bodies are checked for UTF-8 here, before any parser, within the body limit.
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!req.url.startsWith('/trpc')) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > LIMITS.bodyBytes) throw new AppError('payloadTooLarge');
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    if (utf8OrUndefined(body) === undefined) throw new AppError('malformedRequest');
    return Object.assign(Readable.from([body]), { receivedEncodedLength: size });
  });
  await app.register(restApi(deps), { prefix: '/api/v1' });
  await app.register(fhirApi(deps), { prefix: '/fhir/R4' });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: fastifyTrpcContext(deps),
      // A procedure's unexpected failure is logged like REST's: type, code and frames, never the
      // message (a database error's carries the query's parameters) nor the input.
      onError: ({ error, req, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: loggableError(error.cause ?? error), procedure: path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  const webDist = resolve(env.WEB_DIST ?? defaultWebDist);
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build wrote `.br` and `.gz` beside each text file: sent as the browser's Accept-Encoding
      // allows (brotli first), with `Vary: Accept-Encoding`, the raw file otherwise. They are not
      // routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => {
        reply.header('cache-control', webCacheControl(webDist, path));
      },
    });
  }
  // Unknown paths: the web app's routes get index.html (the client router decides); the rest a 404.
  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api|trpc|socket\.io|fhir)(\/|$)/.test(req.url);
    if (hasWeb && req.method === 'GET' && !isApi && req.headers.accept?.includes('text/html')) return reply.sendFile('index.html');
    return reply.status(404).send({ success: false, key: 'notFound', message: ERRORS.notFound.message });
  });

  let closing = false;
  const io: PeopleServer = new Server(app.server, {
    serveClient: false,
    // Every engine.io request (polling and the WebSocket upgrade) of both namespaces passes here.
    // A closing edge takes no new connection: the clients it has just closed reconnect at once, and
    // a WebSocket accepted then would hold the HTTP server (and so the close) open for good.
    allowRequest: (req, callback) => {
      callback(null, !closing && originAllowed(req.headers.origin, req.headers.host, allowedOrigins));
    },
    // Recovery re-runs the handshake middleware (skipMiddlewares false): revoked sessions stay out.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    ...(redis ? { adapter: createAdapter(redis, adapterKeys(options.namespace)) } : {}),
  });
  // A connection whose handshake passed just before the close began is ended as it opens.
  io.engine.on('connection', (connection: { close(): void }) => {
    if (closing) connection.close();
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
  const every = options.periodicEveryMs;
  const stopPeriodic = [
    startTaskReminderTimer(deps, every),
    startAlertRoundsTimer(deps, every),
    startGatewaySweep(deps, every),
    startSessionSweep(io, deps, every),
    startSubscriptionTimer(deps, every),
  ];

  return {
    app,
    io,
    deps,
    database,
    /**
     * In this order, so that nothing under way meets a closed database or Redis: no new connection
     * is taken; the timers stop and their rounds finish; the sockets close and HTTP finishes the
     * requests under way; the socket events and presence writes under way finish; then the
     * database and Redis go.
     */
    async close() {
      closing = true;
      await Promise.all(stopPeriodic.map((stop) => stop()));
      // Socket.IO's close ends by closing the HTTP server, which waits for every connection; Fastify's
      // answers the requests under way (new ones get 503) and lets go of idle keep-alive connections,
      // but only of those idle at that moment: a client's connection that was busy then and idle
      // later would hold the close open until its keep-alive timeout (72 s), so it is asked again.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await Promise.all([io.close(), app.close()]);
      } finally {
        clearInterval(idle);
      }
      await people.drain();
      await gateways.drain();
      await database.close();
      redis?.disconnect();
    },
  };
}
