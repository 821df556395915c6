import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIGNAL_LIMIT } from '../sockets/visit-relay';
import {
  insertAppointmentWithVisit,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { pairGateway, randomMac, randomPairingCode } from '../testing/gateway-fixtures';
import { ask, collect, connected, socketClients, type TestSocket } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/**
 * Issue 8, test 8: abuse. Builds on auth.int.test.ts (429 and RateLimit headers on email-check,
 * the failed-login limit), health.int.test.ts (CSP on /healthz) and sockets.int.test.ts (the
 * per-socket signal limit): here every limited endpoint on both transports, a signalling flood
 * beside legitimate work, the WebSocket Origin allowlist, and the headers of every kind of answer.
 */

const clients = socketClients();
afterEach(() => clients.closeAll());

const rateHeaders = (headers: Headers) => ({
  limit: headers.get('ratelimit-limit'),
  remaining: headers.get('ratelimit-remaining'),
  reset: Number(headers.get('ratelimit-reset')),
  retryAfter: Number(headers.get('retry-after')),
});

describe('rate limits: 429 with RateLimit headers on every limited endpoint, REST and tRPC alike', () => {
  let edge: TestEdge;
  beforeAll(async () => {
    edge = await startTestEdge({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  }, 180_000);
  afterAll(() => edge?.close(), 60_000);

  const rest: [string, string, (i: number) => unknown][] = [
    ['POST', '/api/v1/auth/signup/resend-verification', () => ({ email: 'nobody@example.org' })],
    ['GET', `/api/v1/users/username/someone${randomBytes(3).toString('hex')}/available`, () => undefined],
    ['POST', '/api/v1/invitations/verify', () => ({ token: 'x'.repeat(40) })],
    ['POST', '/api/v1/logs', (i) => ({ key: 'unknown', message: `abuse ${i}` })],
    ['POST', '/api/v1/patients/gateways/request-token', () => ({ mac: randomMac(), pairingCode: randomPairingCode() })],
    ['POST', '/api/v1/telehealth-invitations/join', () => ({ key: 'x'.repeat(40), deviceId: 'tab-abuse' })],
  ];
  for (const [method, path, body] of rest) {
    it(`${method} ${path.replace(/someone\w+/, ':name')}: the 4th call a minute from one address is a 429, a spoofed X-Forwarded-For does not reset it`, async () => {
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await edge.call(method, path, { body: body(i), headers: i === 3 ? { 'x-forwarded-for': `10.0.0.${i}` } : {} }));
      expect(answers.slice(0, 3).map((a) => a.status)).not.toContain(429);
      const last = answers[3]!;
      expect(last.status).toBe(429);
      expect(last.body).toEqual({ success: false, key: 'rateLimited', message: 'Too many attempts. Please wait a minute and try again.' });
      const headers = rateHeaders(last.headers);
      expect(headers).toMatchObject({ limit: '3', remaining: '0' });
      expect(headers.reset).toBeGreaterThan(0);
      expect(headers.reset).toBeLessThanOrEqual(60);
      expect(headers.retryAfter).toBe(headers.reset);
      // The answers before the limit carry the headers too, counting down.
      expect(answers.slice(0, 3).map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);
    });
  }

  it('the tRPC twins of the limited endpoints share their limits (no way around them)', async () => {
    const twins: [string, 'query' | 'mutation', string, unknown][] = [
      ['/api/v1/auth/email-check', 'query', 'auth.emailCheck', { email: 'twin@example.org' }],
      ['/api/v1/users/username/twinname/available', 'query', 'users.usernameAvailable', { name: 'twinname' }],
      ['/api/v1/invitations/verify', 'mutation', 'invitations.verify', { token: 'y'.repeat(40) }],
      ['/api/v1/logs', 'mutation', 'logs.create', { key: 'unknown', message: 'twin' }],
      ['/api/v1/auth/password-reset/request', 'mutation', 'auth.requestPasswordReset', { login: 'twin@example.org' }],
    ];
    const outcome: Record<string, number[]> = {};
    for (const [restPath, type, path, input] of twins) {
      const fresh = await startTestEdge({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
      try {
        const statuses: number[] = [];
        // Two calls over REST and two over tRPC use up the limit of 3 together.
        for (let i = 0; i < 2; i += 1)
          statuses.push((await fresh.call(restPath.startsWith('/api/v1/users') ? 'GET' : 'POST', restPath, { body: restPath.startsWith('/api/v1/users') ? undefined : input })).status);
        const viaTrpc = async () => {
          const response =
            type === 'query'
              ? await fetch(`${fresh.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`)
              : await fetch(`${fresh.url}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
          return { status: response.status, key: ((await response.json()) as { error?: { data?: { key?: string } } }).error?.data?.key };
        };
        const third = await viaTrpc();
        const fourth = await viaTrpc();
        statuses.push(third.status, fourth.status);
        expect(fourth.key).toBe('rateLimited');
        outcome[path] = statuses;
      } finally {
        await fresh.close();
      }
    }
    console.log(`abuse rate limits: REST, REST, tRPC, tRPC at a limit of 3 a minute: ${JSON.stringify(outcome)}`);
    expect(Object.values(outcome).map((statuses) => statuses[3])).toEqual(twins.map(() => 429));
  }, 180_000);
});

describe('a signalling flood beside legitimate work', () => {
  let t: TestEdge;
  let cast: Cast;
  beforeAll(async () => {
    t = await startTestEdge();
    cast = await signInCast(t);
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  const tab = () => `tab-${randomBytes(6).toString('hex')}`;
  async function enteredPair(patient: Person, physician: Person) {
    const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: await organisationOf(t.edge.deps.db, cast.id[patient]),
      patientAccountId: cast.id[patient],
      providerAccountId: cast.id[physician],
      startsAt: new Date(Date.now() + 60_000),
      status: 'confirmed',
      type: 'tv',
    });
    const devices = { [patient]: tab(), [physician]: tab() } as Record<Person, string>;
    const sockets = {} as Record<Person, TestSocket>;
    for (const who of [patient, physician]) {
      const joined = await t.call('POST', `/api/v1/visits/${visitId}/participants/join`, { token: cast.token[who], body: { deviceId: devices[who] } });
      expect(joined.status).toBe(200);
      sockets[who] = await connected(clients.open(t.url, { token: cast.token[who] }));
      expect(await ask(sockets[who], 'visit:enter', { visitId, deviceId: devices[who] })).toHaveProperty('data');
    }
    // The clinician lets the patient in from the waiting room, and the patient enters the call's room.
    expect((await t.call('POST', `/api/v1/visits/${visitId}/admit`, { token: cast.token[physician], body: {} })).status).toBe(200);
    expect(await ask(sockets[patient], 'visit:enter', { visitId, deviceId: devices[patient] })).toMatchObject({ data: { waiting: null } });
    return { visitId, devices, sockets };
  }

  it('≥ 99% of legitimate requests and signals succeed; the flooders get rateLimited answers and the edge stays up', async () => {
    // The flooders: patient2 with the physician in a visit of their own (so their signals are
    // valid and relayed until the limit), three more sockets of patient2, and an outsider.
    const floodVisit = await enteredPair('patient2', 'physician');
    const legit = await enteredPair('patient', 'nurse');
    const extra = await Promise.all([0, 1, 2].map(() => connected(clients.open(t.url, { token: cast.token.patient2 }))));
    const outsider = await connected(clients.open(t.url, { token: cast.token.outsider }));
    const flooders = [floodVisit.sockets.patient2, ...extra, outsider];
    const relayedToFloodTarget = collect(floodVisit.sockets.physician, 'visit:signal');
    const heardByLegit = collect(legit.sockets.nurse, 'visit:signal');

    const flood = { sent: 0, ok: 0, rateLimited: 0, otherRefusals: 0, garbage: 0, lost: 0 };
    let flooding = true;
    const floodLoop = async (socket: TestSocket, index: number) => {
      const garbage = 'g'.repeat(20_000);
      while (flooding) {
        const burst = Array.from({ length: 20 }, (_, i) => {
          flood.sent += 1;
          if (i % 10 === 0) {
            // Garbage beside the signals: unknown events, big payloads, no acknowledgement.
            flood.garbage += 1;
            (socket.emit as (ev: string, ...args: unknown[]) => void)(['nope', 'visit:signal', '__proto__', 'session:whoami'][i % 4]!, { junk: garbage });
            return Promise.resolve();
          }
          const payload = { visitId: floodVisit.visitId, toDeviceId: floodVisit.devices.physician, signal: { renegotiate: true } };
          return ask(socket, 'visit:signal', index === 4 ? { ...payload, visitId: legit.visitId, toDeviceId: legit.devices.nurse } : payload).then(
            (answer) => {
              if ('data' in answer) flood.ok += 1;
              else if (answer.error === 'rateLimited') flood.rateLimited += 1;
              else flood.otherRefusals += 1;
            },
            () => {
              flood.lost += 1;
            },
          );
        });
        await Promise.all(burst);
      }
    };

    const legitimate = { rest: 0, restOk: 0, signals: 0, signalsOk: 0, delivered: 0, latencies: [] as number[] };
    const restCalls: [Person, string][] = [
      ['physician', '/api/v1/profile'],
      ['physician', '/api/v1/patients?page=1&pageSize=20'],
      ['nurse', `/api/v1/patients/${cast.id.patient}/snapshot`],
      ['patient', '/api/v1/measurements?page=1&pageSize=20'],
      ['admin', '/api/v1/users?page=1&pageSize=20'],
      ['caregiver', '/api/v1/profile'],
    ];
    // The legitimate work runs for FLOOD_SECONDS (12 by default) under the flood, and at least 12
    // rounds (108 requests and signals), so one failure alone cannot pass for 99%.
    const floodMs = Number(process.env.FLOOD_SECONDS ?? 12) * 1000;
    const legitLoop = async () => {
      const from = Date.now();
      for (let round = 0; round < 12 || Date.now() - from < floodMs; round += 1) {
        for (const [who, path] of restCalls) {
          const from = performance.now();
          const res = await t.call('GET', path, { token: cast.token[who] });
          legitimate.latencies.push(performance.now() - from);
          legitimate.rest += 1;
          if (res.status === 200) legitimate.restOk += 1;
        }
        const posted = await t.call('POST', '/api/v1/measurements', { token: cast.token.patient, body: { type: 'bp', values: { systolic: 120, diastolic: 80, pulse: 60 + (round % 20) } } });
        legitimate.rest += 1;
        if (posted.status === 201 || posted.status === 200) legitimate.restOk += 1;
        // The legitimate call: a few signals each way per round, as a call's set-up and upkeep do.
        for (let i = 0; i < 2; i += 1) {
          legitimate.signals += 1;
          const answer = await ask(legit.sockets.patient, 'visit:signal', { visitId: legit.visitId, toDeviceId: legit.devices.nurse, signal: { type: 'offer', sdp: `v=0 round ${round}.${i}` } }).catch(() => ({ error: 'lost' }));
          if ('data' in answer) legitimate.signalsOk += 1;
        }
      }
    };

    const started = Date.now();
    const floods = flooders.map((socket, i) => floodLoop(socket, i));
    await legitLoop();
    flooding = false;
    await Promise.all(floods);
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 300));
    legitimate.delivered = heardByLegit.filter((s) => s.fromDeviceId === legit.devices.patient).length;

    const sorted = [...legitimate.latencies].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    const legitOk = (legitimate.restOk + legitimate.signalsOk) / (legitimate.rest + legitimate.signals);
    console.log(
      `abuse flood: ${seconds.toFixed(1)} s, ${flooders.length} flooding sockets sent ${flood.sent} events (${(flood.sent / seconds).toFixed(0)}/s): ${flood.ok} signals relayed, ${flood.rateLimited} refused rateLimited, ${flood.otherRefusals} refused otherwise, ${flood.garbage} garbage events without ack, ${flood.lost} unanswered; the flood's target heard ${relayedToFloodTarget.length}`,
    );
    console.log(
      `abuse flood: legitimate ${legitimate.restOk}/${legitimate.rest} REST calls and ${legitimate.signalsOk}/${legitimate.signals} signals succeeded (${(legitOk * 100).toFixed(2)}%), ${legitimate.delivered} signals delivered to the peer; REST latency during the flood p50 ${p(0.5)} ms, p99 ${p(0.99)} ms; signal limit ${SIGNAL_LIMIT.count} per ${SIGNAL_LIMIT.windowMs / 1000} s per socket`,
    );

    expect(legitOk).toBeGreaterThanOrEqual(0.99);
    expect(legitimate.delivered).toBe(legitimate.signalsOk);
    expect(flood.rateLimited).toBeGreaterThan(0);
    expect(flood.lost).toBe(0);
    // Each socket gets at most its window's worth through (the flood lasts one or two windows).
    const windows = Math.ceil((seconds * 1000) / SIGNAL_LIMIT.windowMs) + 1;
    expect(flood.ok).toBeLessThanOrEqual(4 * SIGNAL_LIMIT.count * windows);
    expect(relayedToFloodTarget.length).toBe(flood.ok - 0);
    // The outsider's signals into the legitimate visit never reached it.
    expect(heardByLegit.every((s) => s.fromDeviceId === legit.devices.patient)).toBe(true);
    expect((await t.call('GET', '/readyz')).status).toBe(200);
  }, 300_000);
});

describe('WebSocket Origin allowlist', () => {
  let t: TestEdge;
  let https: TestEdge;
  let listed: TestEdge;
  let token: string;
  let gatewayToken: string;
  beforeAll(async () => {
    t = await startTestEdge();
    https = await startTestEdge({ env: { PUBLIC_URL: 'https://care.example.org' } });
    listed = await startTestEdge({ env: { PUBLIC_URL: 'https://care.example.org', ALLOWED_ORIGINS: 'https://a.example.org, http://localhost:5173' } });
    const patient = await t.login('patient');
    token = patient.token;
    const profile = await t.call('GET', '/api/v1/profile', { token });
    gatewayToken = (await pairGateway(t, { token, accountId: profile.body.data.accountId as string })).token;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await https?.close();
    await listed?.close();
  }, 60_000);

  /** A Socket.IO handshake with this Origin header (none when undefined), over one transport. */
  function handshake(url: string, namespace: '' | '/gateways', origin: string | undefined, transport: 'websocket', auth: Record<string, unknown>) {
    const socket: Socket = io(`${url}${namespace}`, {
      auth,
      transports: [transport],
      reconnection: false,
      forceNew: true,
      timeout: 5_000,
      extraHeaders: origin === undefined ? {} : { origin },
    });
    return new Promise<string>((resolve) => {
      socket.once('connect', () => {
        socket.disconnect();
        resolve('connected');
      });
      socket.once('connect_error', (error: Error) => {
        socket.disconnect();
        resolve(`refused: ${error.message}`);
      });
    });
  }

  /** The engine.io polling handshake (no session yet): the request the Origin check answers first. */
  const poll = async (url: string, origin?: string) =>
    (await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: origin ? { origin } : {} })).status;

  it('refuses a foreign Origin on both namespaces, over WebSocket and long-polling, valid token or not', async () => {
    const own = t.url;
    const outcomes: Record<string, string> = {};
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', `${own}.evil.example`, 'file://', 'not a url', undefined, own]) {
      const name = origin ?? '(no Origin)';
      outcomes[`websocket / ${name}`] = await handshake(t.url, '', origin, 'websocket', { token });
      outcomes[`websocket /gateways ${name}`] = await handshake(t.url, '/gateways', origin, 'websocket', { token: gatewayToken });
      // Node's XHR polyfill will not set an Origin header: the polling handshake by hand.
      const status = await poll(t.url, origin);
      outcomes[`polling ${name}`] = status === 200 ? 'connected' : `refused: ${status}`;
    }
    console.log(`abuse origin: ${Object.entries(outcomes).map(([k, v]) => `${k} → ${v}`).join('; ')}`);
    const expected = Object.fromEntries(
      Object.entries(outcomes).map(([name, result]) => [
        name,
        name.endsWith('(no Origin)') || name.endsWith(` ${own}`) ? 'connected' : result.startsWith('refused') ? result : 'refused',
      ]),
    );
    expect(outcomes).toEqual(expected);
  });

  it('answers the engine.io handshake of a foreign Origin with 403 before any session exists', async () => {
    const foreign = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await foreign.text()).not.toContain('sid');
  });

  it('accepts the PUBLIC_URL origin and the ALLOWED_ORIGINS list, and nothing else', async () => {
    const result = {
      httpsPublic: await handshake(https.url, '', 'https://care.example.org', 'websocket', { token: (await https.login('patient')).token }),
      httpsOther: await handshake(https.url, '', 'https://a.example.org', 'websocket', { token: (await https.login('patient')).token }),
      httpsPlain: await handshake(https.url, '', 'http://care.example.org', 'websocket', { token: (await https.login('patient')).token }),
      listedA: await handshake(listed.url, '', 'https://a.example.org', 'websocket', { token: (await listed.login('patient')).token }),
      listedDev: await handshake(listed.url, '', 'http://localhost:5173', 'websocket', { token: (await listed.login('patient')).token }),
      listedPublicDropped: await handshake(listed.url, '', 'https://care.example.org', 'websocket', { token: (await listed.login('patient')).token }),
    };
    expect(result).toEqual({
      httpsPublic: 'connected',
      httpsOther: expect.stringMatching(/^refused/),
      httpsPlain: expect.stringMatching(/^refused/),
      listedA: 'connected',
      listedDev: 'connected',
      // ALLOWED_ORIGINS replaces the default: list PUBLIC_URL's origin in it to keep it.
      listedPublicDropped: expect.stringMatching(/^refused/),
    });
  });
});

describe('security headers and CSP on every kind of answer', () => {
  let t: TestEdge;
  let production: TestEdge;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'opencare-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
    t = await startTestEdge({ env: { WEB_DIST: web } });
    // Served over HTTPS (NODE_ENV=production does the same).
    production = await startTestEdge({ env: { WEB_DIST: web, PUBLIC_URL: 'https://care.example.org' } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await production?.close();
  }, 60_000);

  async function answers(edge: TestEdge) {
    const { token } = await edge.login('physician');
    return {
      'web page': await edge.call('GET', '/visits/some-visit', { headers: { accept: 'text/html' } }),
      'API JSON': await edge.call('GET', '/api/v1/profile', { token }),
      'tRPC JSON': await edge.call('GET', '/trpc/profile.get', { token }),
      'validation error': await edge.call('POST', '/api/v1/auth/login', { body: { username: 1 } }),
      'auth error': await edge.call('GET', '/api/v1/profile'),
      'not found': await edge.call('GET', '/api/v1/nothing-here'),
      'unreadable URL': await edge.call('GET', '/api/v1/users/%FF'),
      'body too large': await edge.call('POST', '/api/v1/auth/login', { body: { username: 'a', password: 'x'.repeat(300_000) } }),
    };
  }

  it('CSP without inline scripts, frame-ancestors none, nosniff, no-referrer, no X-Powered-By', async () => {
    const all = await answers(t);
    const report: string[] = [];
    for (const [name, res] of Object.entries(all)) {
      const csp = res.headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
      report.push(`${name} ${res.status}: csp ${csp ? 'yes' : 'MISSING'}`);
      expect(directive('default-src'), name).toBe("default-src 'self'");
      expect(directive('script-src'), name).toBe("script-src 'self' 'wasm-unsafe-eval'");
      expect(directive('object-src'), name).toBe("object-src 'none'");
      expect(directive('base-uri'), name).toBe("base-uri 'self'");
      expect(directive('frame-ancestors'), name).toBe("frame-ancestors 'none'");
      // WebAssembly may compile (the QR reader); JavaScript may not be evaluated.
      expect(csp, name).not.toMatch(/'unsafe-eval'/);
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), name).toBe('SAMEORIGIN');
      expect(res.headers.get('x-powered-by'), name).toBeNull();
      expect(res.headers.get('server'), name).toBeNull();
      // Not over plain HTTP in development: HSTS only where the edge is served over HTTPS.
      expect(res.headers.get('strict-transport-security'), name).toBeNull();
    }
    expect(all['web page'].status).toBe(200);
    expect(String(all['web page'].body)).toContain('<div id="root">');
    console.log(`abuse headers: ${report.join('; ')}`);
  });

  it('over HTTPS: HSTS on every answer, and the refresh cookie is HttpOnly, SameSite=Strict and Secure', async () => {
    const all = await answers(production);
    for (const [name, res] of Object.entries(all)) {
      expect(res.headers.get('strict-transport-security'), name).toMatch(/max-age=\d{8,}; includeSubDomains/);
      expect(res.headers.get('content-security-policy'), name).toContain("frame-ancestors 'none'");
    }
    const login = await production.call('POST', '/api/v1/auth/login', { body: { username: 'patient', password: 'Passw0rd!' } });
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^opencare_refresh=/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    const dev = await t.call('POST', '/api/v1/auth/login', { body: { username: 'patient', password: 'Passw0rd!' } });
    expect(dev.status, JSON.stringify(dev.body)).toBe(200);
    expect(dev.headers.get('set-cookie')).toMatch(/; HttpOnly/);
    expect(dev.headers.get('set-cookie')).toMatch(/; SameSite=Strict/);
  });
});
