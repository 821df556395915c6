/**
 * Issue 8, benchmark 5: the web app's largest contentful paint (LCP) of home after login, against an
 * empty Vite + React page built and served in the same run, in the same headless Chromium (targets:
 * ≤ 2× the empty page and ≤ 2.5 s); the size of every file the build emits (no chunk over 500 kB);
 * the JS + CSS that /login, home and the video visit route (`/telehealth-visit/:code`, the app's
 * visit screen) actually load, as bytes on the wire (Resource Timing's encoded body sizes: what the
 * edge sent, compressed or not) and gzipped by node:zlib for comparison; and (issue 16) a phone
 * profile — slow 4G (150 ms, 1.6 Mbps down, 750 kbps up) and a 4× CPU slowdown through CDP — timing
 * when the login form is usable and when home shows the signed-in user (targets 3 s and 4 s).
 *
 * What runs: apps/web/dist (built first when missing) served by a real edge (createEdge through
 * startTestEdge, embedded PGlite, demo data); the baseline, a React root rendering a heading and a
 * paragraph, and the same page on the app's stack (its floor), built with Vite's `build()` and
 * @vitejs/plugin-react into temporary folders and served by node:http. All are plain HTTP/1.1 on
 * loopback; the edge sends what the build precompressed (brotli or gzip, as the browser accepts),
 * the reference pages' server brotli too (compressed once).
 *
 * Every measurement opens a new browser context: the HTTP cache, the service worker and storage
 * start cold. "Home after login" logs in through the login form in a set-up context, then opens `/`
 * in a fresh context carrying that session: (a) the signed-in tab reloaded (refresh cookie, session
 * marker and the tab's sessionStorage: the app renders from the stored user and checks it with the
 * server), (b) a new tab (refresh cookie and marker only: the app trades the cookie for a token
 * first). LCP is read from a buffered PerformanceObserver after the network has settled. A chunk
 * over 500 kB is broken down by source (from its source map) so the run says what makes it big.
 *
 *   npm run web-lcp -w @opencare/bench        RUNS=5 (SMOKE=1: 1 run), ROLE=physician, WEB_DIST=apps/web/dist
 *   PROFILE=1 adds where the main thread's time goes before the first paint of home (CPU profile
 *   mapped to packages through the source maps; its overhead makes those runs' paints slower).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { startTestEdge, type TestEdge } from '@opencare/edge/src/testing/test-edge';

const SMOKE = process.env.SMOKE === '1';
const RUNS = Number(process.env.RUNS ?? (SMOKE ? 1 : 5));
const ROLE = process.env.ROLE ?? 'physician';
const PROFILE = process.env.PROFILE === '1';
const CHUNK_LIMIT = 500 * 1000;
const LCP_TARGET_MS = 2500;
const LCP_RATIO_TARGET = 2;
/** After the network is idle, a little longer: a late, larger paint would still count. */
const SETTLE_MS = 500;

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const REPO = resolve(BENCH_DIR, '..');
/** Another build to measure (say, a branch's), instead of apps/web/dist. */
const WEB_DIST = resolve(process.env.WEB_DIST ?? join(REPO, 'apps/web/dist'));
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const gzipSize = (data: Buffer) => gzipSync(data).length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const max = (values: number[]) => Math.max(...values);

// ---------------------------------------------------------------------------------------------
// The builds

