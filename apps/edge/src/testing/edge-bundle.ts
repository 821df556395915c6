import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The edge server's sources (apps/edge and the @opencare packages) bundled into one JavaScript
 * file, for tests that start and kill the real server many times (the upload crash test restarts
 * it 20 times). Started through tsx, the server spends 4–7 s loading some 1,500 modules through its
 * loader hooks; from the bundle it starts in a fraction of that. The code is the same: only its
 * TypeScript is compiled ahead, once per test process. The npm packages stay outside the bundle
 * and load from node_modules as they do under tsx.
 */
const EDGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = join(EDGE_DIR, 'src', 'server.ts');
// Inside apps/edge, so the bundle's imports of npm packages resolve from its node_modules upwards.
const OUT_DIR = join(EDGE_DIR, 'node_modules', '.cache', 'edge-bundle');

/** Our own sources in the bundle, every npm package left to Node. */
const onlyOurSources: Plugin = {
  name: 'only-our-sources',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@opencare/') ? undefined : { path: args.path, external: true },
    );
    // A file that finds its neighbours through import.meta.url (the migrations, the web build, the
    // repository root) keeps finding them where the sources are.
    plugin.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

let bundled: Promise<string> | undefined;

/** The path of the bundled server, built on the first call of this process. */
export function edgeBundle(): Promise<string> {
  bundled ??= (async () => {
    mkdirSync(OUT_DIR, { recursive: true });
    // One file per process: test workers running at once never write over each other's.
    const outfile = join(OUT_DIR, `server-${process.pid}.mjs`);
    await build({
      entryPoints: [SERVER],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      plugins: [onlyOurSources],
    });
    return outfile;
  })();
  return bundled;
}
