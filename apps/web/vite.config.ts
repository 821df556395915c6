import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the edge runs beside Vite; in production it serves dist/ on the same origin.
const edge = 'http://127.0.0.1:3000';

/**
 * Writes sw-manifest.js beside the build: the files public/sw.js caches for an offline start, and
 * a release id from their names (hashed, so they change with their content). The worker imports it,
 * so a new build is a new worker and a fresh cache.
 */
function serviceWorkerManifest(): Plugin {
  return {
    name: 'opencare-sw-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.map') && name !== 'index.html')
        .map((name) => `/${name}`)
        .sort();
      const release = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw-manifest.js',
        source: `self.OPENCARE_SW = ${JSON.stringify({ release, files })};\n`,
      });
    },
  };
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];
type OutputChunk = Extract<Bundle[string], { type: 'chunk' }>;

/** The chunks of the bundle by file name, and those the first page loads (the entry and its static imports). */
function chunksOf(bundle: Bundle) {
  const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
  const initial = new Set<string>();
  const visit = (fileName: string) => {
    if (initial.has(fileName)) return;
    initial.add(fileName);
    for (const next of chunks.get(fileName)?.imports ?? []) visit(next);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return { chunks, initial };
}

/**
 * zod (about 23 kB on the wire) is not needed to show the sign-in form: it arrives with the screens
 * and the stored values' checks. A static import that pulls it into the first load again would cost
 * every first visit, so the build stops and names the chain of imports that brought it.
 */
function firstLoadWithoutZod(): Plugin {
  return {
    name: 'opencare-first-load-without-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, initial } = chunksOf(bundle);
      const firstModules = new Set([...initial].flatMap((fileName) => (chunks.get(fileName) as OutputChunk).moduleIds));
      // The shortest chain of static imports from the entry to a zod module in the first load's
      // chunks, to name the culprit (re-exporting modules are followed though they leave no code).
      const isZod = (id: string) => /node_modules[\\/]zod[\\/]/.test(id);
      const entries = [...chunks.values()].flatMap((chunk) => (chunk.isEntry && chunk.facadeModuleId ? [chunk.facadeModuleId] : []));
      const cameFrom = new Map<string, string | null>(entries.map((id) => [id, null]));
      const queue = [...entries];
      let zodModule: string | undefined;
      while (queue.length > 0 && !zodModule) {
        const id = queue.shift() as string;
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
          if (cameFrom.has(next)) continue;
          cameFrom.set(next, id);
          if (isZod(next) && firstModules.has(next)) zodModule = next;
          queue.push(next);
        }
      }
      if (!zodModule) return;
      const chain: string[] = [];
      for (let id: string | null | undefined = zodModule; id; id = cameFrom.get(id)) chain.unshift(id);
      this.error(`zod is in the first load again: ${chain.map((id) => id.replace(/^.*?(node_modules|apps|packages)[\\/]/, '$1/')).join(' → ')}. Import zod-free modules there (see docs/PERFORMANCE.md, issue 16).`);
    },
  };
}

/**
 * The first load carries only the Mantine styles its components need (src/styles/mantine-first.css);
 * the styles of the other components the app uses come with the first lazy screen
 * (src/styles/mantine-later.css), and those of components it never uses are not shipped. A
 * component added without its styles would show unstyled, so the build stops and names it; one
 * listed but used nowhere is named too, to be removed.
 */
