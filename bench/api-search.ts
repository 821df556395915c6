/**
 * Issue 8, benchmark 1: the API. An authenticated, validated, audited patient search (a page of 20)
 * through the edge's REST route (`GET /api/v1/patients/search`) and its tRPC twin (`patients.list`),
 * against a bare Fastify route running the same query. Targets: REST ≥ 0.60× the bare route's req/s
 * with p99 ≤ 1.5× bare; tRPC ≥ 0.80× REST's req/s. autocannon, PostgreSQL, no pipelining.
 *
 * Baseline: a plain Fastify app (no auth, no validation, no audit, no envelope, no helmet) in the
 * same server process, on the same database handle and connection pool, answering with the same
 * repository calls the search service makes (the overdue-minutes setting; listPatientRows: the page
 * with its count and the primary providers' names; the page's schedules, from which tasks would be
 * made; listColumnsOf: open alerts, last reading and adherence) and returning them as JSON.
 *
 * What one measured request does on each side:
 *   bare  4 queries (setting, the page, the page's schedules, the three columns); the seeded
 *         patients have no schedule, so neither side makes tasks
 *   REST  token verified + the session, user, accounts and roles read in one statement
 *         (resolveActor), query validated (zod), the same 4 queries and the list's audit rows (its
 *         own and one per listed patient, one insert) beside the last, the envelope sent through
 *         helmet
 *   tRPC  the same service call through the tRPC adapter (GET /trpc/patients.list?input=…)
 *
 * Processes: the servers (edge and bare app) run in a child process and autocannon in this one. On
 * 2 cores, autocannon in the server's process would take event-loop time from the very code being
 * measured (it parses every response) and the figures would mostly measure the sharing; its worker
 * option needs a plain-JavaScript entry per worker, which tsx does not give it. With a child, the
 * server gets a core of its own, as a deployed edge would, and both sides are loaded the same way.
 *
 * Each target is measured ROUNDS times, interleaved (bare, REST, tRPC, bare, …) after a warm-up each,
 * so a burst of other load on the machine hits every target alike; the median round is reported.
 * Any non-2xx answer or connection error is reported; more than 1% of them fails the run (the
 * figure would be meaningless).
 *
 *   cd bench && nice -n 10 npx tsx api-search.ts          (or: npm run api-search -w @opencare/bench)
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is created
 *        and dropped), PATIENTS (2000), DURATION seconds per round (10), ROUNDS (3), CONNECTIONS (10),
 *        SMOKE=1 (200 patients, 1 round of 2 s: CI).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import postgres from 'postgres';
import { openDatabase, type Database } from '@opencare/api/db/database';
import { accountRoles, accounts, patientProfiles, profiles, users } from '@opencare/api/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '@opencare/api/demo/demo-data';
import { listPatientRows } from '@opencare/api/patients/patients.repository';
import { activeSchedulesOf } from '@opencare/api/schedules/schedules.repository';
import { listColumnsOf } from '@opencare/api/patients/patient-list-columns.repository';
import { overdueMinutesOf } from '@opencare/api/tasks/tasks.service';
import { PATIENT_LIST_ADHERENCE_DAYS } from '@opencare/schemas/entities/patients';
import { ROLES } from '@opencare/schemas/roles';
import { createEdge } from '@opencare/edge/src/edge';
import { readEnv } from '@opencare/edge/src/env';

const SMOKE = process.env.SMOKE === '1';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PATIENTS = Number(process.env.PATIENTS ?? (SMOKE ? 200 : 2_000));
const DURATION = Number(process.env.DURATION ?? (SMOKE ? 2 : 10));
const WARMUP = SMOKE ? 1 : 3;
const ROUNDS = Number(process.env.ROUNDS ?? (SMOKE ? 1 : 3));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PAGE_SIZE = 20;

/** The seeded patients' last names: one of them is searched for, so the page is 20 of about PATIENTS/10. */
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Costa', 'Nowak', 'Haddad', 'Fischer', 'Reyes', 'Kowalski'];
const FIRST_NAMES = ['Amara', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jonas', 'Kira', 'Luca'];
const SEARCH = 'Okafor';
const QUERY = { search: SEARCH, page: 1, pageSize: PAGE_SIZE };

interface Ready {
  edgeUrl: string;
  bareUrl: string;
}

// ---------------------------------------------------------------------------------------------
// The server process: the edge under test and the bare baseline, on one database handle.
// ---------------------------------------------------------------------------------------------

/** PATIENTS active patients of the demo organisation, each with the physician as primary provider. */
async function seedPatients(db: Database, organisationId: string, physicianAccountId: string, count: number) {
  const passwordHash = 'not-a-real-hash: these patients never sign in';
  for (let from = 0; from < count; from += 500) {
    const n = Math.min(500, count - from);
    const seq = Array.from({ length: n }, (_, k) => from + k);
    const userIds = await db
      .insert(users)
      .values(seq.map((i) => ({ username: `bench.patient.${i}`, email: `bench.patient.${i}@bench.opencare.test`, passwordHash, isVerified: true })))
      .returning({ id: users.id });
    const accountIds = await db
      .insert(accounts)
      .values(userIds.map((u) => ({ userId: u.id, organisationId, accountType: 'pat' as const, isDefault: true })))
      .returning({ id: accounts.id });
    await db.insert(profiles).values(
      accountIds.map((a, k) => {
        const i = seq[k] ?? 0;
        return {
          accountId: a.id,
          firstName: FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Pat',
          lastName: LAST_NAMES[Math.floor(i / 3) % LAST_NAMES.length] ?? 'Doe',
          dateOfBirth: `19${40 + (i % 60)}-0${1 + (i % 9)}-1${i % 10}`,
          email: `bench.patient.${i}@bench.opencare.test`,
          timezone: 'America/New_York',
        };
      }),
    );
    await db.insert(accountRoles).values(accountIds.map((a) => ({ accountId: a.id, role: ROLES.Patient })));
    await db.insert(patientProfiles).values(accountIds.map((a) => ({ accountId: a.id, primaryProviderId: physicianAccountId })));
  }
}

async function serve(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ url: databaseUrl });
  await seedDemoData(database.db);
  const [physician] = await database.db
    .select({ accountId: accounts.id, organisationId: accounts.organisationId })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.username, 'physician'));
  if (!physician) throw new Error('no demo physician');
  await seedPatients(database.db, physician.organisationId, physician.accountId, PATIENTS);
  await database.db.execute(sql`analyze`);

  const env = readEnv({
    NODE_ENV: 'production',
    // A benchmark sends no mail; production refuses to start without a mail server otherwise.
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-api-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: join(tmpdir(), 'no-web-here'),
    // Patient search has no limiter; the sign-in before the run must not meet one either.
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const edge = await createEdge(env, { database });
  await edge.app.listen({ host: '127.0.0.1', port: 0 });

  // The baseline: the same repository calls, nothing around them.
  const bare = Fastify({ logger: false });
  bare.get('/patients/search', async (req) => {
    const q = req.query as { search?: string; page?: string; pageSize?: string };
    const page = Number(q.page ?? 1);
    const pageSize = Number(q.pageSize ?? PAGE_SIZE);
    const now = new Date();
    const since = new Date(now.getTime() - PATIENT_LIST_ADHERENCE_DAYS * 86_400_000);
    const rule = { overdueMinutes: await overdueMinutesOf(database.db, physician.organisationId), now };
    const order = { sort: 'name' as const, direction: 'asc' as const, adherence: { from: since, to: now, rule } };
    const { rows, total } = await listPatientRows(database.db, { organisationId: physician.organisationId, search: q.search }, order, page, pageSize);
    const ids = rows.map((r) => r.accountId);
    await activeSchedulesOf(database.db, ids);
    const columns = await listColumnsOf(database.db, ids, order.adherence);
    return { items: rows, columns, total };
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });

  const portOf = (address: ReturnType<typeof bare.server.address>) => (typeof address === 'object' && address ? address.port : 0);
  const ready: Ready = {
    edgeUrl: `http://127.0.0.1:${portOf(edge.app.server.address())}`,
    bareUrl: `http://127.0.0.1:${portOf(bare.server.address())}`,
  };
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void (async () => {
      await bare.close();
      await edge.close();
      process.exit(0);
    })();
  });
  // The runner went away without a word: nothing left to serve.
  process.on('disconnect', () => process.exit(1));
  process.send?.(ready);
}

