/**
 * Issue 8, benchmark 6: the gateway agent's resident memory, idle and while it drains 10,000 queued
 * readings to a real edge (target ≤ 80 MB). The agent runs as operators run it (`node <entry> run`,
 * simulated devices), three ways in the same run: as the repository runs it (bin/gateway-agent.js,
 * TypeScript compiled on the fly by tsx), its build (one JavaScript file, dist/gateway-agent.mjs),
 * and that build with the V8 settings the systemd unit gives it (what a gateway runs). Its RSS is
 * read from /proc every 100 ms. The backlog is found on disk at start, as after hours offline.
 *
 *   npm run gateway-agent-memory -w @opencare/bench          (READINGS=10000 by default)
 *   SMOKE=1: 200 readings and 2 s of idle, only to show the benchmark still runs (CI).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdgeHarness, type EdgeHarness } from '@opencare/gateway-agent/src/link/testing/edge-harness';
import { addDevice, demoPatient, logMessage, pairedAgentEnv, pairOverRest, spawnAgent } from '@opencare/gateway-agent/src/link/testing/gateway-fixtures';
import { readStatusFile } from '@opencare/gateway-agent/src/status-page';

const SMOKE = process.env.SMOKE === '1';
const READINGS = Number(process.env.READINGS ?? (SMOKE ? 200 : 10_000));
const IDLE_SAMPLES = SMOKE ? 20 : 100;
const TARGET_MB = 80;
const AGENT_DIR = fileURLToPath(new URL('../apps/gateway-agent/', import.meta.url));

/** The process's resident set in MB (VmRSS), or 0 once it has gone. */
function rssMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid ?? 0}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isMsg = (msg: string) => (line: string) => logMessage(line)?.msg === msg;

/** The V8 settings the systemd unit starts the agent with (its `Environment=NODE_OPTIONS=` line). */
function unitNodeOptions(): string {
  const unit = readFileSync(join(AGENT_DIR, 'systemd/opencare-gateway-agent.service'), 'utf8');
  const line = /^Environment="?NODE_OPTIONS=([^"\n]+)"?$/m.exec(unit)?.[1];
  if (!line) throw new Error('the systemd unit sets no NODE_OPTIONS');
  return line.trim();
}

/** The agent's own build (`npm run build -w @opencare/gateway-agent`): the bundle a gateway runs. */
function bundleAgent(): string {
  const built = spawnSync('npm', ['run', 'build'], { cwd: AGENT_DIR, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the gateway agent did not build');
  return join(AGENT_DIR, 'dist/gateway-agent.mjs');
}

interface Figures {
  idleMax: number;
  queued: number;
  drainMax: number;
  drainS: number;
}

async function measure(edge: EdgeHarness, entry: string | undefined, nodeOptions = ''): Promise<Figures> {
  const patient = await demoPatient(edge);
  const gateway = await pairOverRest(edge, patient);
  // An address no simulated device has: only the seeded readings travel.
  const deviceId = await addDevice(edge, patient.token, gateway.gatewayId, 'bw', 'C4:7C:8D:AA:00:09');
  const { dataDir, env: paired } = pairedAgentEnv(edge.url, gateway, 'bench-agent-');
  const env = { ...paired, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) };

  // Idle: connected, nothing queued, for 10 seconds after the hello (2 in a smoke run).
  const idle = spawnAgent(['run'], env, entry);
  await idle.waitFor(isMsg('hello acknowledged; work received'));
  let idleMax = 0;
  for (let i = 0; i < IDLE_SAMPLES; i++) {
    idleMax = Math.max(idleMax, rssMb(idle.child.pid));
    await sleep(100);
  }
  idle.child.kill('SIGTERM');
  await idle.exited;

  // Draining: the edge is down while the readings are captured (seeded in one go, then the agent
  // restarts, as a backlog of hours would be found on disk), then the edge comes back.
  await edge.stop();
  const seeding = spawnAgent(['run'], { ...env, OPENCARE_SEED_READINGS: String(READINGS), OPENCARE_SEED_DEVICE: deviceId }, entry);
  await seeding.waitFor(isMsg('queue seeded with simulated readings'), 60_000);
  seeding.child.kill('SIGTERM');
  await seeding.exited;
  const drain = spawnAgent(['run'], env, entry);
  await drain.waitFor(isMsg('reading queue opened'), 60_000);
  await sleep(2_000);
  const queued = rssMb(drain.child.pid);
  await edge.restart();
  const started = Date.now();
  let drainMax = queued;
  for (;;) {
    drainMax = Math.max(drainMax, rssMb(drain.child.pid));
    const queue = readStatusFile(dataDir)?.queue;
    if (queue && queue.queued === 0 && queue.sending === 0 && Date.now() - started > 1_000) break;
    if (Date.now() - started > 600_000) throw new Error('the drain did not finish in 10 minutes');
    await sleep(100);
  }
  const drainS = (Date.now() - started) / 1000;
  drain.child.kill('SIGTERM');
  await drain.exited;
  return { idleMax, queued, drainMax, drainS };
}

const edge = await startEdgeHarness();
try {
  const bundle = bundleAgent();
  const runs: [string, Figures][] = [
    ['bin/gateway-agent.js (tsx)', await measure(edge, undefined)],
    ['dist/gateway-agent.mjs (the build)', await measure(edge, bundle)],
    [`the build, as the systemd unit starts it (${unitNodeOptions()})`, await measure(edge, bundle, unitNodeOptions())],
  ];
  const mb = (n: number) => `${n.toFixed(1)} MB`;
  console.log(`\ngateway agent RSS, target ≤ ${TARGET_MB} MB (${READINGS} readings; edge on ${edge.database.kind}; node ${process.version})`);
  console.table(
    Object.fromEntries(
      runs.map(([name, f]) => [
        name,
        {
          [`idle (max over ${IDLE_SAMPLES / 10} s)`]: mb(f.idleMax),
          [`${READINGS} queued`]: mb(f.queued),
          'draining (max)': mb(f.drainMax),
          'met': f.idleMax <= TARGET_MB && f.drainMax <= TARGET_MB,
          'drain': `${f.drainS.toFixed(1)} s, ${(READINGS / f.drainS).toFixed(0)}/s`,
        },
      ]),
    ),
  );
} finally {
  await edge.dispose();
}
