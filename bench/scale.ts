/**
 * Issue 20 part 3: search and reads at clinic scale. A clinic of PATIENTS patients and READINGS
 * readings with their timeline events (scale-seed.ts: set-based SQL after the real migrations) on
 * PostgreSQL, read through the real edge's REST routes. Three figures, each with its target:
 *
 *   a. patient search by name, by MRN and by date of birth (`GET /api/v1/patients/search`, the
 *      physician, a page of 20) at ≥ 0.5× the req/s of a bare Fastify route on the same database
 *      handle and pool that reads one patient by primary key (no auth, validation, audit, envelope);
 *      autocannon, CONNECTIONS connections, rounds interleaved (bare, name, MRN, date of birth, …)
 *      after a warm-up each, the median round reported, as api-search.ts does;
 *   b. p99 ≤ 50 ms for one patient's snapshot (`GET /patients/:id/snapshot`), chart of 90 days
 *      (`GET /patients/:id/series?type=bp&from=…&to=…`) and first timeline page
 *      (`GET /patients/:id/timeline`): LATENCY_CONNECTIONS requests in flight (1: a clinician
 *      opening charts, so the figure is the read's own time, not queueing), each request for the
 *      next of SAMPLE patients spread over the clinic, so no single patient's pages stay cached;
 *   c. ≤ 2 s for the organisation's figures of the last closed month: RPM billing (`GET
 *      /billing/rpm`, the admin), the monitoring report (`GET /monitoring-report`, the physician),
 *      analytics over the month (`GET /analytics?from&to`, the physician) and the admin's report
 *      summary (`GET /reports/summary`, its reporting period); FIGURE_RUNS timed requests each after
 *      one untimed, one at a time; the slowest is held against the target.
 *
 * Beside (a) and (b), the database's own count of transactions per request of each target (its
 * statements: every one of these reads runs on its own), read from `pg_stat_database` around 40
 * requests (not in SMOKE: it waits for PostgreSQL to report them).
 *
 * Processes: the edge and the bare route run in a child process, the load in this one (see
 * api-search.ts for why). Any non-2xx answer fails the run: a figure of errors means nothing.
 *
 *   cd bench && nice -n 10 npx tsx scale.ts          (or: npm run scale -w @opencare/bench)
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is created,
 *        seeded and dropped), DATABASE_NAME (a database kept between runs instead: created and seeded
 *        when missing, then only migrated, so a new migration is measured on the same data),
 *        PATIENTS (20000), READINGS (5000000), DAYS the readings span (125), DURATION seconds per
 *        round (10), ROUNDS (3), CONNECTIONS (10), LATENCY_CONNECTIONS (1), SAMPLE (200),
 *        FIGURE_RUNS (3), SMOKE=1 (2,000 patients, 100,000 readings, 1 round of 2 s: CI).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import postgres from 'postgres';
import { openDatabase } from '@opencare/api/db/database';
import { accounts, patientProfiles, profiles, users } from '@opencare/api/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '@opencare/api/demo/demo-data';
import { basicProfileColumns } from '@opencare/api/patients/patients.repository';
import { createEdge } from '@opencare/edge/src/edge';
import { readEnv } from '@opencare/edge/src/env';
import { demoSignIn, fetchPost } from '@opencare/edge/src/testing/two-factor-login';
import { seedScale, type Clinic, type ScaleSize } from './scale-seed';

const SMOKE = process.env.SMOKE === '1';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE_NAME = process.env.DATABASE_NAME;
const SIZE: ScaleSize = {
  patients: Number(process.env.PATIENTS ?? (SMOKE ? 2_000 : 20_000)),
  readings: Number(process.env.READINGS ?? (SMOKE ? 100_000 : 5_000_000)),
  days: Number(process.env.DAYS ?? 125),
};
const DURATION = Number(process.env.DURATION ?? (SMOKE ? 2 : 10));
const WARMUP = SMOKE ? 1 : 3;
const ROUNDS = Number(process.env.ROUNDS ?? (SMOKE ? 1 : 3));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const LATENCY_CONNECTIONS = Number(process.env.LATENCY_CONNECTIONS ?? 1);
/** Requests per count of transactions, and the wait for PostgreSQL's statistics (not in SMOKE). */
const TRANSACTION_SAMPLE = 40;
const STATS_FLUSH_MS = 11_000;
const SAMPLE = Number(process.env.SAMPLE ?? 200);
const FIGURE_RUNS = Number(process.env.FIGURE_RUNS ?? (SMOKE ? 1 : 3));
const CLINIC_ZONE = 'America/New_York';
const DAY_MS = 86_400_000;

