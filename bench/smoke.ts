/**
 * CI's smoke run of every benchmark (`npm test -w @opencare/bench`): each script with SMOKE=1, tiny
 * sizes, one after another, so a benchmark that no longer runs fails the build. The figures a smoke
 * run prints mean nothing; the real runs are the `npm run <name>` commands in README.md.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHMARKS = ['api-search', 'ingest', 'live-fanout', 'idle-sockets', 'web-lcp', 'gateway-agent-memory', 'call-setup', 'scale'];
const here = fileURLToPath(new URL('.', import.meta.url));

const failed: string[] = [];
for (const name of BENCHMARKS) {
  const started = Date.now();
  console.log(`\n=== ${name} (smoke) ===`);
  const run = spawnSync('npx', ['tsx', `${name}.ts`], { cwd: here, stdio: 'inherit', env: { ...process.env, SMOKE: '1' }, timeout: 300_000 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status === 0) console.log(`=== ${name}: ran in ${seconds} s ===`);
  else {
    console.log(`=== ${name}: FAILED (exit ${run.status ?? run.signal}) after ${seconds} s ===`);
    failed.push(name);
  }
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that no longer run: ${failed.join(', ')}`);
  process.exit(1);
}
