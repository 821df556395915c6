/**
 * Issue 8, benchmark 7: video call set-up. The time from a person's click on "Join" (the second
 * participant, once the first is in the call) to the first remote video frame, on both sides, over
 * Simple Peer on loopback, against a minimal simple-peer page measured in the same run, in the same
 * Chromium with the same fake camera (target: ≤ 1.5× the minimal page).
 *
 * Ours: the real web app (apps/web/dist, built first when missing) served by a real edge
 * (startTestEdge: embedded PGlite, demo data). A physician and a patient log in through the form in
 * two browser contexts and both open the telemedicine visit's pre-join screen (camera open) and
 * switch the camera on for the call there, as the baseline's two pages open theirs with the camera
 * on before the first joins; the physician joins; then the patient, past the device check, clicks
 * Join (t0) and is in the call with the camera on. Simple Peer's offerer is the device
 * whose id sorts first: the run measures both cases, the joiner offering and the first device
 * offering, by choosing the device ids (sessionStorage `oc.visitDeviceId`).
 *
 * Baseline: a page bundled by esbuild in the same run from `simple-peer` (the same prebuilt browser
 * build the app uses) and socket.io-client, signalling through a Socket.IO relay started here (join a
 * room; the joiner offers to everyone in it; signals are forwarded as they are). Its socket connects
 * and its camera opens before Join, like the app's.
 *
 * "First remote frame" is the remote <video>'s first `loadeddata` (its first decoded frame); the
 * first requestVideoFrameCallback (first frame presented) is printed too. Both pages stamp times with
 * Date.now() in the browser (one machine, one clock); t0 is the trusted click event on Join.
 *
 *   npm run call-setup -w @opencare/bench        RUNS=5 per case (SMOKE=1: 1)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Server } from 'socket.io';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { admitAutomatically, organisationOf } from '@opencare/edge/src/testing/appointment-fixtures';
import { startTestEdge, type TestEdge } from '@opencare/edge/src/testing/test-edge';

const SMOKE = process.env.SMOKE === '1';
const RUNS = Number(process.env.RUNS ?? (SMOKE ? 1 : 5));
const RATIO_TARGET = 1.5;
/** How long the first participant sits in the call before the second joins. */
const SETTLE_MS = 1000;
const FRAME_TIMEOUT_MS = 20_000;

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const REPO = resolve(BENCH_DIR, '..');
const WEB_DIST = join(REPO, 'apps/web/dist');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sleep = (time: number) => new Promise((done) => setTimeout(done, time));

/**
 * Installed in every page before its own scripts: stamps the click on Join, the first appearance
 * of the call view and of a remote tile, and every remote <video>'s first decoded and presented
 * frames. The app and the baseline page mark the same things with the same data-testid.
 */