// ---------------------------------------------------------------------------------------------
// The runner: this process. Creates the database, starts the server, loads it, drops the database.
// ---------------------------------------------------------------------------------------------

interface Target {
  name: 'bare' | 'REST' | 'tRPC';
  url: string;
  headers: Record<string, string>;
}

interface Round {
  reqPerS: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
  errors: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

async function load(target: Target, seconds: number): Promise<Round> {
  const result = await autocannon({ url: target.url, headers: target.headers, connections: CONNECTIONS, pipelining: 1, duration: seconds });
  const requests = result['2xx'] + result.non2xx;
  return {
    // Completed requests over the run's length (requests.average is the mean of per-second samples).
    reqPerS: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    bad: result.non2xx,
    errors: result.errors,
  };
}

/** One request of each target answered 200 with the same page (the same query) before anything is timed. */
async function checkSamePage(targets: Target[]): Promise<number> {
  const pages: string[][] = [];
  let total = 0;
  for (const target of targets) {
    const response = await fetch(target.url, { headers: target.headers });
    const body = (await response.json()) as {
      items?: { accountId: string }[];
      data?: { accountId: string }[];
      meta?: { total: number };
      total?: number;
      result?: { data: { items: { accountId: string }[]; meta: { total: number } } };
    };
    if (response.status !== 200) throw new Error(`${target.name}: ${response.status} ${JSON.stringify(body)}`);
    const items = body.items ?? body.data ?? body.result?.data.items ?? [];
    total = body.total ?? body.meta?.total ?? body.result?.data.meta.total ?? 0;
    pages.push(items.map((i) => i.accountId));
  }
  const [first, ...others] = pages;
  if (!first || first.length !== PAGE_SIZE) throw new Error(`expected a page of ${PAGE_SIZE}, got ${first?.length} (PATIENTS must be at least 200)`);
  if (others.some((page) => page.join() !== first.join())) throw new Error('the targets answered different pages');
  return total;
}

async function run(): Promise<void> {
  const name = `bench_api_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  let server: ChildProcess | undefined;
  try {
    server = fork(fileURLToPath(import.meta.url), ['--server'], { env: { ...process.env, BENCH_DATABASE_URL: url.toString() } });
    const child = server;
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before it was ready`)));
    });

    const login = await fetch(`${ready.edgeUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'physician', password: DEMO_PASSWORD }),
    });
    const token = login.headers.get('x-access-token');
    if (login.status !== 200 || !token) throw new Error(`physician login failed: ${login.status}`);
    const bearer = { authorization: `Bearer ${token}` };
    const qs = `search=${SEARCH}&page=1&pageSize=${PAGE_SIZE}`;
    const targets: Target[] = [
      { name: 'bare', url: `${ready.bareUrl}/patients/search?${qs}`, headers: {} },
      { name: 'REST', url: `${ready.edgeUrl}/api/v1/patients/search?${qs}`, headers: bearer },
      { name: 'tRPC', url: `${ready.edgeUrl}/trpc/patients.list?input=${encodeURIComponent(JSON.stringify(QUERY))}`, headers: bearer },
    ];
    const matching = await checkSamePage(targets);
    console.log(
      `patient search "${SEARCH}", page of ${PAGE_SIZE} of ${matching} matching (${PATIENTS} patients); PostgreSQL; ` +
        `${CONNECTIONS} connections, pipelining 1, ${ROUNDS} × ${DURATION} s per target after ${WARMUP} s warm-up; node ${process.version}`,
    );

    const rounds = new Map<Target['name'], Round[]>(targets.map((t) => [t.name, []]));
    for (let r = 1; r <= ROUNDS; r++) {
      for (const target of targets) {
        await load(target, WARMUP);
        const round = await load(target, DURATION);
        rounds.get(target.name)?.push(round);
        console.log(
          `round ${r} ${target.name.padEnd(4)} ${round.reqPerS.toFixed(0)} req/s, p50 ${round.p50} ms, p99 ${round.p99} ms, ` +
            `${round.requests} requests, ${round.bad} non-2xx, ${round.errors} errors`,
        );
      }
    }

    const summary = (name: Target['name']) => {
      const all = rounds.get(name) ?? [];
      return {
        reqPerS: median(all.map((r) => r.reqPerS)),
        p50: median(all.map((r) => r.p50)),
        p99: median(all.map((r) => r.p99)),
        requests: all.reduce((n, r) => n + r.requests, 0),
        bad: all.reduce((n, r) => n + r.bad + r.errors, 0),
      };
    };
    const bare = summary('bare');
    const rest = summary('REST');
    const trpc = summary('tRPC');
    console.table(
      Object.fromEntries(
        (
          [
            ['bare Fastify route', bare],
            ['REST /api/v1/patients/search', rest],
            ['tRPC patients.list', trpc],
          ] as const
        ).map(([label, s]) => [
          label,
          { 'req/s': Math.round(s.reqPerS), 'p50 ms': s.p50, 'p99 ms': s.p99, requests: s.requests, 'non-2xx + errors': s.bad },
        ]),
      ),
    );
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    const restRate = rest.reqPerS / bare.reqPerS;
    const restP99 = rest.p99 / bare.p99;
    const trpcRate = trpc.reqPerS / rest.reqPerS;
    console.log(`REST / bare req/s: ${restRate.toFixed(2)}× (target ≥ 0.60×) ${verdict(restRate >= 0.6)}`);
    console.log(`REST / bare p99:   ${restP99.toFixed(2)}× (target ≤ 1.5×) ${verdict(restP99 <= 1.5)}`);
    console.log(`tRPC / REST req/s: ${trpcRate.toFixed(2)}× (target ≥ 0.80×) ${verdict(trpcRate >= 0.8)}`);

    for (const [label, s] of [['bare', bare], ['REST', rest], ['tRPC', trpc]] as const) {
      if (s.bad > s.requests * 0.01) throw new Error(`${label}: ${s.bad} of ${s.requests} requests failed (> 1%): the figures mean nothing`);
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.send('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

if (process.argv.includes('--server')) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is not set');
  await serve(databaseUrl);
} else {
  await run();
}
