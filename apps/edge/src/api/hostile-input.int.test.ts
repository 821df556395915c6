import { randomBytes, randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { organisations } from '@opencare/api/db/schema';
import { billingCodesOf } from '@opencare/api/monitoring-report/monitoring-report.repository';
import { inputObservers } from '@opencare/api/errors/app-error';
import { OPERATION_SETS } from '@opencare/api/operations/all-operations';
import type { AnyOperation } from '@opencare/api/operations/operation';
import { testDatabaseKind } from '@opencare/api/testing/env';
import { deviceStatePayloadSchema } from '@opencare/schemas/gateway-events';
import { ERRORS } from '@opencare/schemas/errors';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  organisationOf,
  PEOPLE,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { agentClients, agentOutcome, gatewayInfo, pairGateway, type AgentSocket, type PairedGateway } from '../testing/gateway-fixtures';
import { hostileText, hostileValueOf, queryOf, type HostileValue } from '../testing/hostile-values';
import { SAMPLE_UUID, sampleOf } from '../testing/zod-sample';
import type { z } from 'zod';
import {
  encode,
  garbageAuthorization,
  hostileBody,
  hostileQuery,
  hostileSegment,
  malformedJson,
  nastyString,
  objectText,
  valueText,
  wrongContentType,
} from '../testing/hostile-arbitraries';
import { restRoutes, socketEvents, trpcProcedures, type RestRoute, type TrpcProcedure } from '../testing/route-catalogue';
import { ask, collect, connected, outcome, socketClients, type TestSocket } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/**
 * Issue 8, test 4: property-based fuzzing (fast-check) of every REST route, tRPC procedure, socket
 * event of both namespaces and the visit signalling relay, with malformed input only. Every case
 * must be refused: no 5xx, no stack trace, every refusal in the catalogue's words, no row written,
 * the edge still ready after, and its heap no more than 10% bigger than before.
 *
 * Issue 15 adds valid-shaped input with one hostile value (packages' own schemas make the sample,
 * testing/hostile-values.ts replaces one leaf): NUL, lone surrogates, NUL in free JSON stored as
 * jsonb, runaway nesting and bytes that are not UTF-8 must be refused; overlong text, overflowing
 * numbers and `__proto__` keys may be taken but never give a 5xx. Every table's rows (less presence
 * stamps; the append-only audit log left out) are hashed before and after, Object.prototype is
 * compared, and no log line may carry an error level, a stack or SQL.
 *
 * FUZZ_SEED picks the cases (printed; replay a failure with it), FUZZ_RUNS the total (≥ 10,000 by
 * default). The full count runs on PGlite (the CI default); the PostgreSQL + Redis pass runs a
 * tenth of it unless FUZZ_PG_FULL=1, since the same arbitraries then only re-check the other
 * driver's error paths.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const FULL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
// FUZZ_PG_FULL=1 runs the full count on PostgreSQL too (figures in the report of issue 15).
const RUNS = testDatabaseKind === 'pglite' || process.env.FUZZ_PG_FULL === '1' ? FULL_RUNS : Math.ceil(FULL_RUNS / 10);
const CONCURRENCY = 8;

/** How the total is shared between target families. */
const SHARE = { rest: 0.44, trpc: 0.15, socket: 0.08, signal: 0.08, gateway: 0.04, handshake: 0.01, values: 0.2 } as const;
/**
 * Valid-shaped input with one hostile value that may be legitimately taken (overlong text, numbers
 * past a column's range, `__proto__` keys): run after the counted pass, since an accepted one writes.
 */
const MAY_ACCEPT_RUNS = Math.max(200, Math.round(RUNS * 0.05));

let t: TestEdge;
/** Every warn-or-worse line the edge logs during the suite. */
const logLines: string[] = [];
let cast: Cast;
let gateway: PairedGateway;
let visitId: string;
const patientDevice = `tab-${randomBytes(6).toString('hex')}`;
const physicianDevice = `tab-${randomBytes(6).toString('hex')}`;
const clients = socketClients();
const agents = agentClients();

/* ---------------- tallies ---------------- */

interface Tally {
  cases: number;
  refused: number;
  /** Answered 2xx where a 2xx is a legitimate answer (a route that reads no query string). */
  tolerated: number;
  accepted: number;
  serverErrors: number;
  badEnvelope: number;
  stackTraces: number;
  rateLimited: number;
  noAnswer: number;
}
const tallies = new Map<string, Tally>();
const findings: string[] = [];
const tally = (family: string): Tally => {
  let found = tallies.get(family);
  if (!found) {
    found = { cases: 0, refused: 0, tolerated: 0, accepted: 0, serverErrors: 0, badEnvelope: 0, stackTraces: 0, rateLimited: 0, noAnswer: 0 };
    tallies.set(family, found);
  }
  return found;
};
const note = (family: string, what: string, detail: string) => {
  if (findings.length < 40) findings.push(`[${family}] ${what}: ${detail.slice(0, 400)}`);
};

/** Stack frames, source paths or a raw error class in an answer. */
const STACK = /\bat [\w$.<>]+ \(|\bat (file:\/\/|\/)|\/work\/|node_modules|\.[cm]?[jt]s:\d+:\d+|\b(Type|Reference|Syntax|Range)?Error: /;
const isCatalogueKey = (key: unknown): key is keyof typeof ERRORS => typeof key === 'string' && Object.hasOwn(ERRORS, key);
const clientErrorKey = (key: unknown) => isCatalogueKey(key) && ERRORS[key].status >= 400 && ERRORS[key].status < 500;

type Envelope = 'rest' | 'fhir' | 'trpc';
function judgeHttp(family: string, label: string, status: number, text: string, envelope: Envelope, mayAccept = false): void {
  const row = tally(family);
  row.cases += 1;
  if (STACK.test(text)) {
    row.stackTraces += 1;
    note(family, 'stack trace', `${label} → ${status} ${text}`);
  }
  if (status >= 500) {
    row.serverErrors += 1;
    note(family, '5xx', `${label} → ${status} ${text}`);
    return;
  }
  if (status < 400) {
    if (mayAccept) row.tolerated += 1;
    else {
      row.accepted += 1;
      note(family, 'accepted', `${label} → ${status} ${text.slice(0, 200)}`);
    }
    return;
  }
  row.refused += 1;
  if (status === 429) row.rateLimited += 1;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const b = body as Record<string, unknown> | undefined;
  const restShape = b?.success === false && clientErrorKey(b.key) && typeof b.message === 'string';
  const good =
    envelope === 'rest'
      ? restShape
      : envelope === 'fhir'
        ? b?.resourceType === 'OperationOutcome' || restShape
        : // Refused before tRPC read it (an unreadable URL, headers too large): the REST envelope.
          restShape ||
          [body].flat().every((item) => {
            const error = (item as { error?: { message?: unknown; data?: { key?: unknown } } } | undefined)?.error;
            return clientErrorKey(error?.data?.key) && typeof error?.message === 'string';
          });
  if (!good) {
    row.badEnvelope += 1;
    note(family, 'not the catalogue envelope', `${label} → ${status} ${text}`);
  }
}

function judgeAck(family: string, label: string, answer: unknown, mayAccept?: (data: unknown) => boolean): void {
  const row = tally(family);
  row.cases += 1;
  const text = JSON.stringify(answer) ?? 'undefined';
  if (STACK.test(text)) {
    row.stackTraces += 1;
    note(family, 'stack trace', `${label} → ${text}`);
  }
  const a = answer as { data?: unknown; error?: unknown; message?: unknown } | undefined;
  if (a && 'data' in a) {
    if (mayAccept?.(a.data)) row.tolerated += 1;
    else {
      row.accepted += 1;
      note(family, 'accepted', `${label} → ${text.slice(0, 300)}`);
    }
    return;
  }
  row.refused += 1;
  if (a?.error === 'rateLimited') row.rateLimited += 1;
  if (isCatalogueKey(a?.error) && !clientErrorKey(a?.error)) {
    row.serverErrors += 1;
    note(family, 'server error', `${label} → ${text}`);
  } else if (!clientErrorKey(a?.error) || typeof a?.message !== 'string') {
    row.badEnvelope += 1;
    note(family, 'not the catalogue answer', `${label} → ${text}`);
  }
}

/* ---------------- helpers ---------------- */

async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await run(item);
      }
    }),
  );
}