function mantineStyles(): Plugin {
  return {
    name: 'opencare-mantine-styles',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const { chunks, initial } = chunksOf(bundle);
      const componentsOf = (fileNames: Iterable<string>) =>
        new Set(
          [...fileNames].flatMap((fileName) =>
            (chunks.get(fileName)?.moduleIds ?? []).flatMap((id) => /@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/.exec(id)?.[1] ?? []),
          ),
        );
      const listed = async (file: string) =>
        new Set([...(await readFile(resolve(import.meta.dirname, 'src/styles', file), 'utf8')).matchAll(/styles\/(\w+)\.css/g)].map((match) => match[1]));
      const [first, later] = await Promise.all([listed('mantine-first.css'), listed('mantine-later.css')]);
      const firstMissing = [...componentsOf(initial)].filter((name) => !first.has(name));
      if (firstMissing.length > 0) this.error(`The first load uses Mantine's ${firstMissing.join(', ')} without its styles: add them to src/styles/mantine-first.css (and remove them from mantine-later.css).`);
      const used = componentsOf(chunks.keys());
      const missing = [...used].filter((name) => !first.has(name) && !later.has(name));
      if (missing.length > 0) this.error(`The app uses Mantine's ${missing.join(', ')} without its styles: add them to src/styles/mantine-later.css, in the order of Mantine's styles.css.`);
      const unused = [...later].filter((name) => name && !used.has(name));
      if (unused.length > 0) this.error(`src/styles/mantine-later.css lists Mantine's ${unused.join(', ')}, which no screen uses: remove them.`);
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Text the browser fetches; source maps stay raw (only developer tools read them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (public/ included), once,
 * at the strongest settings: the edge sends them as they are (@fastify/static `preCompressed`), so
 * no request pays for compression and a phone gets a fifth of the bytes. A file compression does
 * not make smaller keeps no copy.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'opencare-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gzipped(raw, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102),
 * which has its development warnings on and extra checks: about 5 % of the main thread before home's
 * first paint went there. The build takes the production build beside it.
 */
function reactRouterProduction(): Plugin {
  const production = (specifier: string) => {
    const file = fileURLToPath(import.meta.resolve(specifier)).replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2');
    if (!existsSync(file)) throw new Error(`React Router's production build is not at ${file}: check its package layout.`);
    return file;
  };
  return {
    name: 'opencare-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: production('react-router') },
          { find: /^react-router\/dom$/, replacement: production('react-router/dom') },
        ],
      },
    }),
  };
}

const SRC = resolve(import.meta.dirname, 'src');
const SCHEMAS = resolve(import.meta.dirname, '../../packages/schemas/src');
/** The checks of stored values (session/stored-item.ts), which a returning visitor's first render waits for. */
const STORED_CHECKS = [join(SCHEMAS, 'entities/user.ts'), join(SCHEMAS, 'preferences.ts'), join(SRC, 'features/system-settings/branding-check.ts')];
/** The signed-in frame around every signed-in screen (routes.tsx): navigation, account menu, the active call. */
const SIGNED_IN_FRAME = [join(SRC, 'components/layouts/main-layout.tsx'), join(SRC, 'features/visits/call/active-call-provider.tsx')];
/** Home as a reloaded tab opens it, with the clinicians' home (the one opened most) and its data's prefetch. */
const HOME = [join(SRC, 'pages/home-page.tsx'), join(SRC, 'features/home/clinician-home.tsx')];
/** The request for home's data, sent while home's code downloads: a small chunk of its own, so it goes out first. */
const HOME_DATA = [join(SRC, 'features/home/home-prefetch.ts')];

const isOurs = (id: string) => !/node_modules[\\/]/.test(id) && !id.startsWith('\0');
/** `package:Name` of a library module named after its export (Mantine's `SimpleGrid.mjs`, react-i18next's `Trans.js`). */
const libraryExport = (id: string) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/].*[\\/]([\w$]+)\.m?js$/.exec(id)?.slice(1).join(':').replace('\\', '/');

/**
 * What home shares with other screens, found before the chunks are made: our modules (a list, a
 * pager, the load states) and the library exports they import by name (Mantine's SimpleGrid,
 * react-i18next's Trans). They go with the signed-in frame, which every signed-in screen loads,
 * so that another screen does not download home's chunk for them. Our modules import no barrels,
 * so their static imports are the modules they use; libraries are reached through their barrels,
 * so they are matched by the names our modules import.
 */
