import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './tests/browser';

const here = dirname(fileURLToPath(import.meta.url));
const webDist = resolve(here, '../apps/web/dist');
// E2E_PORT lets two runs on one machine keep out of each other's way (each run takes two ports, E2E_PORT and the next).
const PORT = Number(process.env.E2E_PORT ?? 3457);

/*
 * Two lanes side by side, each with its own edge and embedded database (one lane's demo data, rate
 * limits and the demo admin's two-factor steps never meet the other's) and one browser worker: the
 * `screens` lane takes every spec not named below, new ones included; the `walk` lane the walk of
 * every screen, the alert escalation (two minutes of waiting for the server's rounds) and a few
 * screen specs that even out the two. The video visits (two or three browsers each, with fake
 * cameras) run after both, alone, in the `calls` lane: beside another lane they made the 2-core
 * machine so slow that calls and screens alike ran out of time. Four lanes at once were tried before
 * and overloaded it (load average 25).
 */
const spec = (names: string[]) => new RegExp(`/(${names.join('|')})\\.spec\\.ts$`);
const CALLS = spec(['pre-call-check', 'video-visit', 'visit-chat', 'visit-ekg', 'visit-guests', 'visit-tools', 'waiting-room']);
// Not the specs that read the demo patient's newest readings: the escalation adds fevers to them.
// The account specs even the lanes out (measured 2026-12-03: screens 938 s, walk 619 s before), and
// two-factor and care time (measured 2026-12-05: screens 989 s, walk 830 s before; about 75 s moved).
const WALK = spec([
  'alert-escalation', 'appointments', 'mail', 'admin-invitation', 'signup', 'password-reset', 'invitation', 'two-factor-reset', 'caregivers',
  'two-factor', 'care-time',
]);
// The walk of every screen is split by role between the two lanes: its tests name their lane.
const SPLIT = spec(['accessibility-screens']);
const lanes = [
  { name: 'screens', port: PORT, testIgnore: [CALLS, WALK], grepInvert: /@walk-lane/ },
  { name: 'walk', port: PORT + 1, testMatch: [SPLIT, WALK], grepInvert: /@screens-lane/ },
  // Run after the other two by `npm test` (package.json), not as a Playwright dependency, which would
  // skip every call when one screen test failed.
  { name: 'calls', port: PORT + 1, testMatch: CALLS },
];
const urlOf = (port: number) => `http://127.0.0.1:${port}`;

// The edge serves the built web app; without it every page is a JSON 404, so say so up front.
if (!existsSync(join(webDist, 'index.html'))) {
  throw new Error(`No web build at ${webDist}. Run \`npm run build -w @opencare/web\` first.`);
}

// Each run's edge keeps its embedded database in a fresh folder (about 40 MB). Playwright stops the
// server only after every teardown hook, so a run cannot remove its own folder: the next run sweeps
// up folders left by runs that ended more than an hour ago.
const DATA_PREFIX = 'opencare-e2e-';
for (const name of readdirSync(tmpdir())) {
  const path = join(tmpdir(), name);
  try {
    if (name.startsWith(DATA_PREFIX) && Date.now() - statSync(path).mtimeMs > 60 * 60 * 1000) {
      rmSync(path, { recursive: true, force: true });
    }
  } catch {
    // Another run got there first.
  }
}

export default defineConfig({
  testDir: './tests',
  // Under `npm test` each `playwright test` (E2E_RUN: the lanes, then the calls) keeps a folder of its
  // own: Playwright empties its output folder as it starts, and the calls' run emptied the lanes' failures
  // (screenshots, error context) before anyone could read them.
  outputDir: process.env.E2E_RUN ? `./test-results/${process.env.E2E_RUN}` : './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Under `npm test` a JSON report too, whose failures the run prints again at its end: one file per
  // `playwright test` of package.json (E2E_RUN), or the calls' report would replace the lanes'.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: join(process.env.TEST_REPORT_DIR, `e2e-${process.env.E2E_RUN ?? 'run'}.json`) }]]
    : 'list',
  // Budgets, not targets (speed lives in bench/): a screen that loads in 2 s alone took over 10 s
  // while the other lane ran on the same two cores, and a slower machine of the same size must pass.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One worker per lane, two lanes at a time.
  workers: 2,
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // A trace films the whole test (a screencast and a snapshot of the page at every step): recorded
    // for every test it took a third of the screens and walk lanes' time (28.3 against 18.2 min on
    // one machine; docs/PERFORMANCE.md §8), so only a failed test's retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: lanes.map(({ name, port, ...files }) => ({ name, ...files, workers: 1, use: { baseURL: urlOf(port) } })),
  webServer: [PORT, PORT + 1].map((port) => ({
    // `env -u`: Playwright passes its own environment on to the server, and a DATABASE_URL or
    // REDIS_URL from the shell (CI sets both) would point the run at a shared database. Every run
    // gets an embedded PGlite in a fresh folder, so demo data and rate limits start clean.
    command:
      'env -u DATABASE_URL -u REDIS_URL -u SMTP_URL -u PUBLIC_URL -u JWT_SECRET npx tsx ../apps/edge/src/server.ts',
    cwd: here,
    url: `${urlOf(port)}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'test',
      DEMO: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(tmpdir(), `${DATA_PREFIX}${randomUUID()}`),
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // The specs read sign-up, invitation and guest links from the dev outbox without signing in;
      // an edge opens it to anyone only when told so (apps/edge/src/api/dev-outbox.int.test.ts proves the default refuses).
      DEV_OUTBOX: 'true',
      // Every test signs up and logs in from one address: the per-address limit has its own
      // integration test, so here it only needs to stay out of the way.
      RATE_LIMIT_PER_MINUTE: '10000',
    },
  })),
});
