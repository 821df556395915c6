/**
 * CI's smoke run of every benchmark (`npm test -w @opencare/bench`): each script with SMOKE=1, tiny
 * sizes, so a benchmark that no longer runs fails the build. Two at a time: a smoke run waits on its
 * servers and browsers more than it computes (the machine was 40 % idle running them one by one);
 * each one's output is printed whole when it ends. The figures a smoke run prints mean nothing; the
 * real runs are the `npm run <name>` commands in README.md, one at a time on a quiet machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Longest first, so the two lanes end close together.
const BENCHMARKS = ['web-lcp', 'scale', 'call-setup', 'api-search', 'gateway-agent-memory', 'live-fanout', 'idle-sockets', 'ingest'];
const AT_ONCE = 2;
const TIMEOUT_MS = 300_000;
const here = fileURLToPath(new URL('.', import.meta.url));

/** How to stop each benchmark under way: with the smoke run when it is stopped, or at its timeout. */
const running = new Set<() => void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const stop of running) stop();
    process.exit(1);
  });
}

function smoke(name: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((done) => {
    // A process group of its own: npx starts tsx, which starts node. Killing npx alone would leave
    // them holding the output pipes, and 'close' would wait for a hung benchmark for ever.
    const run = spawn('npx', ['tsx', `${name}.ts`], { cwd: here, env: { ...process.env, SMOKE: '1' }, detached: true });
    const stop = () => process.kill(-(run.pid as number), 'SIGKILL');
    running.add(stop);
    const output: Buffer[] = [];
    run.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    run.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const timer = setTimeout(stop, TIMEOUT_MS);
    run.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(stop);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${name} (smoke) ===\n${Buffer.concat(output).toString()}`);
      console.log(code === 0 ? `=== ${name}: ran in ${seconds} s ===` : `=== ${name}: FAILED (exit ${code ?? signal}) after ${seconds} s ===`);
      done(code === 0);
    });
  });
}

// web-lcp and call-setup each build the web app when it is missing: build it once, before both start.
if (!existsSync(fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url)))) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@opencare/web'], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const queue = [...BENCHMARKS];
const failed: string[] = [];
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) if (!(await smoke(name))) failed.push(name);
  }),
);
if (failed.length > 0) {
  console.error(`\nbenchmarks that no longer run: ${failed.join(', ')}`);
  process.exit(1);
}