function ensureWebBuild(): void {
  if (existsSync(join(WEB_DIST, 'index.html'))) {
    console.log(`web build: using ${WEB_DIST} (built ${statSync(join(WEB_DIST, 'index.html')).mtime.toISOString()})`);
    return;
  }
  if (WEB_DIST !== join(REPO, 'apps/web/dist')) throw new Error(`no web build at ${WEB_DIST}`);
  console.log('web build: apps/web/dist is missing, building it (npm run build -w @opencare/web)');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', '@opencare/web'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0 || !existsSync(join(WEB_DIST, 'index.html'))) throw new Error('the web build failed');
  console.log(`web build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The baseline: an empty Vite + React app (one component, a heading and a paragraph: a page with no
 * content has no LCP at all). `stack`: the same page on the stack issue 16 and design.md ask for,
 * before any of the app's own code: Mantine (provider, base styles, Container, Title, Text), React
 * Router's data router, i18next with react-i18next, TanStack Query and a tRPC client. It is the floor
 * of any page of the app, measured beside the baseline so the ratio target can be read against it.
 * Its folder sits under apps/web/node_modules/.cache, so the libraries resolve to the web app's own
 * versions (tRPC is installed for the web app only).
 */
async function buildBaseline(kind: 'react' | 'stack'): Promise<string> {
  const cache = join(REPO, 'apps/web/node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, `web-lcp-${kind}-`));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Baseline</title></head>' +
      '<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>\n',
  );
  const text = 'An empty Vite + React page: the baseline of the web benchmark.';
  const page =
    kind === 'react'
      ? ['function App() {', `  return (<main><h1>Welcome</h1><p>${text}</p></main>);`, '}', "createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);"]
      : [
          ...['baseline', 'default-css-variables', 'global', 'Container', 'Title', 'Text'].map((name) => `import '@mantine/core/styles/${name}.css';`),
          "import { Container, MantineProvider, Text, Title } from '@mantine/core';",
          "import { QueryClient, QueryClientProvider } from '@tanstack/react-query';",
          "import { httpBatchLink } from '@trpc/client';",
          "import { createTRPCReact } from '@trpc/react-query';",
          "import i18next from 'i18next';",
          "import { initReactI18next, useTranslation } from 'react-i18next';",
          "import { createBrowserRouter, RouterProvider } from 'react-router-dom';",
          'const trpc = createTRPCReact<any>();',
          'const queryClient = new QueryClient();',
          "const trpcClient = trpc.createClient({ links: [httpBatchLink({ url: '/trpc' })] });",
          'function App() {',
          '  const { t } = useTranslation();',
          "  return (<Container component=\"main\"><Title>{t('title')}</Title><Text>{t('text')}</Text></Container>);",
          '}',
          "const router = createBrowserRouter([{ path: '*', element: <App /> }]);",
          `void i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { title: 'Welcome', text: ${JSON.stringify(text)} } } } }).then(() =>`,
          "  createRoot(document.getElementById('root')!).render(",
          '    <StrictMode><MantineProvider><trpc.Provider client={trpcClient} queryClient={queryClient}><QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider></trpc.Provider></MantineProvider></StrictMode>,',
          '  ),',
          ');',
        ];
  writeFileSync(join(root, 'main.tsx'), ["import { StrictMode } from 'react';", "import { createRoot } from 'react-dom/client';", ...page, ''].join('\n'));
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: join(root, 'dist'), emptyOutDir: true } });
  return root;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * A minimal static server: files from `dir`, index.html for anything else (like the edge), brotli
 * when the browser takes it (as the edge sends the app's precompressed files: on the phone profile
 * the bytes count, and the baseline should not pay for bytes the app is spared).
 */
async function serveStatic(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    const file = path.startsWith(dir + sep) && existsSync(path) && statSync(path).isFile() ? path : join(dir, 'index.html');
    const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...(brotli ? { 'content-encoding': 'br' } : {}) });
    res.end(brotli ? compressed(file) : readFileSync(file));
  });
  // Compressed once, before the first measurement (the warm-up): the edge's files are precompressed at build.
  const cache = new Map<string, Buffer>();
  const compressed = (file: string) => cache.get(file) ?? cache.set(file, brotliCompressSync(readFileSync(file))).get(file)!;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

// ---------------------------------------------------------------------------------------------
// Chunks and what makes a big one big

interface Asset {
  name: string;
  raw: number;
  gzip: number;
}

function listAssets(): { assets: Asset[]; maps: { count: number; bytes: number } } {
  const dir = join(WEB_DIST, 'assets');
  const assets: Asset[] = [];
  const maps = { count: 0, bytes: 0 };
  for (const name of readdirSync(dir).sort()) {
    // The build's precompressed copies (.br, .gz) are counted through the files they compress.
    if (/\.(br|gz)$/.test(name)) continue;
    const data = readFileSync(join(dir, name));
    if (name.endsWith('.map')) {
      maps.count += 1;
      maps.bytes += data.length;
    } else {
      assets.push({ name, raw: data.length, gzip: gzipSize(data) });
    }
  }
  return { assets, maps };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The fields of one source-map segment (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Where a source belongs: an npm package, a workspace package or a folder of the web app. */
function owner(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const pkg = /packages\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(source);
  if (pkg) return `@opencare/${pkg[1]}${pkg[2] ? `/${pkg[2]}` : ''}`;
  const web = /(?:^|\/)src\/((?:[^/]+\/){0,2})/.exec(source);
  if (web) return `apps/web/src/${web[1]}`.replace(/\/$/, '');
  return source;
}

/** JSON modules (the locales) and bundler glue have no source map: their bytes are "unmapped". */
const UNMAPPED = '(unmapped)';

interface Segment {
  column: number;
  /** Index into sources, or -1 for generated code without a source. */
  source: number;
}

/** A chunk's source map, decoded: per generated line, its segments in column order. */
class ChunkMap {
  private constructor(
    readonly code: string,
    readonly sources: string[],
    readonly lines: Segment[][],
  ) {}

  private static cache = new Map<string, ChunkMap | null>();

  static of(chunk: string): ChunkMap | null {
    if (!ChunkMap.cache.has(chunk)) {
      const mapFile = join(WEB_DIST, 'assets', `${chunk}.map`);
      let value: ChunkMap | null = null;
      if (existsSync(mapFile)) {
        const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
        let source = 0;
        const lines = map.mappings.split(';').map((line) => {
          let column = 0;
          return (line ? line.split(',') : []).map((segment) => {
            const fields = decodeSegment(segment);
            column += fields[0] ?? 0;
            if (fields.length >= 4) source += fields[1]!;
            return { column, source: fields.length >= 4 ? source : -1 };
          });
        });
        value = new ChunkMap(readFileSync(join(WEB_DIST, 'assets', chunk), 'utf8'), map.sources, lines);
      }
      ChunkMap.cache.set(chunk, value);
    }
    return ChunkMap.cache.get(chunk) ?? null;
  }

  private ownerOf(segment: Segment): string {
    return segment.source < 0 ? UNMAPPED : owner(this.sources[segment.source] ?? '?');
  }

  /** Who wrote the code at a generated position (0-based line and column). */
  ownerAt(line: number, column: number): string {
    const segments = this.lines[line] ?? [];
    let low = 0;
    let high = segments.length - 1;
    let found: Segment | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (segments[mid]!.column <= column) {
        found = segments[mid];
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found ? this.ownerOf(found) : UNMAPPED;
  }

  /** The chunk's bytes per owner, largest first, and where its largest unmapped stretch begins. */
  breakDown(): { parts: { owner: string; bytes: number }[]; largestUnmapped: { bytes: number; starts: string } } {
    const totals = new Map<string, number>();
    const largestUnmapped = { bytes: 0, starts: '' };
    const code = this.code.split('\n');
    const add = (line: string, from: Segment | null, to: number) => {
      const key = from ? this.ownerOf(from) : UNMAPPED;
      const start = from?.column ?? 0;
      const bytes = Buffer.byteLength(line.slice(start, to));
      totals.set(key, (totals.get(key) ?? 0) + bytes);
      if (key === UNMAPPED && bytes > largestUnmapped.bytes) Object.assign(largestUnmapped, { bytes, starts: line.slice(start, start + 60) });
    };
    code.forEach((line, index) => {
      const segments = this.lines[index] ?? [];
      if (segments.length === 0 || segments[0]!.column > 0) add(line, null, segments[0]?.column ?? line.length);
      segments.forEach((segment, i) => add(line, segment, segments[i + 1]?.column ?? line.length));
    });
    return { parts: [...totals].map(([key, bytes]) => ({ owner: key, bytes })).sort((a, b) => b.bytes - a.bytes), largestUnmapped };
  }
}

// ---------------------------------------------------------------------------------------------
// The browser side

interface Paint {
  lcp: number;
  element: string;
  fcp: number;
  load: number;
}

/** What the page-side code below uses of the browser (bench/tsconfig.json has no DOM library). */
interface LcpEntry {
  startTime: number;
  element?: { tagName: string; textContent: string | null; getAttribute(name: string): string | null } | null;
}
interface PageGlobals {
  PerformanceObserver: new (callback: (list: { getEntries(): LcpEntry[] }) => void) => { observe(options: { type: string; buffered: boolean }): void };
  performance: { getEntriesByType(type: string): { loadEventEnd?: number }[]; getEntriesByName(name: string): { startTime: number }[] };
}

/** LCP, FCP and the load event of the page, once its network has settled (times from navigation start). */
async function readPaint(page: Page): Promise<Paint> {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(SETTLE_MS);
  return page.evaluate(
    () =>
      new Promise<Paint>((done) => {
        const w = globalThis as unknown as PageGlobals;
        const entries: LcpEntry[] = [];
        new w.PerformanceObserver((list) => entries.push(...list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const last = entries.at(-1);
          const el = last?.element;
          const testId = el?.getAttribute('data-testid');
          const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
          done({
            lcp: last ? last.startTime : Number.NaN,
            element: el ? `<${el.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ''}> "${text}"` : '(none)',
            fcp: w.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
            load: w.performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? Number.NaN,
          });
        }, 100);
      }),
  );
}

interface Session {
  storage: Awaited<ReturnType<BrowserContext['storageState']>>;
  tab: Record<string, string>;
}

/** Log in through the form in a set-up context (its cache is thrown away with it). */
async function logInThroughForm(browser: Browser, url: string, username: string): Promise<Session> {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${url}/`);
  await page.getByTestId('user-full-name').waitFor();
  const session = { storage: await context.storageState(), tab: await page.evaluate(() => ({ ...sessionStorage })) };
  await context.close();
  return session;
}