const TARGETS = { searchRatio: 0.5, readP99Ms: 50, figureMs: 2_000 };

interface Ready {
  edgeUrl: string;
  bareUrl: string;
}

// ---------------------------------------------------------------------------------------------
// The server process: the edge and the bare route on one database handle.
// ---------------------------------------------------------------------------------------------

async function serve(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ url: databaseUrl });
  const env = readEnv({
    NODE_ENV: 'production',
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-scale-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: join(tmpdir(), 'no-web-here'),
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const edge = await createEdge(env, { database });
  await edge.app.listen({ host: '127.0.0.1', port: 0 });

  // The baseline: one patient by primary key, the basic profile columns, nothing around it.
  const bare = Fastify({ logger: false });
  bare.get('/patients/:id', async (req) => {
    const { id } = req.params as { id: string };
    const [row] = await database.db
      .select({ accountId: accounts.id, mrn: patientProfiles.mrn, profile: basicProfileColumns })
      .from(accounts)
      .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
      .innerJoin(profiles, eq(profiles.accountId, accounts.id))
      .where(eq(accounts.id, id));
    return row ?? null;
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
  process.on('disconnect', () => process.exit(1));
  process.send?.(ready);
}

// ---------------------------------------------------------------------------------------------
// The runner: database, seed, sample, load.
// ---------------------------------------------------------------------------------------------

const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The machine's load (1-minute average): the figures of a shared 2-core machine mean little without it. */
const load1 = () => loadavg()[0]?.toFixed(1) ?? '?';

/** Migrates (the real migrations), seeds the demo organisation and the clinic unless they are there, analyses. */
async function prepare(url: string, sql: postgres.Sql): Promise<Clinic> {
  const started = Date.now();
  const database = await openDatabase({ url });
  log(`migrations: ${seconds(Date.now() - started)}`);
  try {
    await seedDemoData(database.db);
    const clinicianOf = async (username: string) => {
      const [row] = await database.db
        .select({ accountId: accounts.id, organisationId: accounts.organisationId })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(users.username, username), eq(accounts.isDefault, true)));
      if (!row) throw new Error(`no demo ${username}`);
      return row;
    };
    const physician = await clinicianOf('physician');
    const nurse = await clinicianOf('nurse');
    const clinic = { organisationId: physician.organisationId, physicianAccountId: physician.accountId, nurseAccountId: nurse.accountId };
    const [seeded] = await sql<{ n: number }[]>`select count(*)::int as n from users where username like 'scale.patient.%'`;
    if ((seeded?.n ?? 0) === 0) {
      log(`seeding (set-based SQL):`);
      const seedStarted = Date.now();
      await seedScale(sql, clinic, SIZE, new Date(), log);
      log(`  seeded in ${seconds(Date.now() - seedStarted)}`);
    } else if (seeded?.n !== SIZE.patients) {
      throw new Error(`${DATABASE_NAME} holds ${seeded?.n} scale patients, not ${SIZE.patients}: use another DATABASE_NAME`);
    } else log(`seeded already (${DATABASE_NAME})`);
    const vacuumed = Date.now();
    // Sets the visibility map (index-only scans) and the planner's statistics, as autovacuum would in a clinic.
    await sql.unsafe('vacuum analyze');
    log(`vacuum analyze: ${seconds(Date.now() - vacuumed)}`);
    return clinic;
  } finally {
    await database.close();
  }
}

interface Sample {
  /** The patient searched for, and the ids read for (b). */
  searched: { accountId: string; lastName: string; mrn: string; dateOfBirth: string };
  spread: string[];
  readings: number;
  events: number;
}

async function sampleOf(sql: postgres.Sql): Promise<Sample> {
  const patients = await sql<{ accountId: string; lastName: string; mrn: string; dateOfBirth: string }[]>`
    select a.id as "accountId", p.last_name as "lastName", pp.mrn, p.date_of_birth::text as "dateOfBirth"
    from accounts a join profiles p on p.account_id = a.id join patient_profiles pp on pp.account_id = a.id
    join users u on u.id = a.user_id
    where u.username like 'scale.patient.%'
    order by a.id`;
  const searched = patients[Math.floor(patients.length / 2)];
  if (!searched) throw new Error('no scale patients');
  const step = Math.max(1, Math.floor(patients.length / SAMPLE));
  const spread = patients.filter((_, i) => i % step === 0).map((p) => p.accountId);
  const [counts] = await sql<{ readings: number; events: number }[]>`
    select (select count(*)::int from measurements) as readings, (select count(*)::int from patient_events) as events`;
  return { searched, spread, readings: counts?.readings ?? 0, events: counts?.events ?? 0 };
}

interface Round {
  reqPerS: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
}

async function load(url: string, headers: Record<string, string>, duration: number): Promise<Round> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, pipelining: 1, duration });
  const requests = result['2xx'] + result.non2xx;
  return { reqPerS: requests / result.duration, p50: result.latency.p50, p99: result.latency.p99, requests, bad: result.non2xx + result.errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

async function getJson(url: string, token: string): Promise<{ status: number; body: unknown; bytes: number }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, bytes: Buffer.byteLength(text) };
}