/**
 * One hostile request, answered or not within 20 s, on a connection of its own (`connection:
 * close`). An edge that answers a malformed request before reading all of it may leave that
 * connection unusable; that hurts only the client that sent it, and must not make the next case (a
 * stranger's request, in real life) look unanswered. Three CI runs each had one such case.
 */
async function send(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; text: string } | undefined> {
  try {
    const response = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...init.headers, connection: 'close' },
      body: init.body,
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    // Why, for whoever reads a failure: a timeout, a reset, a refused connection.
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    console.error(`hostile input: no answer to ${method} ${path.slice(0, 80)}: ${(error as Error).name} ${cause?.code ?? ''}`);
    return undefined;
  }
}

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, salt: number): T[] =>
  numRuns > 0 ? fc.sample(arbitrary, { seed: SEED + salt, numRuns }) : [];

/** `/api/v1/x/:id/y/:type` with each parameter filled in. */
const fill = (url: string, value: (name: string) => string) => url.replace(/:(\w+)/g, (_m, name: string) => value(name));
const hasParams = (route: RestRoute) => /:\w+/.test(route.url);
const readsBody = (route: RestRoute) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

/** The content types a route reads as raw bytes (its declaration's `bytes.body`): for it, no wrong type. */
const RAW_BODY_TYPES = new Map<string, readonly string[]>(
  OPERATION_SETS.flatMap((set) =>
    (Object.values(set.operations) as AnyOperation[]).flatMap((op) =>
      op.rest.flatMap((binding) => (binding.bytes?.body ? [[`${binding.method} /api/v1${binding.path}`, binding.bytes.body] as const] : [])),
    ),
  ),
);
const readsAsBytes = (route: RestRoute, type: string) => RAW_BODY_TYPES.get(`${route.method} ${route.url}`)?.includes(type) ?? false;
/**
 * Routes that take no body and no parameter: a body sent to them is not their input, so a hostile
 * one is not refused (logout would sign the fuzzing user out). They still get the parser's cases.
 */
const NO_INPUT = new Set(['POST /api/v1/auth/logout', 'POST /api/v1/auth/logout-everywhere', 'POST /api/v1/auth/refresh', 'POST /api/v1/auth/two-factor/setup']);
const envelopeOf = (url: string): Envelope => (url.includes('/fhir/') ? 'fhir' : 'rest');

const roleToken = (who: Person | 'none'): Record<string, string> => (who === 'none' ? {} : { authorization: `Bearer ${cast.token[who]}` });
const WHO = [...PEOPLE, 'outsider', 'outsiderPatient'] as const;
const anyone = fc.constantFrom<Person | 'none'>(...WHO, ...WHO, 'none');

/**
 * Columns a refused request may legitimately touch: presence and last-used stamps (a socket that
 * connects, a token that is checked). Everything else of every row counts, so a changed e-mail, a
 * lock, a password hash or a revoked session shows.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  users: ['last_login'],
  accounts: ['is_online', 'last_seen'],
  sessions: ['last_used_at'],
  api_keys: ['last_used_at'],
  gateways: ['is_online', 'last_seen_at'],
};
/**
 * Tables left out: `audit_log`, append-only by design (every refusal is audited, so it must grow).
 * Every other table, the client `error_logs` included, must be unchanged by a refused request.
 */
const APPEND_ONLY = new Set(['audit_log']);