const WATCH_SCRIPT = `(() => {
  const marks = { clicks: [], callView: [], tiles: [], loaded: [], presented: [], trace: [] };
  window.__bench = marks;
  // The signalling timeline: Socket.IO frames about the visit (event, signal kind, acks), and the
  // REST call that joins the visit.
  const note = (what) => marks.trace.push([Date.now(), what]);
  const pending = new Map();
  const describe = (dir, data) => {
    const frame = typeof data === 'string' ? /^4([23])(\\d*)([\\s\\S]*)$/.exec(data) : null;
    if (!frame) return;
    try {
      const body = JSON.parse(frame[3]);
      if (frame[1] === '3') {
        const name = pending.get(dir + frame[2]);
        if (name) note(dir + ' ack of ' + name);
        return;
      }
      const name = body[0];
      if (!/visit|signal|join/.test(name)) return;
      const signal = body[1] && (body[1].signal || body[1].data);
      const kind = !signal ? '' : signal.type || (signal.renegotiate ? 'greeting' : signal.transceiverRequest ? 'transceiver request' : '?');
      if (frame[2]) pending.set((dir === '→' ? '←' : '→') + frame[2], name);
      note(dir + ' ' + name + (kind ? ' ' + kind : ''));
    } catch {}
  };
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => describe('←', event.data));
    }
    send(data) {
      describe('→', data);
      return super.send(data);
    }
  };
  const nativeFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = String((input && input.url) || input);
    const joining = url.includes('/participants/join');
    if (joining) note('→ POST participants/join');
    const answer = nativeFetch.call(this, input, init);
    if (joining) answer.then(() => note('← POST participants/join answered'), () => undefined);
    return answer;
  };
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-testid="join-visit"]')) marks.clicks.push(Date.now());
  }, true);
  const seen = new WeakSet();
  const check = () => {
    if (document.querySelector('[data-testid="call-view"]') && marks.callView.length === 0) marks.callView.push(Date.now());
    for (const tile of document.querySelectorAll('[data-testid="remote-stream"]')) {
      if (seen.has(tile)) continue;
      seen.add(tile);
      marks.tiles.push(Date.now());
      note('remote tile shown');
    }
    for (const video of document.querySelectorAll('[data-testid="remote-stream"] video')) {
      if (seen.has(video)) continue;
      seen.add(video);
      video.addEventListener('loadeddata', () => {
        marks.loaded.push(Date.now());
        note('first remote frame (loadeddata)');
      });
      if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(() => marks.presented.push(Date.now()));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

interface Marks {
  clicks: number[];
  callView: number[];
  tiles: number[];
  loaded: number[];
  presented: number[];
  trace: [number, string][];
}

const marksOf = (page: Page) => page.evaluate(() => (globalThis as unknown as { __bench: Marks }).__bench);

/** The first mark at or after t0, as milliseconds after t0. */
const after = (t0: number, marks: number[]) => {
  const first = marks.find((at) => at >= t0);
  return first === undefined ? Number.NaN : first - t0;
};

interface Run {
  /** Join click to first decoded remote frame, on the joiner's side and on the first participant's. */
  joiner: number;
  first: number;
  /** The same to the first presented frame (requestVideoFrameCallback). */
  joinerPresented: number;
  firstPresented: number;
  /** Join click to the call view (app only) and to the remote tile on the joiner's side. */
  callView: number;
  tile: number;
  /** Both sides' signalling marks, in ms after t0 (filled once both frames are in). */
  trace?: [number, string][];
}

/** Wait for both sides' first remote frame after t0, and read the figures. */
async function collect(joiner: Page, first: Page): Promise<Run> {
  const deadline = Date.now() + FRAME_TIMEOUT_MS;
  for (;;) {
    const [j, f] = await Promise.all([marksOf(joiner), marksOf(first)]);
    const t0 = j.clicks.at(-1);
    if (t0 === undefined) throw new Error('no click on Join was seen');
    const run: Run = {
      joiner: after(t0, j.loaded),
      first: after(t0, f.loaded),
      joinerPresented: after(t0, j.presented),
      firstPresented: after(t0, f.presented),
      callView: after(t0, j.callView),
      tile: after(t0, j.tiles),
    };
    if (Number.isFinite(run.joiner) && Number.isFinite(run.first)) {
      await sleep(300); // a presented frame follows the decoded one by a frame or so
      const [j2, f2] = await Promise.all([marksOf(joiner), marksOf(first)]);
      const trace = [
        ...j2.trace.map(([at, what]): [number, string] => [at - t0, `joiner  ${what}`]),
        ...f2.trace.map(([at, what]): [number, string] => [at - t0, `first   ${what}`]),
      ]
        .filter(([at]) => at >= -50)
        .sort((a, b) => a[0] - b[0]);
      return { ...run, joinerPresented: after(t0, j2.presented), firstPresented: after(t0, f2.presented), trace };
    }
    if (Date.now() > deadline) throw new Error(`no remote frame within ${FRAME_TIMEOUT_MS} ms: ${JSON.stringify(run)}`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// Ours: the web app and the edge

function ensureWebBuild(): void {
  if (existsSync(join(WEB_DIST, 'index.html'))) return;
  console.log('web build: apps/web/dist is missing, building it (npm run build -w @opencare/web)');
  const result = spawnSync('npm', ['run', 'build', '-w', '@opencare/web'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0 || !existsSync(join(WEB_DIST, 'index.html'))) throw new Error('the web build failed');
}

async function personPage(browser: Browser, url: string, username: string, deviceId: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: url, permissions: ['camera', 'microphone'], viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: WATCH_SCRIPT });
  await context.addInitScript((id: string) => sessionStorage.setItem('oc.visitDeviceId', id), deviceId);
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-full-name').waitFor();
  return { context, page };
}

/**
 * Open the visit, wait for the device check to have the camera and microphone open, and turn the
 * camera on for the call there, as a person who wants to be seen does on the pre-join screen (the
 * choice starts off, spec §3, and is kept on the device); the baseline's camera is on before Join too.
 */
async function openVisit(page: Page, code: string): Promise<void> {
  await page.goto(`/telehealth-visit/${code}`);
  await page.locator('[data-testid="pre-call-check"][data-media="open"]').waitFor();
  await page.getByTestId('camera-switch').check();
}

/** Join with the camera on: the call shows it on (not muted) without a second click. */
async function joinWithCameraOn(page: Page): Promise<void> {
  await page.getByTestId('join-visit').click();
  await page.locator('[data-testid="call-view"] [data-testid="toggle-video"][aria-pressed="false"]').waitFor();
}

/** Device ids that make the joiner (patient) or the first participant (physician) the offerer. */
function deviceIds(joinerOffers: boolean): { physician: string; patient: string } {
  const random = () => Array.from({ length: 22 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const low = `a0${random()}`;
  const high = `f0${random()}`;
  return joinerOffers ? { patient: low, physician: high } : { patient: high, physician: low };
}

async function appRun(browser: Browser, edge: TestEdge, joinerOffers: boolean): Promise<Run> {
  const physician = await edge.login('physician');
  const patient = await edge.login('patient');
  const patientId = (patient.body.data.accounts as { id: string; isDefault: boolean }[]).find((a) => a.isDefault)?.id;
  const visit = await edge.call('POST', '/api/v1/visits', {
    token: physician.token,
    body: { patientId, type: 'tv', startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 60 },
  });
  if (visit.status !== 200 && visit.status !== 201) throw new Error(`creating a visit failed: ${visit.status} ${JSON.stringify(visit.body)}`);
  const code = (visit.body.data as { code: string }).code;

  const ids = deviceIds(joinerOffers);
  const first = await personPage(browser, edge.url, 'physician', ids.physician);
  const joiner = await personPage(browser, edge.url, 'patient', ids.patient);
  try {
    // Both on the pre-join screen with the camera open before the first joins, as the baseline's
    // pages are: the joiner's page does not load while it joins.
    await openVisit(first.page, code);
    await openVisit(joiner.page, code);
    await joinWithCameraOn(first.page);
    await sleep(SETTLE_MS);
    await joinWithCameraOn(joiner.page);
    return await collect(joiner.page, first.page);
  } finally {
    await joiner.context.close();
    await first.context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The baseline: a minimal simple-peer page and a Socket.IO relay

const BASELINE_PAGE = `
import SimplePeer from 'simple-peer/simplepeer.min.js';
import { io } from 'socket.io-client';