/**
 * Transactions the database counted per request of one target (`pg_stat_database`, not the edge's
 * own account): TRANSACTION_SAMPLE requests one after another, then the wait for the edge's
 * connections to report their counts (PostgreSQL flushes an idle backend's statistics after 10 s).
 * Every statement of these reads runs on its own (autocommit), so this is their statements too.
 */
async function transactionsPerRequest(sql: postgres.Sql, name: string, url: string, headers: Record<string, string>): Promise<number> {
  const counted = async () => {
    await sql`select pg_stat_clear_snapshot()`;
    const [row] = await sql<{ n: string }[]>`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`;
    return Number(row?.n ?? 0);
  };
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
  const before = await counted();
  for (let i = 0; i < TRANSACTION_SAMPLE; i++) {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
  // Less this connection's own two reads of the counter.
  const perRequest = ((await counted()) - before - 2) / TRANSACTION_SAMPLE;
  log(`${name}: ${perRequest.toFixed(1)} database transactions per request (${TRANSACTION_SAMPLE} requests)`);
  return perRequest;
}

/** (a) The three searches against the bare route, rounds interleaved. */
async function searchThroughput(ready: Ready, token: string, sample: Sample, sql: postgres.Sql) {
  const { searched } = sample;
  const bearer = { authorization: `Bearer ${token}` };
  const search = (qs: string) => `${ready.edgeUrl}/api/v1/patients/search?${qs}&page=1&pageSize=20`;
  const targets = [
    { name: 'bare: one patient by primary key', url: `${ready.bareUrl}/patients/${searched.accountId}`, headers: {} },
    { name: `REST search by name (${searched.lastName})`, url: search(`search=${searched.lastName}`), headers: bearer },
    { name: `REST search by MRN (${searched.mrn})`, url: search(`search=${searched.mrn}`), headers: bearer },
    { name: `REST search by date of birth (${searched.dateOfBirth})`, url: search(`dateOfBirth=${searched.dateOfBirth}`), headers: bearer },
  ];
  // Each search must find the patient (and the bare route read them) before anything is timed.
  for (const target of targets) {
    const response = await fetch(target.url, { headers: target.headers });
    const body = (await response.json()) as { data?: { accountId: string }[]; meta?: { total: number }; accountId?: string };
    const found = body.data ? body.data.some((p) => p.accountId === searched.accountId) : body.accountId === searched.accountId;
    if (response.status !== 200 || !found) throw new Error(`${target.name}: ${response.status}, the patient not found: ${JSON.stringify(body).slice(0, 300)}`);
    if (body.meta) log(`${target.name}: ${body.meta.total} matching`);
  }
  const transactions = new Map<string, number>();
  if (!SMOKE) {
    for (const target of targets) transactions.set(target.name, await transactionsPerRequest(sql, target.name, target.url, target.headers));
  }
  const rounds = new Map(targets.map((t) => [t.name, [] as Round[]]));
  for (let r = 1; r <= ROUNDS; r++) {
    for (const target of targets) {
      await load(target.url, target.headers, WARMUP);
      const round = await load(target.url, target.headers, DURATION);
      rounds.get(target.name)?.push(round);
      log(`round ${r} ${target.name}: ${round.reqPerS.toFixed(0)} req/s, p50 ${round.p50} ms, p99 ${round.p99} ms, ${round.requests} requests, ${round.bad} failed, load ${load1()}`);
    }
  }
  const summary = targets.map((t) => {
    const all = rounds.get(t.name) ?? [];
    return {
      name: t.name,
      reqPerS: median(all.map((r) => r.reqPerS)),
      p50: median(all.map((r) => r.p50)),
      p99: median(all.map((r) => r.p99)),
      requests: all.reduce((n, r) => n + r.requests, 0),
      bad: all.reduce((n, r) => n + r.bad, 0),
      transactions: transactions.get(t.name),
    };
  });
  const bare = summary[0]?.reqPerS ?? 1;
  return summary.map((s, i) => ({ ...s, ratio: i === 0 ? null : s.reqPerS / bare }));
}

/** (b) Sequential reads (LATENCY_CONNECTIONS in flight), each of the next sampled patient. */
async function readLatency(ready: Ready, token: string, sample: Sample, sql: postgres.Sql) {
  const now = Date.now();
  const chartRange = `from=${new Date(now - 90 * DAY_MS).toISOString()}&to=${new Date(now).toISOString()}`;
  const reads = [
    { name: 'snapshot', path: (id: string) => `/api/v1/patients/${id}/snapshot` },
    { name: 'chart, 90 days of bp', path: (id: string) => `/api/v1/patients/${id}/series?type=bp&${chartRange}` },
    { name: 'timeline, first page', path: (id: string) => `/api/v1/patients/${id}/timeline` },
  ];
  const transactions = new Map<string, number>();
  if (!SMOKE) {
    for (const read of reads) {
      const url = `${ready.edgeUrl}${read.path(sample.searched.accountId)}`;
      transactions.set(read.name, await transactionsPerRequest(sql, read.name, url, { authorization: `Bearer ${token}` }));
    }
  }
  const results = new Map(reads.map((r) => [r.name, [] as number[]]));
  let bad = 0;
  let firstFailure = '';
  let next = 0;
  const timeRead = async (read: (typeof reads)[number], until: number, into: number[] | undefined) => {
    while (performance.now() < until) {
      const id = sample.spread[next++ % sample.spread.length] ?? '';
      const started = performance.now();
      const answer = await getJson(`${ready.edgeUrl}${read.path(id)}`, token);
      into?.push(performance.now() - started);
      if (answer.status !== 200) {
        bad++;
        firstFailure ||= `${read.name} of ${id}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
      }
    }
  };
  for (let r = 1; r <= ROUNDS; r++) {
    for (const read of reads) {
      const parallel = (seconds: number, into?: number[]) =>
        Promise.all(Array.from({ length: LATENCY_CONNECTIONS }, () => timeRead(read, performance.now() + seconds * 1000, into)));
      await parallel(WARMUP);
      const round: number[] = [];
      await parallel(DURATION, round);
      results.get(read.name)?.push(...round);
      const sorted = [...round].sort((a, b) => a - b);
      log(`round ${r} ${read.name}: ${round.length} reads, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, load ${load1()}`);
    }
  }
  if (bad > 0) throw new Error(`${bad} reads failed, the first: ${firstFailure}`);
  return reads.map((read) => {
    const sorted = [...(results.get(read.name) ?? [])].sort((a, b) => a - b);
    return {
      name: read.name,
      reads: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
      transactions: transactions.get(read.name),
    };
  });
}

/** The last closed month on the clinic's calendar, and its first and last days. */
function lastClosedMonth(now: Date) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_ZONE }).format(now).split('-').map(Number);
  const first = new Date(Date.UTC(year ?? 2026, (month ?? 1) - 2, 1));
  const last = new Date(Date.UTC(year ?? 2026, (month ?? 1) - 1, 0));
  return { month: first.toISOString().slice(0, 7), from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** (c) The month's figures, one request at a time. */
async function monthFigures(ready: Ready, tokens: { physician: string; admin: string }) {
  const { month, from, to } = lastClosedMonth(new Date());
  const figures = [
    { name: `RPM billing ${month} (admin)`, path: `/api/v1/billing/rpm?month=${month}`, token: tokens.admin },
    { name: `monitoring report ${month} (physician)`, path: `/api/v1/monitoring-report?month=${month}`, token: tokens.physician },
    { name: `analytics ${from}…${to} (physician)`, path: `/api/v1/analytics?from=${from}&to=${to}`, token: tokens.physician },
    { name: 'report summary, 30 days (admin)', path: '/api/v1/reports/summary', token: tokens.admin },
  ];
  const rows = [];
  for (const figure of figures) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run <= FIGURE_RUNS; run++) {
      const started = performance.now();
      const answer = await getJson(`${ready.edgeUrl}${figure.path}`, figure.token);
      if (answer.status !== 200) throw new Error(`${figure.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      // The first request is not timed: it may write the organisation's billing codes, and warms the caches.
      if (run > 0) times.push(performance.now() - started);
      bytes = answer.bytes;
    }
    log(`${figure.name}: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')} (${(bytes / 1024).toFixed(0)} KiB), load ${load1()}`);
    rows.push({ name: figure.name, median: median(times), max: Math.max(...times), bytes });
  }
  return rows;
}

async function run(): Promise<void> {
  const name = DATABASE_NAME ?? `bench_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  const [exists] = await admin<{ n: number }[]>`select count(*)::int as n from pg_database where datname = ${name}`;
  if (!exists?.n) await admin.unsafe(`create database "${name}"`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  let server: ChildProcess | undefined;
  try {
    await prepare(url.toString(), sql);
    const sample = await sampleOf(sql);
    log(`clinic: ${SIZE.patients.toLocaleString('en-US')} patients, ${sample.readings.toLocaleString('en-US')} readings, ${sample.events.toLocaleString('en-US')} timeline events; PostgreSQL; node ${process.version}; load ${load1()}`);

    server = fork(fileURLToPath(import.meta.url), ['--server'], { env: { ...process.env, BENCH_DATABASE_URL: url.toString() } });
    const child = server;
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before it was ready`)));
    });
    const signIn = demoSignIn(fetchPost(ready.edgeUrl));
    const tokenOf = async (username: string) => {
      const answer = await signIn.signIn(username, DEMO_PASSWORD);
      const token = answer.headers.get('x-access-token');
      if (answer.status !== 200 || !token) throw new Error(`${username} sign-in failed: ${answer.status}`);
      return token;
    };
    const tokens = { physician: await tokenOf('physician'), admin: await tokenOf('admin') };

    log(`\n(a) patient search vs one patient by primary key: ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s after ${WARMUP} s warm-up each`);
    const search = await searchThroughput(ready, tokens.physician, sample, sql);
    log(`\n(b) one patient's reads: ${LATENCY_CONNECTIONS} in flight, ${sample.spread.length} patients in turn, ${ROUNDS} × ${DURATION} s after ${WARMUP} s warm-up each`);
    const reads = await readLatency(ready, tokens.physician, sample, sql);
    log(`\n(c) the organisation's figures of the last closed month: ${FIGURE_RUNS} timed requests each after one untimed`);
    const figures = await monthFigures(ready, tokens);

    log(`\nload at the end: ${load1()}`);
    console.table(
      Object.fromEntries(
        search.map((s) => [
          s.name,
          {
            'req/s': Math.round(s.reqPerS),
            '× bare': s.ratio === null ? '' : s.ratio.toFixed(2),
            'p50 ms': s.p50,
            'p99 ms': s.p99,
            requests: s.requests,
            failed: s.bad,
            'transactions/request': s.transactions === undefined ? '' : +s.transactions.toFixed(1),
          },
        ]),
      ),
    );
    console.table(
      Object.fromEntries(
        reads.map((r) => [
          r.name,
          {
            reads: r.reads,
            'p50 ms': +r.p50.toFixed(1),
            'p99 ms': +r.p99.toFixed(1),
            'max ms': +r.max.toFixed(1),
            'transactions/request': r.transactions === undefined ? '' : +r.transactions.toFixed(1),
          },
        ]),
      ),
    );
    console.table(Object.fromEntries(figures.map((f) => [f.name, { 'median ms': Math.round(f.median), 'slowest ms': Math.round(f.max), KiB: Math.round(f.bytes / 1024) }])));
    for (const s of search.slice(1)) log(`${s.name} / bare req/s: ${s.ratio?.toFixed(2)}× (target ≥ ${TARGETS.searchRatio}×) ${verdict((s.ratio ?? 0) >= TARGETS.searchRatio)}`);
    for (const r of reads) log(`${r.name} p99: ${r.p99.toFixed(1)} ms (target ≤ ${TARGETS.readP99Ms} ms) ${verdict(r.p99 <= TARGETS.readP99Ms)}`);
    for (const f of figures) log(`${f.name}: slowest ${Math.round(f.max)} ms (target ≤ ${TARGETS.figureMs} ms) ${verdict(f.max <= TARGETS.figureMs)}`);
    for (const s of search) if (s.bad > 0) throw new Error(`${s.name}: ${s.bad} of ${s.requests} requests failed: the figures mean nothing`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.send('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await sql.end();
    if (!DATABASE_NAME) await admin.unsafe(`drop database if exists "${name}" with (force)`);
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