/** A fresh context with the session: the reloaded tab (with its sessionStorage) or a new tab. */
async function sessionContext(browser: Browser, url: string, session: Session, tab: boolean, serviceWorkers: 'allow' | 'block' = 'allow') {
  const context = await browser.newContext({ baseURL: url, storageState: session.storage, serviceWorkers });
  if (tab) {
    await context.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
    }, session.tab);
  }
  return context;
}

async function measure(context: BrowserContext, path: string, ready?: (page: Page) => Promise<void>): Promise<Paint> {
  try {
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'load' });
    if (ready) await ready(page);
    return await readPaint(page);
  } finally {
    await context.close();
  }
}

/**
 * Where the main thread's time goes between navigation and the first contentful paint of home: a
 * sampling CPU profile (every 100 µs), each sample charged to the package or folder its code comes
 * from (through the chunks' source maps). "(program)" is V8 and Blink outside JavaScript (parsing,
 * compiling, style, layout), "(idle)" is waiting. Samples are counted from the profile's start, a
 * few milliseconds before the navigation's, to the first contentful paint.
 */
async function profileHome(browser: Browser, url: string, session: Session): Promise<{ fcp: number; byOwner: Map<string, number> }> {
  const context = await sessionContext(browser, url, session, true);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto('/', { waitUntil: 'load' });
    await page.getByTestId('user-full-name').waitFor();
    const fcp = await page.evaluate(() => (globalThis as unknown as PageGlobals).performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
    const { profile } = await cdp.send('Profiler.stop');
    const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const byOwner = new Map<string, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    let at = profile.startTime;
    for (let i = 0; i < samples.length; i += 1) {
      at += deltas[i] ?? 0;
      if ((at - profile.startTime) / 1000 > fcp) break;
      const frame = nodes.get(samples[i]!);
      const chunk = frame?.url.includes('/assets/') ? frame.url.slice(frame.url.lastIndexOf('/') + 1) : '';
      const name = !frame
        ? '?'
        : chunk
          ? (ChunkMap.of(chunk)?.ownerAt(frame.lineNumber, frame.columnNumber) ?? chunk)
          : frame.url
            ? new URL(frame.url).pathname
            : frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName || 'native'})`;
      byOwner.set(name, (byOwner.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
    }
    return { fcp, byOwner };
  } finally {
    await context.close();
  }
}

interface Loaded {
  files: number;
  raw: number;
  gzip: number;
  /** JS + CSS bodies as they crossed the network (Resource Timing encodedBodySize: compressed when the edge compressed). */
  wire: number;
  /** Everything the page fetched (document, JS, CSS, images, API), headers included (Resource Timing transferSize). */
  wireAll: number;
  /** The Content-Encoding of the JS and CSS answers, counted (identity when none). */
  encodings: Record<string, number>;
  names: string[];
}

/** The page's Resource Timing entries (same origin, so the sizes are exposed). */
interface TimingEntry {
  name: string;
  transferSize: number;
  encodedBodySize: number;
}
interface TimingGlobals {
  performance: { getEntriesByType(type: string): TimingEntry[] };
}
const isScriptOrStyle = (url: string) => /\.(m?js|css)$/.test(new URL(url).pathname);

/** The JS and CSS a route loads in a cold context (service worker blocked: its precache is not the route's). */
async function loadedBy(context: BrowserContext, path: string, ready: (page: Page) => Promise<void>): Promise<Loaded> {
  const bodies: Promise<{ name: string; body: Buffer }>[] = [];
  const encodings: Record<string, number> = {};
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') {
        const encoding = response.headers()['content-encoding'] ?? 'identity';
        encodings[encoding] = (encodings[encoding] ?? 0) + 1;
        bodies.push(response.body().then((body) => ({ name: new URL(response.url()).pathname, body })));
      }
    });
    await page.goto(path, { waitUntil: 'load' });
    await ready(page);
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    const files = await Promise.all(bodies);
    const timings = await page.evaluate(() => {
      const p = (globalThis as unknown as TimingGlobals).performance;
      return [...p.getEntriesByType('navigation'), ...p.getEntriesByType('resource')].map((e) => ({
        name: e.name,
        transferSize: e.transferSize,
        encodedBodySize: e.encodedBodySize,
      }));
    });
    return {
      files: files.length,
      raw: files.reduce((sum, f) => sum + f.body.length, 0),
      gzip: files.reduce((sum, f) => sum + gzipSize(f.body), 0),
      wire: timings.filter((t) => isScriptOrStyle(t.name)).reduce((sum, t) => sum + t.encodedBodySize, 0),
      wireAll: timings.reduce((sum, t) => sum + t.transferSize, 0),
      encodings,
      names: files.map((f) => f.name.replace('/assets/', '')),
    };
  } finally {
    await context.close();
  }
}

/**
 * The phone profile of issue 16: Chrome DevTools' "slow 4G" (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up) and a CPU four times slower, on a phone-sized viewport.
 */
const PHONE = { latencyMs: 150, downBitsPerSecond: 1.6e6, upBitsPerSecond: 750e3, cpuSlowdown: 4, viewport: { width: 375, height: 812 } };
const PHONE_LOGIN_TARGET_MS = 3000;
const PHONE_HOME_TARGET_MS = 4000;

interface PhoneRun {
  /** From navigation start to the moment the element that makes the page usable is in the document. */
  usable: number;
  lcp: number;
  /** Bytes received for everything the page fetched until then (Resource Timing transferSize). */
  wireAll: number;
}

/**
 * One cold load on the phone profile. "Usable" is when `selector` enters the document, recorded in
 * the page by a MutationObserver (no polling from here, whose delay the slowed CPU would add to the
 * figure): React attaches its handlers as it commits, so the login form is usable as it appears.
 */
async function phoneLoad(context: BrowserContext, path: string, selector: string): Promise<PhoneRun> {
  try {
    await context.addInitScript((wanted: string) => {
      const w = globalThis as unknown as { __usableAt?: number; document: { querySelector(s: string): unknown }; performance: { now(): number } };
      const g = globalThis as unknown as { MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void; disconnect(): void } };
      const observer = new g.MutationObserver(() => {
        if (w.__usableAt === undefined && w.document.querySelector(wanted)) {
          w.__usableAt = w.performance.now();
          observer.disconnect();
        }
      });
      observer.observe(w.document, { childList: true, subtree: true });
    }, selector);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downBitsPerSecond / 8,
      uploadThroughput: PHONE.upBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator(selector).first().waitFor({ timeout: 120_000 });
    const paint = await readPaint(page);
    const usable = await page.evaluate(() => (globalThis as unknown as { __usableAt?: number }).__usableAt ?? Number.NaN);
    const wireAll = await page.evaluate(() => {
      const p = (globalThis as unknown as TimingGlobals).performance;
      return [...p.getEntriesByType('navigation'), ...p.getEntriesByType('resource')].reduce((sum, e) => sum + e.transferSize, 0);
    });
    return { usable, lcp: paint.lcp, wireAll };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(`web-lcp: RUNS=${RUNS} ROLE=${ROLE}${SMOKE ? ' (SMOKE)' : ''}; headless Chromium ${'/usr/bin/chromium'}; cold cache (a new context per measurement)`);
  ensureWebBuild();

  // Chunks.
  const { assets, maps } = listAssets();
  console.log('\nfiles in apps/web/dist/assets (gzip: node:zlib, default level):');
  for (const a of assets) {
    const big = /\.(js|css)$/.test(a.name) && a.raw > CHUNK_LIMIT;
    console.log(`  ${a.name.padEnd(36)} ${kb(a.raw).padStart(10)} raw ${kb(a.gzip).padStart(10)} gzip${big ? '   OVER 500 kB' : ''}`);
  }
  console.log(`  (+ ${maps.count} source maps, ${kb(maps.bytes)}, fetched only by developer tools)`);
  const over = assets.filter((a) => /\.(js|css)$/.test(a.name) && a.raw > CHUNK_LIMIT);
  console.log(`chunks over 500 kB: ${over.length}${over.length ? ` (${over.map((a) => a.name).join(', ')})` : ''} — target 0: ${over.length ? 'NOT MET' : 'met'}`);
  for (const a of over) {
    const map = ChunkMap.of(a.name);
    if (!map) {
      console.log(`  ${a.name}: no source map, no breakdown`);
      continue;
    }
    const { parts, largestUnmapped } = map.breakDown();
    console.log(`  ${a.name} by source (from its map), top 10 of ${parts.length}:`);
    for (const p of parts.slice(0, 10)) console.log(`    ${kb(p.bytes).padStart(10)}  ${p.owner}`);
    if (largestUnmapped.bytes > 10_000) console.log(`    largest unmapped stretch: ${kb(largestUnmapped.bytes)}, begins ${JSON.stringify(largestUnmapped.starts)}`);
  }

  // The two servers and the browser.
  const baselineRoot = await buildBaseline('react');
  const baseline = await serveStatic(join(baselineRoot, 'dist'));
  const floorRoot = await buildBaseline('stack');
  const floor = await serveStatic(join(floorRoot, 'dist'));
  let edge: TestEdge | null = null;
  let browser: Browser | null = null;
  try {
    edge = await startTestEdge({ env: { WEB_DIST } });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    const b = browser;
    const e = edge;
    const homeReady = (page: Page) => page.getByTestId('user-full-name').waitFor();

    // Warm-up (not counted): the first launch of each page pays for Chromium's own start-up.
    await measure(await b.newContext({ baseURL: baseline.url }), '/');
    await measure(await b.newContext({ baseURL: floor.url }), '/');
    await measure(await sessionContext(b, e.url, await logInThroughForm(b, e.url, ROLE), true), '/', homeReady);

    const base: Paint[] = [];
    const stack: Paint[] = [];
    const reload: Paint[] = [];
    const fresh: Paint[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      base.push(await measure(await b.newContext({ baseURL: baseline.url }), '/'));
      stack.push(await measure(await b.newContext({ baseURL: floor.url }), '/'));
      const session = await logInThroughForm(b, e.url, ROLE);
      // The reloaded tab first: it uses the access token and leaves the refresh cookie unused.
      reload.push(await measure(await sessionContext(b, e.url, session, true), '/', homeReady));
      fresh.push(await measure(await sessionContext(b, e.url, session, false), '/', homeReady));
    }

    const row = (name: string, paints: Paint[]) => {
      const lcp = paints.map((p) => p.lcp);
      console.log(
        `  ${name.padEnd(44)} LCP median ${ms(median(lcp)).padStart(7)}, max ${ms(max(lcp)).padStart(7)}; FCP median ${ms(median(paints.map((p) => p.fcp)))}; load median ${ms(median(paints.map((p) => p.load)))}; LCP element ${paints.at(-1)?.element}`,
      );
    };
    console.log(`\nlargest contentful paint, ${RUNS} cold run(s) each:`);
    row('empty Vite + React page (baseline)', base);
    row("the same page on the app's stack (floor)", stack);
    row(`home after login as ${ROLE}, tab reloaded`, reload);
    row(`home after login as ${ROLE}, new tab`, fresh);
    const baseMedian = median(base.map((p) => p.lcp));
    const stackMedian = median(stack.map((p) => p.lcp));
    console.log(`the page on the app's stack / baseline: ${(stackMedian / baseMedian).toFixed(2)}× (no target: what the stack itself costs)`);
    console.log(`home (tab reloaded) / the page on the app's stack: ${(median(reload.map((p) => p.lcp)) / stackMedian).toFixed(2)}× (no target: what the app adds to its stack)`);
    for (const [name, paints] of [
      ['tab reloaded', reload],
      ['new tab', fresh],
    ] as const) {
      const m = median(paints.map((p) => p.lcp));
      const ratio = m / baseMedian;
      console.log(
        `home (${name}) / baseline: ${ratio.toFixed(2)}× (target ≤ ${LCP_RATIO_TARGET}×: ${ratio <= LCP_RATIO_TARGET ? 'met' : 'NOT MET'}); ` +
          `max ${ms(max(paints.map((p) => p.lcp)))} (target ≤ ${LCP_TARGET_MS} ms: ${max(paints.map((p) => p.lcp)) <= LCP_TARGET_MS ? 'met' : 'NOT MET'})`,
      );
    }

    if (PROFILE) {
      const totals = new Map<string, number>();
      const fcps: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const { fcp, byOwner } = await profileHome(b, e.url, await logInThroughForm(b, e.url, ROLE));
        fcps.push(fcp);
        for (const [name, time] of byOwner) totals.set(name, (totals.get(name) ?? 0) + time / RUNS);
      }
      console.log(`\nmain thread before the first contentful paint of home (tab reloaded, profiled, FCP median ${ms(median(fcps))}), mean of ${RUNS}:`);
      for (const [name, time] of [...totals].sort((x, y) => y[1] - x[1]).slice(0, 15)) console.log(`  ${ms(time).padStart(8)}  ${name}`);
    }

    // What each route loads.
    const physician = await e.login('physician');
    const patient = await e.login('patient');
    const patientId = (patient.body.data.accounts as { id: string; isDefault: boolean }[]).find((a) => a.isDefault)?.id;
    const visit = await e.call('POST', '/api/v1/visits', {
      token: physician.token,
      body: { patientId, type: 'tv', startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 60 },
    });
    if (visit.status !== 200 && visit.status !== 201) throw new Error(`creating a visit failed: ${visit.status} ${JSON.stringify(visit.body)}`);
    const code = (visit.body.data as { code: string }).code;
    const physicianSession = await logInThroughForm(b, e.url, 'physician');
    const routes: [string, Loaded][] = [
      ['/login', await loadedBy(await b.newContext({ baseURL: e.url, serviceWorkers: 'block' }), '/login', (page) => page.locator('input[name="username"]').waitFor())],
      [`/ (home, ${ROLE})`, await loadedBy(await sessionContext(b, e.url, await logInThroughForm(b, e.url, ROLE), true, 'block'), '/', homeReady)],
      [
        '/telehealth-visit/:code (physician, before joining)',
        await loadedBy(await sessionContext(b, e.url, physicianSession, true, 'block'), `/telehealth-visit/${code}`, (page) => page.getByTestId('join-visit').waitFor()),
      ],
    ];
    const loadedNames = new Set(routes.flatMap(([, loaded]) => loaded.names));
    const eager = over.filter((a) => loadedNames.has(a.name)).map((a) => a.name);
    const lazy = over.filter((a) => !loadedNames.has(a.name)).map((a) => a.name);
    console.log(`\nchunks over 500 kB loaded by /login, home or the visit route: ${eager.join(', ') || 'none'}; loaded by none of them (on demand): ${lazy.join(', ') || 'none'}`);
    const baseLoaded = await loadedBy(await b.newContext({ baseURL: baseline.url }), '/', (page) => page.locator('h1').waitFor());
    const floorLoaded = await loadedBy(await b.newContext({ baseURL: floor.url }), '/', (page) => page.locator('h1').waitFor());
    console.log('\nJS + CSS loaded per route (cold; on the wire: the encoded bodies the browser received; gzip: node:zlib of each body, for comparison):');
    for (const [name, loaded] of [...routes, ['empty Vite + React page (baseline)', baseLoaded] as [string, Loaded], ["the same page on the app's stack (floor)", floorLoaded] as [string, Loaded]]) {
      const encodings = Object.entries(loaded.encodings).map(([encoding, count]) => `${count} ${encoding}`).join(', ');
      console.log(
        `  ${name.padEnd(52)} ${kb(loaded.wire).padStart(10)} on the wire (${encodings}) ${kb(loaded.gzip).padStart(10)} gzip ${kb(loaded.raw).padStart(10)} raw, ${loaded.files} files; ` +
          `everything fetched ${kb(loaded.wireAll)} with headers: ${loaded.names.join(' ')}`,
      );
    }
    const [loginLoaded, homeLoaded] = [routes[0]![1], routes[1]![1]];
    console.log(`/login JS + CSS on the wire: ${kb(loginLoaded.wire)} (target ≤ 200 kB: ${loginLoaded.wire <= 200_000 ? 'met' : 'NOT MET'})`);
    console.log(`home JS + CSS on the wire: ${kb(homeLoaded.wire)} (target ≤ 300 kB: ${homeLoaded.wire <= 300_000 ? 'met' : 'NOT MET'})`);

    // The phone profile: cold loads of /login (until its form is usable) and home (until the user's name shows).
    const phoneContext = (url: string, session?: Session) =>
      b.newContext({ baseURL: url, viewport: PHONE.viewport, isMobile: true, hasTouch: true, ...(session ? { storageState: session.storage } : {}) });
    const phoneLogin: PhoneRun[] = [];
    const phoneHome: PhoneRun[] = [];
    const phoneBase: PhoneRun[] = [];
    const phoneFloor: PhoneRun[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      phoneBase.push(await phoneLoad(await phoneContext(baseline.url), '/', 'h1'));
      phoneFloor.push(await phoneLoad(await phoneContext(floor.url), '/', 'h1'));
      phoneLogin.push(await phoneLoad(await phoneContext(e.url), '/login', 'form input[name="username"]'));
      const session = await logInThroughForm(b, e.url, ROLE);
      const context = await phoneContext(e.url, session);
      // The reloaded tab: its sessionStorage carries the stored user (as in "tab reloaded" above).
      await context.addInitScript((items: Record<string, string>) => {
        for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
      }, session.tab);
      phoneHome.push(await phoneLoad(context, '/', '[data-testid="user-full-name"]'));
    }
    console.log(
      `\nphone profile (slow 4G: ${PHONE.latencyMs} ms, ${PHONE.downBitsPerSecond / 1e6} Mbps down, ${PHONE.upBitsPerSecond / 1e3} kbps up; CPU ${PHONE.cpuSlowdown}× slower; ${PHONE.viewport.width}×${PHONE.viewport.height}), ${RUNS} cold run(s):`,
    );
    for (const [name, runs] of [
      ['empty Vite + React page (baseline), heading shown', phoneBase],
      ["the same page on the app's stack (floor), heading shown", phoneFloor],
    ] as const) {
      console.log(`  ${name.padEnd(52)} median ${ms(median(runs.map((r) => r.usable))).padStart(8)}; LCP median ${ms(median(runs.map((r) => r.lcp)))}; received ${kb(median(runs.map((r) => r.wireAll)))}`);
    }
    const phoneBaseLcp = median(phoneBase.map((r) => r.lcp));
    const phoneHomeLcp = median(phoneHome.map((r) => r.lcp));
    console.log(
      `  phone, home's LCP / baseline's: ${(phoneHomeLcp / phoneBaseLcp).toFixed(2)}× (target ≤ ${LCP_RATIO_TARGET}×: ${phoneHomeLcp / phoneBaseLcp <= LCP_RATIO_TARGET ? 'met' : 'NOT MET'}); ` +
        `the stack floor's / baseline's: ${(median(phoneFloor.map((r) => r.lcp)) / phoneBaseLcp).toFixed(2)}×`,
    );
    // What the ratio target leaves for home's bytes: their time on this link alone, before any round trip or script.
    const homeBytes = median(phoneHome.map((r) => r.wireAll));
    const homeOnTheWireMs = (homeBytes * 8 * 1000) / PHONE.downBitsPerSecond;
    console.log(`  phone, home's ${kb(homeBytes)} on this link alone: ${ms(homeOnTheWireMs)}; ${LCP_RATIO_TARGET}× the baseline's LCP: ${ms(LCP_RATIO_TARGET * phoneBaseLcp)}`);
    for (const [name, runs, target] of [
      ['/login, form usable', phoneLogin, PHONE_LOGIN_TARGET_MS],
      [`home as ${ROLE} (tab reloaded), user's name shown`, phoneHome, PHONE_HOME_TARGET_MS],
    ] as const) {
      const usable = runs.map((r) => r.usable);
      console.log(
        `  ${name.padEnd(52)} median ${ms(median(usable)).padStart(8)}, max ${ms(max(usable)).padStart(8)} (target ≤ ${target} ms: ${max(usable) <= target ? 'met' : 'NOT MET'}); ` +
          `LCP median ${ms(median(runs.map((r) => r.lcp)))}; received ${kb(median(runs.map((r) => r.wireAll)))}`,
      );
    }
  } finally {
    await browser?.close();
    await edge?.close();
    for (const [server, root] of [[baseline.server, baselineRoot], [floor.server, floorRoot]] as const) {
      await new Promise((done) => server.close(done));
      rmSync(root, { recursive: true, force: true });
    }
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
process.exit();