/** Row count and a hash of every row (less its volatile columns) of every table, rows in a fixed order. */
async function snapshot(): Promise<Record<string, string>> {
  const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const tables = rowsOf(
    await t.edge.deps.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((row) => String(row.table_name));
  const out: Record<string, string> = {};
  for (const table of tables) {
    if (APPEND_ONLY.has(table)) continue;
    const volatile = `{${(VOLATILE_COLUMNS[table] ?? []).join(',')}}`;
    const [row] = rowsOf(
      await t.edge.deps.db.execute(
        sql`select count(*)::text as n, coalesce(md5(string_agg(r, '|' order by r)), '') as f from (select (to_jsonb(x) - ${volatile}::text[])::text as r from ${sql.identifier(table)} x) s`,
      ),
    );
    out[table] = `${String(row?.n)} ${String(row?.f)}`;
  }
  return out;
}

/** What a prototype-pollution attempt would change. */
const prototypeState = () =>
  JSON.stringify({
    names: Object.getOwnPropertyNames(Object.prototype).sort(),
    polluted: (({}) as Record<string, unknown>).polluted,
    constructorIsObject: Object.prototype.constructor === Object,
  });

/** The heap of this process (the edge runs in it) after full collections. */
const gc = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
async function settledHeap(): Promise<number> {
  for (let i = 0; i < 3; i += 1) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage().heapUsed;
}

/* ---------------- set-up ---------------- */

let routes: RestRoute[] = [];
let procedures: (TrpcProcedure & { takesInput: boolean })[] = [];
const needsToken = new Set<string>();
const readsNoQuery = new Set<string>();
const trpcNeedsToken = new Set<string>();
let peopleEvents: string[] = [];

beforeAll(async () => {
  const setUpStarted = Date.now();
  t = await startTestEdge({ env: { RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' }, logStream: { write: (line) => void logLines.push(line) } });
  cast = await signInCast(t);
  gateway = await pairGateway(t, { token: cast.token.patient, accountId: cast.id.patient });
  ({ visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: await organisationOf(t.edge.deps.db, cast.id.patient),
    patientAccountId: cast.id.patient,
    providerAccountId: cast.id.physician,
    startsAt: new Date(Date.now() + 60_000),
    status: 'confirmed',
    type: 'tv',
  }));
  for (const [who, deviceId] of [
    ['patient', patientDevice],
    ['physician', physicianDevice],
  ] as const) {
    const joined = await t.call('POST', `/api/v1/visits/${visitId}/participants/join`, { token: cast.token[who], body: { deviceId } });
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
  }
  // The patient is let in from the waiting room, so malformed signals reach the relay itself.
  const admitted = await t.call('POST', `/api/v1/visits/${visitId}/admit`, { token: cast.token.physician, body: {} });
  if (admitted.status !== 200) throw new Error(`admit failed: ${admitted.status} ${JSON.stringify(admitted.body)}`);

  console.log(`hostile input: edge, cast, gateway and visit ready after ${((Date.now() - setUpStarted) / 1000).toFixed(1)} s`);
  routes = await restRoutes(t.edge.deps);
  const appProcedures = (await import('@opencare/api/transport/trpc/root')).appRouter._def.procedures as unknown as Record<
    string,
    { _def: { inputs: unknown[] } }
  >;
  procedures = trpcProcedures()
    .filter((p) => p.type !== 'subscription')
    .map((p) => ({ ...p, takesInput: (appProcedures[p.path]?._def.inputs.length ?? 0) > 0 }));

  // Which routes ask for a token (a garbage one must then be refused), and which list routes
  // read no query string (a hostile one is then not their input). Read from the edge, not listed.
  await pool(routes, CONCURRENCY, async (route) => {
    const path = fill(route.url, () => randomUUID());
    const bare = await send(route.method, path);
    if (bare?.status === 401) needsToken.add(`${route.method} ${route.url}`);
    if (route.method === 'GET' && !hasParams(route)) {
      for (const who of ['admin', 'physician', 'patient'] as const) {
        const probe = await send('GET', `${path}?zzUnknown=1`, { headers: roleToken(who) });
        if (probe && probe.status < 300) readsNoQuery.add(`${route.method} ${route.url}`);
      }
    }
  });
  await pool(procedures, CONCURRENCY, async (p) => {
    const res = p.type === 'query' ? await send('GET', `/trpc/${p.path}`) : await send('POST', `/trpc/${p.path}`, { headers: { 'content-type': 'application/json' }, body: '{}' });
    if (res?.status === 401) trpcNeedsToken.add(p.path);
  });
  await discoverSchemas();
  console.log(`hostile input: set-up (edge, sign-ins, gateway, visit, probes) ${((Date.now() - setUpStarted) / 1000).toFixed(1)} s`);
  // Generous: about 5 s on an idle machine, but the shared CI runners are not always idle.
}, 600_000);

afterAll(async () => {
  clients.closeAll();
  agents.closeAll();
  await t?.close();
}, 60_000);

/* ---------------- case families ---------------- */

interface HttpCase {
  family: string;
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** A JSON body of this many bytes, made when sent (kept out of the heap between cases). */
  oversize?: number;
  envelope: Envelope;
  mayAccept?: boolean;
  route?: string;
}

function restCases(count: number, salt: number): HttpCase[] {
  const key = (r: RestRoute) => `${r.method} ${r.url}`;
  const withParams = routes.filter(hasParams);
  const withBody = routes.filter(readsBody);
  const bodyShaped = withBody.filter((r) => !NO_INPUT.has(key(r)));
  const tokenRoutes = routes.filter((r) => needsToken.has(key(r)));
  const gets = routes.filter((r) => r.method === 'GET');
  const uuid = fc.uuid({ version: 4 });
  const json = { 'content-type': 'application/json' };

  const path = fc
    .tuple(fc.constantFrom(...withParams), anyone, hostileSegment, uuid, fc.nat())
    .map(([route, who, bad, id, at]): HttpCase => {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const target = names[at % names.length];
      return {
        family: 'rest: bad path parameter',
        label: `${route.method} ${route.url} [${target}=${bad.slice(0, 60)}] as ${who}`,
        method: route.method,
        path: fill(route.url, (name) => (name === target ? bad : id)),
        headers: { ...roleToken(who), ...(readsBody(route) ? json : {}) },
        body: readsBody(route) ? '{}' : undefined,
        envelope: envelopeOf(route.url),
      };
    });
  const body = fc
    .tuple(fc.constantFrom(...bodyShaped), anyone, hostileBody(50_000), uuid)
    .map(([route, who, text, id]): HttpCase => ({
      family: 'rest: hostile JSON body',
      label: `${route.method} ${route.url} as ${who} body ${text.slice(0, 120)}`,
      method: route.method,
      path: fill(route.url, () => id),
      headers: { ...roleToken(who), ...json },
      body: text,
      envelope: envelopeOf(route.url),
    }));
  const raw = fc
    .tuple(
      fc.constantFrom(...withBody),
      anyone,
      uuid,
      fc.oneof(
        malformedJson.map((text) => ({ kind: 'malformed JSON', headers: json, body: text })),
        fc.tuple(wrongContentType, hostileBody(50)).map(([type, text]) => ({ kind: `content-type ${type}`, headers: { 'content-type': type }, body: text })),
        hostileBody(50).map((text) => ({
          kind: 'invalid UTF-8',
          headers: json,
          body: Buffer.concat([Buffer.from(text.slice(0, 1)), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from(text.slice(1))]),
        })),
        fc.constantFrom(300_000, 1_100_000, 6_000_000).map((n) => ({ kind: `oversize ${n}`, headers: json, oversize: n })),
      ),
    )
    // A route that reads raw bytes of this type reads any bytes: not an unreadable body there.
    .filter(([route, , , c]) => !('headers' in c && readsAsBytes(route, c.headers['content-type'] ?? '')))
    .map(([route, who, id, c]): HttpCase => ({
      family: 'rest: unreadable body',
      label: `${route.method} ${route.url} as ${who}: ${c.kind}`,
      method: route.method,
      path: fill(route.url, () => id),
      headers: { ...roleToken(who), ...c.headers },
      ...('oversize' in c ? { oversize: c.oversize } : { body: c.body }),
      envelope: envelopeOf(route.url),
    }));
  const auth = fc
    .tuple(
      fc.constantFrom(...tokenRoutes),
      uuid,
      fc.oneof(
        garbageAuthorization(cast.token.patient),
        fc.tuple(fc.constantFrom(...WHO), nastyString).map(([who, id]) => ({
          authorization: `Bearer ${cast.token[who]}`,
          // Header values are trimmed in transit: a blank one is no header at all, not garbage.
          'x-account-id': id.replace(/[^\u0020-\u007e]/g, '?').slice(0, 500).trim() || 'x',
        })),
      ),
    )
    .map(([route, id, headers]): HttpCase => ({
      family: 'rest: garbage credentials',
      label: `${route.method} ${route.url} with ${JSON.stringify(headers).slice(0, 160)}`,
      method: route.method,
      path: fill(route.url, () => id),
      headers: { ...headers, ...(readsBody(route) ? json : {}) },
      body: readsBody(route) ? '{}' : undefined,
      envelope: envelopeOf(route.url),
    }));
  const query = fc
    .tuple(fc.constantFrom(...gets), anyone, hostileQuery, uuid)
    .map(([route, who, q, id]): HttpCase => ({
      family: 'rest: hostile query string',
      label: `${route.method} ${route.url}?${q.slice(0, 120)} as ${who}`,
      method: 'GET',
      path: `${fill(route.url, () => id)}?${q}`,
      headers: roleToken(who),
      envelope: envelopeOf(route.url),
      mayAccept: readsNoQuery.has(key(route)),
    }));
  // Oversize bodies are heavy: a few per run are enough to show the limit holds.
  return sample(
    fc.oneof({ arbitrary: path, weight: 5 }, { arbitrary: body, weight: 7 }, { arbitrary: raw, weight: 3 }, { arbitrary: auth, weight: 3 }, { arbitrary: query, weight: 4 }),
    count,
    salt,
  ).map((c) => ({ ...c, route: c.label.split(/[ ?]/).slice(0, 2).join(' ') }));
}

function trpcCases(count: number, salt: number): HttpCase[] {
  const withInput = procedures.filter((p) => p.takesInput);
  const authed = procedures.filter((p) => trpcNeedsToken.has(p.path));
  const json = { 'content-type': 'application/json' };
  const call = (p: TrpcProcedure, input: string | undefined, headers: Record<string, string>) =>
    p.type === 'query'
      ? { method: 'GET', path: `/trpc/${p.path}${input === undefined ? '' : `?input=${encode(input)}`}`, headers }
      : { method: 'POST', path: `/trpc/${p.path}`, headers: { ...headers, ...json }, body: input };

  const input = fc
    .tuple(fc.constantFrom(...withInput), anyone, hostileBody(2_000))
    .map(([p, who, text]): HttpCase => ({
      family: 'trpc: hostile input',
      label: `${p.type} ${p.path} as ${who} input ${text.slice(0, 120)}`,
      ...call(p, text, roleToken(who)),
      envelope: 'trpc',
    }));
  const transport = fc
    .tuple(
      fc.constantFrom(...procedures),
      anyone,
      fc.constantFrom('malformed JSON', 'wrong method', 'bad batch', 'unknown procedure'),
      malformedJson,
      fc.constantFrom('nope', '__proto__', 'constructor', 'toString', 'auth.__proto__', 'auth.constructor', 'hasOwnProperty', 'auth..login', '%FF', 'a'.repeat(2000)),
    )
    .map(([p, who, kind, text, unknown]): HttpCase => {
      const headers = roleToken(who);
      const base = { family: 'trpc: unreadable request', label: `${p.path} as ${who}: ${kind}`, envelope: 'trpc' as const };
      // A procedure without input ignores what is sent as input (a JSON `1` would run auth.logout):
      // for it the unreadable request is the wrong method.
      if (kind === 'malformed JSON' && p.takesInput)
        return p.type === 'query'
          ? { ...base, method: 'GET', path: `/trpc/${p.path}?input=${encode(text)}`, headers, label: `${base.label} ${text.slice(0, 60)}` }
          : { ...base, method: 'POST', path: `/trpc/${p.path}`, headers: { ...headers, ...json }, body: text, label: `${base.label} ${text.slice(0, 60)}` };
      if (kind === 'bad batch' && p.takesInput)
        return { ...base, method: p.type === 'query' ? 'GET' : 'POST', path: `/trpc/${p.path},${p.path}?batch=1&input=${encode(text)}`, headers: { ...headers, ...json }, body: p.type === 'query' ? undefined : text };
      if (kind !== 'unknown procedure')
        return p.type === 'query'
          ? { ...base, method: 'POST', path: `/trpc/${p.path}`, headers: { ...headers, ...json }, body: '{}' }
          : { ...base, method: 'GET', path: `/trpc/${p.path}`, headers };
      return { ...base, method: 'POST', path: `/trpc/${unknown}`, headers: { ...headers, ...json }, body: '{}', label: `unknown procedure ${unknown.slice(0, 40)}` };
    });
  const auth = fc
    .tuple(fc.constantFrom(...authed), garbageAuthorization(cast.token.physician))
    .map(([p, headers]): HttpCase => ({
      family: 'trpc: garbage credentials',
      label: `${p.type} ${p.path} with ${JSON.stringify(headers).slice(0, 160)}`,
      ...call(p, p.takesInput ? '{}' : undefined, headers),
      envelope: 'trpc',
    }));
  return sample(fc.oneof({ arbitrary: input, weight: 5 }, { arbitrary: transport, weight: 3 }, { arbitrary: auth, weight: 2 }), count, salt);
}

async function runHttp(cases: HttpCase[]): Promise<void> {
  await pool(cases, CONCURRENCY, async (c) => {
    const body = c.oversize ? `{"zzPadding":"${'x'.repeat(c.oversize)}"}` : c.body;
    const res = await send(c.method, c.path, { headers: c.headers, body });
    if (!res) {
      tally(c.family).cases += 1;
      tally(c.family).noAnswer += 1;
      note(c.family, 'no answer', c.label);
      return;
    }
    judgeHttp(c.family, c.label, res.status, res.text, c.envelope, c.mayAccept);
  });
}

/** A payload as a socket client sends it: JSON text parsed back, so `__proto__` stays an own key. */
const payloadOf = (text: string): unknown => JSON.parse(text);
/**
 * `session:whoami` takes no input, and a null payload is none (parseInput): what arrives as null
 * (`null`, or `1e999`, which the client's JSON sends as null) may be answered.
 */
const noInputTolerated = (event: string, text: string) =>
  event === 'session:whoami' && JSON.stringify(payloadOf(text)) === 'null' ? () => true : undefined;

async function runPeopleSockets(count: number, salt: number): Promise<void> {
  const who = ['admin', 'physician', 'nurse', 'patient', 'caregiver', 'outsider'] as const;
  const sockets = await Promise.all(who.map((w) => connected(clients.open(t.url, { token: cast.token[w] }))));
  const events = peopleEvents.filter((e) => e !== 'visit:signal');
  const cases = sample(
    fc.tuple(fc.nat(who.length - 1), fc.constantFrom(...events), hostileBody(500), fc.integer({ min: 0, max: 9 })),
    count,
    salt,
  );
  await pool(cases, CONCURRENCY, async ([s, event, text, mode]) => {
    const socket = sockets[s] as TestSocket;
    if (mode === 0) {
      // No acknowledgement asked: ignored by design. Then an unknown event: no listener at all.
      (socket.emit as (ev: string, p: unknown) => void)(event, payloadOf(text));
      (socket.emit as (ev: string, p: unknown) => void)(['__proto__', 'constructor', 'toString', 'nope:nope', 'hasOwnProperty'][text.length % 5] as string, payloadOf(text));
      judgeAck('socket: people events', `${event} (no ack)`, await ask(socket, 'session:whoami', payloadOf(text)), noInputTolerated('session:whoami', text));
      return;
    }
    let answer: unknown;
    try {
      answer = await ask(socket, event as 'patient:watch', payloadOf(text));
    } catch {
      tally('socket: people events').cases += 1;
      tally('socket: people events').noAnswer += 1;
      note('socket: people events', 'no answer', `${event} ${text.slice(0, 120)}`);
      return;
    }
    judgeAck('socket: people events', `${event} as ${who[s]} ${text.slice(0, 120)}`, answer, noInputTolerated(event, text));
  });
  for (const socket of sockets) socket.disconnect();
}

/**
 * `visit:signal`: malformed messages in the real visit (from the entered patient to the entered
 * physician), and from sockets that never entered it. A socket may send 200 signals in 10 s, so
 * each socket sends at most 190 cases (refusals by the limit would hide the validation).
 */
function signalCases(count: number, salt: number) {
  const validSignal = fc.constantFrom(
    '{"type":"offer","sdp":"v=0"}',
    '{"renegotiate":true}',
    '{"type":"candidate","candidate":{"candidate":"candidate:1 1 udp 1 10.0.0.1 5000 typ host","sdpMid":"0","sdpMLineIndex":0}}',
  );
  const badSignal = fc.oneof(
    fc.tuple(fc.oneof(nastyString, fc.constantFrom('OFFER', 'bye', 'candidate ')), valueText(5)).map(([type, sdp]) => objectText([['type', JSON.stringify(type)], ['sdp', sdp]])),
    fc.constantFrom(200_001, 300_000).map((n) => objectText([['type', '"offer"'], ['sdp', JSON.stringify('x'.repeat(n))]])),
    // Candidates with one field wrong (values that stay wrong through the client's JSON round trip).
    fc
      .oneof(
        fc.constantFrom('1', 'null', '[]', '{}', JSON.stringify('x'.repeat(2_001))).map((v) => `{"candidate":${v}}`),
        fc
          .constantFrom(
            ['sdpMLineIndex', ['-1', '0.5', '"0"', '1001', '"NaN"', '[]', '{}', 'true', '1e308']],
            ['sdpMid', ['1', '[]', '{}', 'true', JSON.stringify('x'.repeat(65))]],
            ['usernameFragment', ['1', '{}', 'false', JSON.stringify('x'.repeat(257))]],
            ['zz', ['1', '"x"', 'null']],
          )
          .chain(([field, values]) => fc.constantFrom(...(values as readonly string[])).map((v) => `{"candidate":"c",${JSON.stringify(field)}:${v}}`)),
      )
      .map((candidate) => `{"type":"candidate","candidate":${candidate}}`),
    fc.oneof(valueText(5), fc.constantFrom('false', '"true"', '1')).filter((v) => v !== 'true').map((v) => `{"renegotiate":${v}}`),
    fc.oneof(nastyString.map((s) => JSON.stringify(s)), valueText(3)).filter((v) => v !== '"audio"' && v !== '"video"').map((v) => `{"transceiverRequest":{"kind":${v}}}`),
    validSignal.map((text) => `${text.slice(0, -1)},"__proto__":{"polluted":true}}`),
    validSignal.map((text) => `${text.slice(0, -1)},"extra":1}`),
    hostileBody(500),
  );
  const to = fc.oneof(
    { arbitrary: fc.constant(JSON.stringify(physicianDevice)), weight: 3 },
    { arbitrary: fc.oneof(nastyString, fc.uuid()).map((s) => JSON.stringify(s)), weight: 1 },
  );
  return sample(
    fc.oneof(
      // A malformed signal in the real visit, to the real device.
      { arbitrary: fc.tuple(fc.constant(JSON.stringify(visitId)), to, badSignal).map(([v, d, s]) => ({ entered: true, text: objectText([['visitId', v], ['toDeviceId', d], ['signal', s]]) })), weight: 6 },
      // A well-formed signal addressed wrongly (another visit, a device not in it, from outside).
      { arbitrary: fc.tuple(fc.uuid({ version: 4 }), fc.string({ minLength: 8, maxLength: 20, unit: 'grapheme-ascii' }), validSignal).map(([v, d, s]) => ({ entered: false, text: objectText([['visitId', JSON.stringify(v)], ['toDeviceId', JSON.stringify(d)], ['signal', s]]) })), weight: 2 },
      // The envelope itself broken: extra keys, wrong types, not an object.
      { arbitrary: hostileBody(500).map((text) => ({ entered: true, text })), weight: 2 },
    ),
    count,
    salt,
  );
}

async function runSignals(count: number, salt: number): Promise<{ relayed: number }> {
  const physician = await connected(clients.open(t.url, { token: cast.token.physician }));
  await ask(physician, 'visit:enter', { visitId, deviceId: physicianDevice });
  const relayed = collect(physician, 'visit:signal');
  const cases = signalCases(count, salt);
  const perSocket = 190;
  for (let from = 0; from < cases.length; from += perSocket) {
    const batch = cases.slice(from, from + perSocket);
    const patient = await connected(clients.open(t.url, { token: cast.token.patient }));
    const entered = await ask(patient, 'visit:enter', { visitId, deviceId: patientDevice });
    if (!('data' in entered)) throw new Error(`visit:enter failed: ${JSON.stringify(entered)}`);
    const stranger = await connected(clients.open(t.url, { token: cast.token[(['nurse', 'patient2', 'outsider', 'caregiver'] as const)[(from / perSocket) % 4]!] }));
    await pool(batch, CONCURRENCY, async (c) => {
      const socket = c.entered ? patient : stranger;
      try {
        judgeAck('signal: visit:signal', `${c.entered ? 'entered patient' : 'outsider'} ${c.text.slice(0, 160)}`, await ask(socket, 'visit:signal', payloadOf(c.text)));
      } catch {
        tally('signal: visit:signal').cases += 1;
        tally('signal: visit:signal').noAnswer += 1;
        note('signal: visit:signal', 'no answer', c.text.slice(0, 160));
      }
    });
    patient.disconnect();
    stranger.disconnect();
  }
  return { relayed: relayed.length };
}

async function runGateway(count: number, salt: number): Promise<void> {
  const agent = agents.open(t.url, { token: gateway.token });
  const opened = await agentOutcome(agent);
  if (!opened.connected) throw new Error(`agent refused: ${opened.message}`);
  const events = ['gateway:hello', 'gateway:heartbeat', 'readings:upload', 'device:state', 'ecg:samples'];
  const readings = fc.array(fc.oneof(hostileBody(200), valueText(4)), { minLength: 1, maxLength: 5 }).map((items) => `{"readings":[${items.join(',')}]}`);
  const cases = sample(
    fc.oneof(
      { arbitrary: fc.tuple(fc.constantFrom(...events), hostileBody(500)), weight: 4 },
      { arbitrary: fc.tuple(fc.constant('readings:upload'), readings), weight: 2 },
      {
        arbitrary: fc.tuple(
          fc.constant('gateway:heartbeat'),
          fc.tuple(fc.constantFrom('queued', 'rejected', 'uptimeS'), fc.constantFrom('-1', '0.5', '"1"', '1e999', '"NaN"', 'null', '[]', '{}')).filter(([field, v]) => !(field === 'uptimeS' && v === '0.5')).map(([field, v]) => {
            const body: Record<string, string> = { queued: '0', rejected: '0', uptimeS: '1' };
            body[field] = v;
            return objectText(Object.entries(body));
          }),
        ),
        weight: 1,
      },
    ),
    count,
    salt,
  );
  // readings:upload answers per reading: a refused reading is `rejected` in a data answer.
  const allRejected = (data: unknown) => {
    const outcomes = (data as { outcomes?: { status?: string }[] } | undefined)?.outcomes;
    return Array.isArray(outcomes) && outcomes.every((o) => o.status === 'rejected');
  };
  await pool(cases, CONCURRENCY, async ([event, text]) => {
    const timed = agent.timeout(10_000) as unknown as { emitWithAck(ev: string, p: unknown): Promise<unknown> };
    try {
      judgeAck('gateway: agent events', `${event} ${text.slice(0, 160)}`, await timed.emitWithAck(event, payloadOf(text)), event === 'readings:upload' ? allRejected : undefined);
    } catch {
      tally('gateway: agent events').cases += 1;
      tally('gateway: agent events').noAnswer += 1;
      note('gateway: agent events', 'no answer', `${event} ${text.slice(0, 160)}`);
    }
  });
  agent.disconnect();
}

async function runHandshakes(count: number, salt: number): Promise<void> {
  // Garbage tokens (never a valid one passed on: "Token <valid>" stripped of its scheme would be).
  const garbage = garbageAuthorization(cast.token.admin)
    .map((h) => ({ token: (h.authorization ?? '').replace(/^\S+\s?/, '') }))
    .filter((a) => !Object.values(cast.token).includes(a.token) && a.token !== gateway.token);
  const peopleAuth = fc.oneof(
    hostileBody(200).map(payloadOf),
    garbage,
    fc.constantFrom({ token: gateway.token }, { guestToken: cast.token.patient }, { token: cast.token.patient, accountId: cast.id.admin }, { token: cast.token.patient, accountId: "' OR 1=1 --" }),
  );
  const gatewayAuth = fc.oneof(
    hostileBody(200).map(payloadOf),
    garbage,
    fc.constantFrom({ token: cast.token.patient }, { token: `${gateway.token}x` }, { token: gateway.token.toLowerCase() === gateway.token ? `${gateway.token}A` : gateway.token.toLowerCase() }, { guestToken: gateway.token }),
  );
  const auth = fc.boolean().chain((people) => (people ? peopleAuth : gatewayAuth).map((a) => [people, a] as const));
  const cases = sample(auth, count, salt);
  await pool(cases, 4, async ([people, a]) => {
    const family = people ? 'handshake: people' : 'handshake: gateways';
    const authObject = typeof a === 'object' && a !== null && !Array.isArray(a) ? (a as Record<string, unknown>) : { value: a };
    const socket = io(people ? t.url : `${t.url}/gateways`, { auth: authObject, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 10_000 });
    const result = people
      ? await outcome(socket)
      : await agentOutcome(socket as unknown as AgentSocket).then((r) => (r.connected ? r : { connected: false as const, data: r.data }));
    socket.disconnect();
    if (result.connected) {
      const row = tally(family);
      row.cases += 1;
      row.accepted += 1;
      note(family, 'accepted', JSON.stringify(authObject).slice(0, 200));
      return;
    }
    judgeAck(family, JSON.stringify(authObject).slice(0, 160), result.data);
  });
}

/* ---------------- valid shape, hostile value (issue 15) ---------------- */

interface ValueTarget {
  kind: 'rest' | 'trpc' | 'people' | 'gateway';
  label: string;
  sample: unknown;
  /** Whether the sample passes its own schema, refinements included. */
  valid: boolean;
  where: 'json' | 'query';
  rest?: RestRoute;
  procedure?: TrpcProcedure;
  event?: string;
}
const valueTargets: ValueTarget[] = [];
const bodySchemas = new Map<string, z.ZodType>();
const querySchemas = new Map<string, z.ZodType>();

/** Real ids for path parameters, so a valid-shaped write reaches the row it names. */
function realId(route: RestRoute, name: string): string {
  if (/^(patientId|accountId|patientAccountId)$/.test(name) || (name === 'id' && /\/(patients|accounts)\/:id/.test(route.url))) return cast.id.patient;
  if (name === 'id' && /\/gateways\/:id/.test(route.url)) return gateway.gatewayId;
  if (/^visitId$/.test(name) || (name === 'id' && /\/visits\/:id/.test(route.url))) return visitId;
  return randomUUID();
}

/**
 * Which shared schema reads each route's body and query, learned from the edge itself: a probe
 * marker sent as the body (or query) and seen by the boundary's parser. A route the probe never
 * reaches past its access check (or that reads no input) gets no valid-shaped cases; the figure is
 * printed.
 */
async function discoverSchemas(): Promise<void> {
  const pending = new Map<string, { key: string; where: 'body' | 'query' }>();
  const observer = (schema: z.ZodType, value: unknown) => {
    const probe = (value as { zzProbe?: unknown } | null | undefined)?.zzProbe;
    const found = typeof probe === 'string' ? pending.get(probe) : undefined;
    if (found) (found.where === 'body' ? bodySchemas : querySchemas).set(found.key, schema);
  };
  inputObservers.add(observer);
  let n = 0;
  try {
    await pool(routes, CONCURRENCY, async (route) => {
      const key = `${route.method} ${route.url}`;
      if (NO_INPUT.has(key)) return;
      for (const who of ['patient', 'physician', 'admin'] as const) {
        const id = `p${(n += 1)}`;
        // Random ids: a route that reads no body must not act on a real visit or patient here.
        const path = fill(route.url, () => randomUUID());
        if (readsBody(route)) {
          pending.set(id, { key, where: 'body' });
          await send(route.method, path, { headers: { ...roleToken(who), 'content-type': 'application/json' }, body: JSON.stringify({ zzProbe: id }) });
        } else {
          pending.set(id, { key, where: 'query' });
          await send(route.method, `${path}?zzProbe=${id}`, { headers: roleToken(who) });
        }
        if (bodySchemas.has(key) || querySchemas.has(key)) return;
      }
    });
  } finally {
    inputObservers.delete(observer);
  }
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const body = bodySchemas.get(key);
    const query = querySchemas.get(key);
    const schema = body ?? query;
    if (!schema) continue;
    const { value, valid } = withRealIds(sampleOf(schema));
    valueTargets.push({ kind: 'rest', label: key, sample: value ?? {}, valid, where: body ? 'json' : 'query', rest: route });
  }
  const appProcedures = (await import('@opencare/api/transport/trpc/root')).appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>;
  for (const p of procedures.filter((q) => q.takesInput)) {
    const schema = appProcedures[p.path]?._def.inputs[0];
    if (!schema) continue;
    const { value, valid } = withRealIds(sampleOf(schema));
    valueTargets.push({ kind: 'trpc', label: `${p.type} ${p.path}`, sample: value ?? {}, valid, where: 'json', procedure: p });
  }
  const people: Record<string, unknown> = {
    'session:whoami': {},
    'patient:watch': { patientId: cast.id.patient },
    'patient:unwatch': { patientId: cast.id.patient },
    'visit:enter': { visitId, deviceId: patientDevice },
    'visit:join': { visitId, deviceId: patientDevice },
    'visit:exit': { visitId },
    'visit:signal': { visitId, toDeviceId: physicianDevice, signal: { type: 'offer', sdp: 'v=0' } },
    'visit:chat': { visitId, body: 'Sample message' },
    'visit:draw': { visitId, stream: { deviceId: patientDevice, source: 'camera' }, action: { kind: 'stroke', stroke: { color: '#fa5252', width: 4, points: [{ x: 0.5, y: 0.5 }] } } },
  };
  for (const [event, sample] of Object.entries(people)) valueTargets.push({ kind: 'people', label: event, sample, valid: true, where: 'json', event });
  const agent: Record<string, unknown> = {
    'gateway:hello': { info: gatewayInfo() },
    'gateway:heartbeat': { queued: 0, rejected: 0, uptimeS: 1 },
    'readings:upload': { readings: [{ deviceId: randomUUID(), reading: { id: randomUUID(), type: 'bt', values: { temperature: 37 }, note: 'Sample note' } }] },
    'device:state': sampleOf(deviceStatePayloadSchema).value,
    'ecg:samples': { deviceId: randomUUID(), sampleRate: 130, samples: [12, 40, 1100, -150, 20], seq: 0 },
  };
  for (const [event, sample] of Object.entries(agent)) valueTargets.push({ kind: 'gateway', label: event, sample, valid: true, where: 'json', event });
}

/** The sample's ids made the demo patient's, so a valid-shaped write can reach a real record. */
const withRealIds = (found: { value: unknown; valid: boolean }) => ({
  valid: found.valid,
  value: found.value === undefined ? undefined : (JSON.parse(JSON.stringify(found.value).replaceAll(SAMPLE_UUID, cast.id.patient)) as unknown),
});

interface ValueCase {
  target: ValueTarget;
  who: Person | 'none';
  hostile: HostileValue;
}

function valueCases(count: number, salt: number, cls: 'refuse' | 'mayAccept'): ValueCase[] {
  const weight = { rest: 50, trpc: 35, people: 10, gateway: 5 } as const;
  const byKind = (kind: ValueTarget['kind']) => valueTargets.filter((target) => target.kind === kind);
  const of = (kind: ValueTarget['kind']) =>
    fc
      // Those who may act (and now and then nobody), so most cases pass the access check.
      .tuple(fc.constantFrom(...byKind(kind)), fc.constantFrom<Person | 'none'>('patient', 'patient', 'physician', 'admin', 'nurse', 'none'))
      .chain(([target, who]) => hostileValueOf(target.sample, cls, target.where).map((hostile) => ({ target, who, hostile })));
  return sample(fc.oneof(...(['rest', 'trpc', 'people', 'gateway'] as const).filter((k) => byKind(k).length > 0).map((k) => ({ arbitrary: of(k), weight: weight[k] }))), count, salt);
}

const familyOf = (c: ValueCase) => `values ${c.hostile.class === 'refuse' ? '(refuse)' : '(may accept)'}: ${c.target.kind}`;

async function runValues(cases: ValueCase[]): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const http: HttpCase[] = [];
  const sockets: ValueCase[] = [];
  for (const c of cases) {
    const { target, who, hostile } = c;
    const base = { family: familyOf(c), label: `${target.label} as ${who}: ${hostile.what}`, envelope: 'rest' as Envelope, mayAccept: hostile.class === 'mayAccept' };
    if (target.kind === 'rest' && target.rest) {
      const route = target.rest;
      const path = fill(route.url, (name) => realId(route, name));
      if (target.where === 'query') http.push({ ...base, method: route.method, path: `${path}?${queryOf(hostile.value)}`, headers: roleToken(who), envelope: envelopeOf(route.url) });
      else http.push({ ...base, method: route.method, path, headers: { ...roleToken(who), ...json }, body: hostileText(hostile), envelope: envelopeOf(route.url) });
    } else if (target.kind === 'trpc' && target.procedure) {
      const p = target.procedure;
      const body = hostileText(hostile);
      if (p.type === 'query') {
        // A query's input travels in the URL: bytes that are not UTF-8 cannot (they read as U+FFFD), so NUL instead.
        const text = typeof body === 'string' ? body : JSON.stringify(hostile.value).replace('ZZINVALIDUTF8ZZ', '\\u0000');
        http.push({ ...base, envelope: 'trpc', method: 'GET', path: `/trpc/${p.path}?input=${encode(text)}`, headers: roleToken(who) });
      } else http.push({ ...base, envelope: 'trpc', method: 'POST', path: `/trpc/${p.path}`, headers: { ...roleToken(who), ...json }, body });
    } else sockets.push(c);
  }
  await runHttp(http);
  if (sockets.length === 0) return;

  // Sockets: a JSON payload cannot carry bytes that are not UTF-8; those cases send NUL instead.
  const payload = (h: HostileValue) => (h.rawUtf8 ? JSON.parse(JSON.stringify(h.value).replace('ZZINVALIDUTF8ZZ', '\\u0000')) : JSON.parse(JSON.stringify(h.value)));
  const people = await connected(clients.open(t.url, { token: cast.token.patient }));
  await ask(people, 'visit:enter', { visitId, deviceId: patientDevice });
  const agent = agents.open(t.url, { token: gateway.token });
  if (!(await agentOutcome(agent)).connected) throw new Error('agent refused');
  const allRejected = (data: unknown) => {
    const outcomes = (data as { outcomes?: { status?: string }[] } | undefined)?.outcomes;
    return Array.isArray(outcomes) && outcomes.every((o) => o.status === 'rejected');
  };
  // A socket may send 200 signals in 10 s: signal cases are spread out so the limit hides nothing.
  await pool(sockets, 4, async (c) => {
    const label = `${c.target.label}: ${c.hostile.what}`;
    const mayAccept = c.hostile.class === 'mayAccept' ? () => true : c.target.event === 'readings:upload' ? allRejected : undefined;
    try {
      const socket = c.target.kind === 'people' ? people : agent;
      const timed = socket.timeout(10_000) as unknown as { emitWithAck(ev: string, p: unknown): Promise<unknown> };
      judgeAck(familyOf(c), label, await timed.emitWithAck(c.target.event ?? '', payload(c.hostile)), mayAccept);
    } catch {
      tally(familyOf(c)).cases += 1;
      tally(familyOf(c)).noAnswer += 1;
      note(familyOf(c), 'no answer', label);
    }
  });
  people.disconnect();
  agent.disconnect();
}

/* ---------------- the suite ---------------- */

describe('hostile input (issue 8, test 4)', () => {
  it(
    `refuses ${RUNS} malformed cases across every endpoint, event and signalling message`,
    async () => {
      const started = Date.now();
      const probe = await connected(clients.open(t.url, { token: cast.token.physician }));
      peopleEvents = socketEvents(t, probe);
      probe.disconnect();
      console.log(
        `hostile input: seed ${SEED} (FUZZ_SEED), ${RUNS} cases (FUZZ_RUNS=${FULL_RUNS}, ${testDatabaseKind}); targets: ${routes.length} REST routes (${needsToken.size} need a token, ${readsNoQuery.size} read no query: ${[...readsNoQuery].join(', ')}), ${procedures.length} tRPC procedures, ${peopleEvents.length} people events (${peopleEvents.join(', ')}), 4 gateway events, 2 handshakes`,
      );

      const share = (family: keyof typeof SHARE, of = RUNS) => Math.max(1, Math.round(of * SHARE[family]));
      const perRoute = new Map<string, number>();
      const seconds: Record<string, string> = {};
      const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
        const from = Date.now();
        const result = await work();
        seconds[name] = ((Date.now() - from) / 1000).toFixed(1);
        return result;
      };
      const all = async (total: number, salt: number) => {
        await timed('rest', () => {
          const rest = restCases(share('rest', total), salt + 1);
          for (const c of rest) perRoute.set(c.route ?? '', (perRoute.get(c.route ?? '') ?? 0) + 1);
          return runHttp(rest);
        });
        await timed('trpc', () => runHttp(trpcCases(share('trpc', total), salt + 2)));
        await timed('socket', () => runPeopleSockets(share('socket', total), salt + 3));
        const signals = await timed('signal', () => runSignals(share('signal', total), salt + 4));
        await timed('gateway', () => runGateway(share('gateway', total), salt + 5));
        await timed('handshake', () => runHandshakes(share('handshake', total), salt + 6));
        await timed('values', () => runValues(valueCases(share('values', total), salt + 7, 'refuse')));
        return { signals };
      };

      // A settling pass (other cases, not counted) so lazy set-up, compiled routes and caches are
      // in the baseline; then full collections before and after the counted run, same process.
      const protoBefore = prototypeState();
      const printFindings = () => {
        for (const finding of findings) console.log(`hostile input: finding ${finding}`);
      };
      await all(Math.ceil(RUNS / 20), 1_000).catch((error: unknown) => {
        printFindings();
        throw error;
      });
      perRoute.clear();
      const warmTallies = [...tallies.values()].reduce((n, row) => n + row.serverErrors + row.accepted + row.badEnvelope + row.stackTraces + row.noAnswer, 0);
      tallies.clear();
      // An organisation's billing codes are written on their first read (monitoring-report.repository.ts):
      // lazy set-up the settling pass may not have reached, put in the baseline for every organisation.
      for (const { id } of await t.edge.deps.db.select({ id: organisations.id }).from(organisations)) await billingCodesOf(t.edge.deps.db, id);
      const before = await snapshot();
      const heapBefore = await settledHeap();
      const { signals } = await all(RUNS, 0).catch((error: unknown) => {
        printFindings();
        throw error;
      });
      const heapAfter = await settledHeap();
      const after = await snapshot();
      // Then the valid-shaped values a field may take: never a 5xx, but they may write.
      await timed('values may accept', () => runValues(valueCases(MAY_ACCEPT_RUNS, 7_000, 'mayAccept')).catch((error: unknown) => {
        printFindings();
        throw error;
      }));
      const afterAccepting = await snapshot();
      const protoAfter = prototypeState();
      const ready = await t.call('GET', '/readyz');
      const badLogLines = logLines.filter((line) => {
        let level: number;
        try {
          level = (JSON.parse(line) as { level?: number }).level ?? 0;
        } catch {
          return true;
        }
        return level >= 50 || STACK.test(line) || /params:|Failed query|insert into|select .+ from/i.test(line);
      });
      const kinds = ['rest', 'trpc', 'people', 'gateway'] as const;
      const samples = kinds.map((kind) => {
        const of = valueTargets.filter((target) => target.kind === kind);
        return `${kind} ${of.filter((target) => target.valid).length}/${of.length}`;
      });
      console.log(
        `hostile input: valid-shaped targets (samples that pass their own schema / targets): ${samples.join(', ')}; REST routes whose input schema the probe found ${bodySchemas.size + querySchemas.size}/${routes.length}; invalid samples: ${valueTargets
          .filter((target) => !target.valid)
          .map((target) => target.label)
          .join(', ')}`,
      );

      const rows = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
      const total = rows.reduce((sum, [, row]) => sum + row.cases, 0);
      const sum = (field: keyof Tally) => rows.reduce((n, [, row]) => n + row[field], 0);
      for (const [family, row] of rows)
        console.log(
          `hostile input: ${family.padEnd(28)} ${String(row.cases).padStart(5)} cases, ${row.refused} refused (${row.rateLimited} by a rate limit), ${row.tolerated} tolerated answers (a query the route does not read, readings each rejected), ${row.accepted} accepted, ${row.serverErrors} 5xx, ${row.badEnvelope} off-catalogue, ${row.stackTraces} stack traces, ${row.noAnswer} unanswered`,
        );
      const changed = Object.keys(after).filter((table) => before[table] !== after[table]);
      const writtenByAccepted = Object.keys(afterAccepting).filter((table) => after[table] !== afterAccepting[table]);
      const growth = (heapAfter - heapBefore) / heapBefore;
      console.log(
        `hostile input: total ${total} cases in ${((Date.now() - started) / 1000).toFixed(1)} s; 5xx ${sum('serverErrors')}, accepted ${sum('accepted')}, off-catalogue ${sum('badEnvelope')}, stack traces ${sum('stackTraces')}, unanswered ${sum('noAnswer')}; signals relayed ${signals.relayed}; tables written ${changed.length} of ${Object.keys(after).length}${changed.length ? ` (${changed.join(', ')})` : ''}; REST routes hit ${perRoute.size}/${routes.length}; heap ${(heapBefore / 1e6).toFixed(1)} → ${(heapAfter / 1e6).toFixed(1)} MB (${(growth * 100).toFixed(1)}%); /readyz ${ready.status}; settling-pass problems ${warmTallies}; seconds per family ${JSON.stringify(seconds)}`,
      );
      console.log(
        `hostile input: tables compared ${Object.keys(after).length} (rows hashed less ${JSON.stringify(VOLATILE_COLUMNS)}; left out: ${[...APPEND_ONLY].join(', ')}); rows changed by refused cases: ${changed.length} tables; tables written by ${MAY_ACCEPT_RUNS} may-accept cases: ${writtenByAccepted.length}${writtenByAccepted.length ? ` (${writtenByAccepted.join(', ')})` : ''}; Object.prototype ${protoBefore === protoAfter ? 'untouched' : `CHANGED ${protoAfter}`}; log lines (warn or worse) ${logLines.length}, with an error level, a stack or SQL ${badLogLines.length}`,
      );
      for (const line of badLogLines.slice(0, 10)) console.log(`hostile input: bad log line ${line.slice(0, 600)}`);
      printFindings();

      expect(total).toBeGreaterThanOrEqual(RUNS);
      expect(findings).toEqual([]);
      expect(sum('serverErrors') + sum('accepted') + sum('badEnvelope') + sum('stackTraces') + sum('noAnswer')).toBe(0);
      expect(signals.relayed).toBe(0);
      expect(changed).toEqual([]);
      expect(protoAfter).toBe(protoBefore);
      expect(badLogLines).toEqual([]);
      expect(ready.status).toBe(200);
      expect(growth).toBeLessThan(0.1);
      expect(warmTallies).toBe(0);
    },
    // About 60 s for 10,000 cases on an idle 2-core machine; room for a loaded one.
    600_000,
  );
});