function homeSharedModules(): { plugin: Plugin; shared: Set<string>; sharedExports: Set<string> } {
  const shared = new Set<string>();
  const sharedExports = new Set<string>();
  return {
    shared,
    sharedExports,
    plugin: {
      name: 'opencare-home-shared-modules',
      apply: 'build',
      buildEnd() {
        shared.clear();
        sharedExports.clear();
        const reach = (roots: Iterable<string>) => {
          const seen = new Set<string>();
          const queue = [...roots];
          while (queue.length > 0) {
            const id = queue.pop() as string;
            if (seen.has(id) || !isOurs(id)) continue;
            seen.add(id);
            queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
          return seen;
        };
        const namedImports = (ids: Iterable<string>) =>
          new Set(
            [...ids].flatMap((id) =>
              [...(this.getModuleInfo(id)?.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"'./][^"']*)["']/g)].flatMap(([, names = '', from = '']) => {
                const pkg = /^(@[^/]+\/)?[^/]+/.exec(from)?.[0];
                return names.split(',').flatMap((name) => {
                  const imported = name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
                  return imported ? [`${pkg}:${imported}`] : [];
                });
              }),
            ),
          );
        const homeModules = reach(HOME);
        const named = new Set([...SIGNED_IN_FRAME, ...HOME, ...HOME_DATA]);
        const screens = [...this.getModuleIds()].flatMap((id) => (isOurs(id) ? (this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) : [])).filter((id) => !named.has(id));
        const others = reach(screens);
        for (const id of homeModules) if (others.has(id) && !HOME.includes(id)) shared.add(id);
        const othersImport = namedImports(others);
        for (const name of namedImports(homeModules)) if (othersImport.has(name)) sharedExports.add(name);
      },
    },
  };
}
const homeShared = homeSharedModules();

export default defineConfig({
  plugins: [react(), reactRouterProduction(), homeShared.plugin, serviceWorkerManifest(), firstLoadWithoutZod(), mantineStyles(), precompress()],
  server: {
    proxy: {
      '/api': edge,
      '/trpc': edge,
      // The pre-call check times its round trip on the edge's health answer.
      '/healthz': edge,
      '/socket.io': { target: edge, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        // Only what the first page needs ($initial: statically imported from main.tsx) is grouped;
        // a library only some screens use stays with them, loaded when they are (issue 16).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'] },
            // Only the LiveKit engine, loaded on demand, imports it (one module of 532 kB: it cannot be split).
            { name: 'livekit', test: /node_modules[\\/]livekit-client[\\/]/, priority: 10 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // Our own code of the first page in one chunk, rather than dozens of small shared ones
            // (each a request, on a phone a round trip).
            { name: 'app', test: (id) => !/node_modules[\\/]/.test(id), tags: ['$initial'] },
            // A signed-in page reloaded at home fetched about 45 files after the first load, most of
            // them a few hundred bytes (Mantine's Avatar, NavLink, Divider…, our lists' parts), six at
            // a time over HTTP/1.1: on a phone a round trip each. Now a few, none in the first load:
            // zod and the stored values' checks (a returning visitor's first render waits for them),
            // the signed-in frame with what home shares with other screens, and home itself with the
            // clinicians' home. A group takes the modules its matches import, unless an earlier group
            // took them: so the order matters (issue 16, docs/PERFORMANCE.md §5).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Home's data request and its queries, which need neither zod nor the frame.
            { name: 'home-data', test: (id) => HOME_DATA.includes(id) },
            { name: 'stored-checks', test: (id) => STORED_CHECKS.includes(id) },
            {
              name: 'signed-in',
              test: (id) => SIGNED_IN_FRAME.includes(id) || homeShared.shared.has(id) || homeShared.sharedExports.has(libraryExport(id) ?? ''),
            },
            { name: 'home', test: (id) => HOME.includes(id) },
          ],
        },
      },
    },
  },
});
