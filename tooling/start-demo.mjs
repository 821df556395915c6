// `npm start`: the edge with demo data and, once it is ready, a gateway agent with five simulated
// Bluetooth health devices for the demo patient ("patient"), so readings arrive live as they would
// from a home gateway. DEMO_GATEWAY=false starts the edge alone. The agent's JSON logs go to
// data/demo-gateway/agent.log so the console keeps the URL and the logins in view.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DEMO: process.env.DEMO ?? 'true' };
const host = env.HOST ?? '127.0.0.1';
const port = env.PORT ?? '3000';
const edgeUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

const children = [];
const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));

const edge = spawn('npm', ['run', 'start', '--workspace', '@opencare/edge', '--silent'], { cwd: root, env, stdio: 'inherit' });
children.push(edge);
edge.on('exit', (code) => stopAll(code ?? 0));

if (env.DEMO !== 'false' && env.DEMO_GATEWAY !== 'false') await startDemoGateway();

async function startDemoGateway() {
  if (!(await ready())) return;
  // The demo gateway is registered and assigned to the demo patient by the demo data with this
  // pairing code (packages/api/src/demo/demo-gateway.ts); a fresh token is collected on every start,
  // so a database made anew never meets an old token. The code is public, so the edge accepts it
  // only with DEMO=true (this script does not start the gateway otherwise).
  const dataDir = join(root, 'data', 'demo-gateway');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dataDir, 'pairing.json'), JSON.stringify({ pairingCode: 'DEMOGATEWAY1', createdAt: new Date().toISOString() }), { mode: 0o600 });
  rmSync(join(dataDir, 'token.json'), { force: true });
  const log = openSync(join(dataDir, 'agent.log'), 'a');
  const statusPort = env.DEMO_GATEWAY_STATUS_PORT ?? '8089';
  const agent = spawn(
    process.execPath,
    [join(root, 'apps/gateway-agent/bin/gateway-agent.js'), 'run', '--simulate', '--edge', edgeUrl, '--data-dir', dataDir, '--mac', 'DE40C0FFEE01', '--status-port', statusPort, '--read-interval', env.DEMO_GATEWAY_READ_INTERVAL_S ?? '300'],
    { cwd: root, env: { ...process.env, OPENCARE_DISPLAY_NAME: 'Living room gateway' }, stdio: ['ignore', log, log] },
  );
  children.push(agent);
  agent.on('exit', (code) => {
    if (edge.exitCode === null && code !== 0) console.error(`The simulated gateway stopped (exit ${code}); see data/demo-gateway/agent.log.`);
  });
  console.log(`A simulated home gateway reads five devices for the demo patient "patient": status http://127.0.0.1:${statusPort}, log data/demo-gateway/agent.log\n`);
}

/** Waits until the edge answers /readyz (first start migrates and seeds: give it two minutes). */
async function ready() {
  for (let i = 0; i < 240; i++) {
    if (edge.exitCode !== null) return false;
    try {
      if ((await fetch(`${edgeUrl}/readyz`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error('The edge did not become ready; the simulated gateway was not started.');
  return false;
}