const room = new URLSearchParams(location.search).get('room');
const socket = io({ transports: ['websocket'] });
const peers = new Map();
let local = null;

function tile(stream) {
  const box = document.createElement('div');
  box.dataset.testid = 'remote-stream';
  const video = document.createElement('video');
  video.autoplay = true;
  video.playsInline = true;
  video.muted = true;
  box.append(video);
  document.body.append(box);
  video.srcObject = stream;
}

function peer(id, initiator) {
  const p = new SimplePeer({ initiator, trickle: true, stream: local, config: { iceServers: [] } });
  p.on('signal', (data) => socket.emit('signal', { to: id, data }));
  p.on('stream', tile);
  p.on('error', (error) => console.error('peer', error));
  peers.set(id, p);
  return p;
}

socket.on('signal', ({ from, data }) => (peers.get(from) ?? peer(from, false)).signal(data));

window.prepare = async () => {
  local = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  document.getElementById('preview').srcObject = local;
};

document.getElementById('join').addEventListener('click', () => {
  socket.emit('join', room, (others) => {
    for (const id of others) peer(id, true);
    window.joined = true;
  });
});
`;

async function startBaseline(): Promise<{ url: string; close: () => Promise<void> }> {
  const bundle = await build({
    stdin: { contents: BASELINE_PAGE, resolveDir: BENCH_DIR, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'warning',
  });
  const script = bundle.outputFiles[0]!.contents;
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>simple-peer baseline</title></head><body>' +
    '<video id="preview" autoplay playsinline muted></video><button data-testid="join-visit" id="join">Join</button>' +
    '<script type="module" src="/page.js"></script></body></html>';
  const server = createServer((req, res) => {
    if (req.url === '/page.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    }
  });
  const io = new Server(server);
  io.on('connection', (socket) => {
    socket.on('join', async (room: string, ack: (others: string[]) => void) => {
      const others = [...(io.sockets.adapter.rooms.get(room) ?? [])];
      await socket.join(room);
      ack(others);
    });
    socket.on('signal', ({ to, data }: { to: string; data: unknown }) => {
      io.to(to).emit('signal', { from: socket.id, data });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => void io.close(() => done())),
  };
}

async function baselinePage(browser: Browser, url: string, room: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: url, permissions: ['camera', 'microphone'], viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: WATCH_SCRIPT });
  const page = await context.newPage();
  await page.goto(`/?room=${room}`);
  await page.evaluate(() => (globalThis as unknown as { prepare: () => Promise<void> }).prepare());
  return { context, page };
}

async function baselineRun(browser: Browser, url: string, run: number): Promise<Run> {
  const room = `room-${run}-${Date.now()}`;
  const first = await baselinePage(browser, url, room);
  const joiner = await baselinePage(browser, url, room);
  try {
    await first.page.getByTestId('join-visit').click();
    await first.page.waitForFunction(() => (globalThis as unknown as { joined?: boolean }).joined === true);
    await sleep(SETTLE_MS);
    await joiner.page.getByTestId('join-visit').click();
    return await collect(joiner.page, first.page);
  } finally {
    await joiner.context.close();
    await first.context.close();
  }
}

// ---------------------------------------------------------------------------------------------

function report(name: string, runs: Run[]): void {
  const m = (key: Exclude<keyof Run, 'trace'>) => median(runs.map((r) => r[key]));
  console.log(
    `  ${name.padEnd(40)} joiner ${ms(m('joiner')).padStart(8)}  first ${ms(m('first')).padStart(8)}  ` +
      `(presented: ${ms(m('joinerPresented'))} / ${ms(m('firstPresented'))}; call view ${ms(m('callView'))}, remote tile ${ms(m('tile'))}) ` +
      `per run joiner/first: ${runs.map((r) => `${Math.round(r.joiner)}/${Math.round(r.first)}`).join(' ')}`,
  );
}

/** One run's signalling timeline; repeated lines in a row (ICE candidates) are folded. */
function printTrace(name: string, run: Run | undefined): void {
  if (!run?.trace) return;
  console.log(`\n  timeline of one run, ${name} (ms after the click on Join):`);
  const folded: { at: number; until: number; what: string; count: number }[] = [];
  for (const [at, what] of run.trace) {
    const last = folded.at(-1);
    if (last?.what === what) Object.assign(last, { until: at, count: last.count + 1 });
    else folded.push({ at, until: at, what, count: 1 });
  }
  for (const line of folded) {
    const when = line.count > 1 ? `${Math.round(line.at)}–${Math.round(line.until)}` : `${Math.round(line.at)}`;
    console.log(`    ${when.padStart(11)}  ${line.what}${line.count > 1 ? ` ×${line.count}` : ''}`);
  }
}

async function main(): Promise<void> {
  console.log(`call-setup: RUNS=${RUNS} per case${SMOKE ? ' (SMOKE)' : ''}; headless Chromium /usr/bin/chromium, fake camera, loopback`);
  ensureWebBuild();
  const baseline = await startBaseline();
  let edge: TestEdge | null = null;
  let browser: Browser | null = null;
  try {
    edge = await startTestEdge({ env: { WEB_DIST } });
    // Call set-up, not the waiting room: the patient enters the call at once, as the simple-peer page does.
    const patient = await edge.login('patient');
    const patientId = (patient.body.data.accounts as { id: string; isDefault: boolean }[]).find((a) => a.isDefault)?.id ?? '';
    await admitAutomatically(edge.edge.deps.db, await organisationOf(edge.edge.deps.db, patientId));
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    const base: Run[] = [];
    const joinerOffers: Run[] = [];
    const firstOffers: Run[] = [];
    // Interleaved, so load on the machine falls on both alike.
    for (let run = 0; run < RUNS; run += 1) {
      base.push(await baselineRun(browser, baseline.url, run));
      joinerOffers.push(await appRun(browser, edge, true));
      firstOffers.push(await appRun(browser, edge, false));
      console.log(`  run ${run + 1}/${RUNS} done`);
    }
    console.log(`\njoin click → first remote video frame (loadeddata), median of ${RUNS}:`);
    report('simple-peer page (baseline)', base);
    report('OpenCare, the joiner offers', joinerOffers);
    report('OpenCare, the first device offers', firstOffers);
    const all = [...joinerOffers, ...firstOffers];
    report('OpenCare, both cases', all);
    printTrace('simple-peer page', base[0]);
    printTrace('OpenCare, the joiner offers', joinerOffers[0]);
    printTrace('OpenCare, the first device offers', firstOffers[0]);
    console.log('');
    const b = median(base.map((r) => Math.max(r.joiner, r.first)));
    for (const [name, runs] of [
      ['the joiner offers', joinerOffers],
      ['the first device offers', firstOffers],
      ['both cases', all],
    ] as const) {
      const ratio = median(runs.map((r) => Math.max(r.joiner, r.first))) / b;
      console.log(`OpenCare (${name}) / baseline, slower side: ${ratio.toFixed(2)}× (target ≤ ${RATIO_TARGET}×: ${ratio <= RATIO_TARGET ? 'met' : 'NOT MET'})`);
    }
  } finally {
    await browser?.close();
    await edge?.close();
    await baseline.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
process.exit();
