import { parseArgs } from 'node:util';
import { z } from 'zod';
import { gatewayQrText } from '@opencare/schemas/entities/gateways';
import QRCode from 'qrcode';
import { runAgent } from './agent';
import { ConfigError, DEFAULT_CONFIG_FILE, loadConfig, requireEdgeUrl, type AgentConfig, type ConfigFlags } from './config';
import { readEnv, type AgentEnv } from './env';
import { gatewayInfo, primaryMac } from './gateway-info';
import { scanNearby } from './link/commands';
import { createLogger } from './logger';
import { PairingError, pollForToken } from './pairing/request-token';
import { loadOrCreatePairing, readToken, saveToken } from './pairing/state';
import { readStatusFile } from './status-page';

/*
 * gateway-agent pair | run | status | scan. Exit codes: 0 done, 1 failed, 2 usage or configuration
 * error (the message names the field; never a stack trace), 130 interrupted.
 */

const COMMON = `Options for every command:
  --config FILE        JSON config file (default ${DEFAULT_CONFIG_FILE}; env OPENCARE_CONFIG)
  --data-dir DIR       token, pairing code and reading queue (env OPENCARE_DATA_DIR; default /var/lib/opencare-gateway)
  --log-level LEVEL    fatal|error|warn|info|debug|trace|silent (env OPENCARE_LOG_LEVEL)
  -h, --help           this help`;

const HELP: Record<string, string> = {
  main: `Usage: gateway-agent <command> [options]

The OpenCare home gateway agent: reads paired Bluetooth health devices and forwards their readings
to the edge, keeping every reading on disk until the edge has it.

Commands:
  pair     register this gateway with the edge and wait until a patient adds it (prints the MAC and QR code)
  run      the daemon: read devices, queue readings durably, upload them (what systemd runs)
  status   paired?, edge, queue counts, last upload, link state
  scan     list nearby Bluetooth devices with signal and estimated distance

Setting up a gateway takes two commands:
  gateway-agent pair --edge https://care.example.org
  systemctl enable --now opencare-gateway-agent

Run "gateway-agent <command> --help" for a command's options. Settings come from flags, then
environment variables, then the config file, then defaults.

${COMMON}`,
  pair: `Usage: gateway-agent pair --edge URL [options]

Makes this gateway's pairing code (once), prints its MAC number and QR code, and waits until a
patient adds it in the OpenCare app; then stores the gateway token in the data directory.

  --edge URL           the edge, like https://care.example.org (env OPENCARE_EDGE_URL)
  --mac MAC            this gateway's MAC number (default: the first network interface's; env OPENCARE_MAC)

${COMMON}`,
  run: `Usage: gateway-agent run [options]

The daemon. Not paired yet: it waits for a patient to add it, like pair does.

  --edge URL           the edge (env OPENCARE_EDGE_URL)
  --transport KIND     noble (real Bluetooth adapter) or simulator (env OPENCARE_TRANSPORT)
  --simulate           same as --transport simulator: five simulated health devices and an ECG strap, for demos
  --status-port PORT   local status page on 127.0.0.1 (default 8089, 0 = off; env OPENCARE_STATUS_PORT)
  --read-interval S    seconds between reads of each device (default 60; env OPENCARE_READ_INTERVAL_S)
  --mac MAC            this gateway's MAC number (env OPENCARE_MAC)

${COMMON}`,
  status: `Usage: gateway-agent status [options]

Prints whether this gateway is paired, its edge, the reading queue, the last upload and the link
state, as the running daemon last wrote them to the data directory.

  --json               the status as JSON

${COMMON}`,
  scan: `Usage: gateway-agent scan [options]

Scans for nearby Bluetooth devices and prints address, name, RSSI, signal, estimated distance and
the measurement a standard health service offers.

  --seconds N          how long to scan (default 8, 1 to 30)
  --transport KIND     noble or simulator (env OPENCARE_TRANSPORT)
  --simulate           same as --transport simulator

${COMMON}`,
};

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  config: { type: 'string' },
  'data-dir': { type: 'string' },
  'log-level': { type: 'string' },
  edge: { type: 'string' },
  mac: { type: 'string' },
  transport: { type: 'string' },
  simulate: { type: 'boolean' },
  'status-port': { type: 'string' },
  'read-interval': { type: 'string' },
  seconds: { type: 'string' },
  json: { type: 'boolean' },
} as const;

class UsageError extends Error {}

const simulatorNextSchema = z.record(z.string(), z.record(z.string(), z.number()));
function simulatorNextOf(text: string): Record<string, Record<string, number>> {
  try {
    return simulatorNextSchema.parse(JSON.parse(text));
  } catch {
    throw new ConfigError('Invalid configuration:\n  OPENCARE_SIMULATOR_NEXT: must be JSON like {"C4:7C:8D:00:18:10": {"systolic": 182, "diastolic": 104}}.');
  }
}

const out = (text = '') => process.stdout.write(`${text}\n`);
const err = (text: string) => process.stderr.write(`${text}\n`);
const formatMac = (mac: string) => mac.match(/.{2}/g)?.join(':') ?? mac;

function settings(values: Record<string, string | boolean | undefined>, env: AgentEnv): AgentConfig {
  const flags: ConfigFlags = {
    config: values.config as string | undefined,
    edge: values.edge as string | undefined,
    dataDir: values['data-dir'] as string | undefined,
    transport: values.transport as string | undefined,
    simulate: values.simulate as boolean | undefined,
    statusPort: values['status-port'] as string | undefined,
    logLevel: values['log-level'] as string | undefined,
    readInterval: values['read-interval'] as string | undefined,
    mac: values.mac as string | undefined,
  };
  return loadConfig(flags, env).config;
}

async function pair(config: AgentConfig): Promise<number> {
  const edgeUrl = requireEdgeUrl(config);
  const existing = readToken(config.dataDir);
  if (existing) {
    out(`Already paired with ${existing.edgeUrl} (gateway ${existing.gatewayId}).`);
    out('Start it with: gateway-agent run');
    return 0;
  }
  const mac = primaryMac(config.mac);
  if (!mac) throw new ConfigError('Invalid configuration:\n  mac: this machine has no network interface with a MAC address; give --mac.');
  const { pairingCode } = loadOrCreatePairing(config.dataDir);
  // Progress goes to stderr as JSON logs; what the operator reads goes to stdout.
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  out(`MAC number: ${formatMac(mac)}`);
  out(`Pairing code: ${pairingCode}`);
  out(await QRCode.toString(gatewayQrText(mac, pairingCode), { type: 'terminal', small: true }));
  out('In the OpenCare app, the patient adds this gateway (Gateways → Add): scan the QR code, or type the MAC number and the pairing code.');
  const abort = new AbortController();
  const interrupt = () => abort.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const info = gatewayInfo({ displayName: config.displayName, publicIp: config.publicIp, mac });
    const result = await pollForToken({
      edgeUrl,
      mac,
      pairingCode,
      info,
      log,
      signal: abort.signal,
      onPending: () => out('Registered with the edge. Waiting for the patient to add it…'),
    });
    saveToken(config.dataDir, { token: result.token, gatewayId: result.gatewayId, edgeUrl, mac, pairedAt: new Date().toISOString() });
    out('Paired. Start it with: gateway-agent run');
    return 0;
  } catch (error) {
    if (abort.signal.aborted) {
      err('Stopped before pairing finished; run it again to keep waiting (the QR code stays the same).');
      return 130;
    }
    if (error instanceof PairingError) {
      err(error.message);
      return 1;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function status(config: AgentConfig, json: boolean): number {
  const token = readToken(config.dataDir);
  const file = readStatusFile(config.dataDir);
  const running = file !== null && isRunning(file.pid);
  if (json) {
    out(JSON.stringify({ paired: token !== null, edgeUrl: token?.edgeUrl ?? config.edgeUrl ?? null, running, daemon: file }, null, 2));
    return 0;
  }
  out(`Paired:       ${token ? `yes (gateway ${token.gatewayId}, since ${token.pairedAt})` : 'no — run: gateway-agent pair --edge https://…'}`);
  out(`Edge:         ${token?.edgeUrl ?? config.edgeUrl ?? 'not configured'}`);
  if (!file) {
    out('Daemon:       no status yet (has `gateway-agent run` started with this data directory?)');
    return 0;
  }
  out(`Daemon:       ${running ? `running (pid ${file.pid})` : `not running (last status ${file.updatedAt})`}`);
  const q = file.queue;
  out(`Queue:        ${q.queued} queued, ${q.sending} sending, ${q.rejected} rejected${q.full ? '  ** QUEUE FULL: new readings are refused **' : ''}`);
  out(`Last upload:  ${file.link.lastUploadAt ?? 'none yet'}`);
  out(`Heartbeat:    ${file.link.lastHeartbeatAt ?? 'none yet'}`);
  out(`Link:         ${file.link.state} since ${file.link.since}${file.link.lastError ? ` (${file.link.lastError})` : ''}`);
  out(`Devices:      ${file.devices}; reader ${file.readerPaused ? `paused: ${file.readerPaused}` : `reading (${file.transport})`}`);
  return 0;
}

async function scan(config: AgentConfig, secondsText: string | undefined): Promise<number> {
  const seconds = secondsText === undefined ? 8 : Number(secondsText);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 30) throw new UsageError('--seconds must be a whole number from 1 to 30.');
  let transport;
  try {
    transport =
      config.transport === 'simulator'
        ? (await import('./ble/simulator')).createSimulator()
        : await (await import('./ble/noble-transport')).createNobleTransport();
  } catch (error) {
    err(`Bluetooth is not usable here: ${(error as Error).message}`);
    return 1;
  }
  try {
    out(`Scanning for ${seconds} s (${config.transport})…`);
    const devices = await scanNearby(transport, seconds);
    const rows = [
      ['ADDRESS', 'NAME', 'RSSI', 'SIGNAL', '~DISTANCE', 'MEASUREMENT'],
      ...devices.map((d) => [d.address, d.name ?? '-', String(d.rssi), d.signal, `${d.distanceM} m`, d.measurement ?? '-']),
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows) out(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
    if (devices.length === 0) out('No devices heard.');
    return 0;
  } catch (error) {
    err(`Scan failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await transport.close().catch(() => undefined);
  }
}

async function run(config: AgentConfig, env: AgentEnv): Promise<number> {
  const edgeUrl = requireEdgeUrl(config);
  const log = createLogger(config.logLevel);
  // Hidden (tests and demos): pre-fill the queue. Not in --help on purpose.
  const seedCount = env.OPENCARE_SEED_READINGS ? Number(env.OPENCARE_SEED_READINGS) : 0;
  const seed = seedCount > 0 && env.OPENCARE_SEED_DEVICE ? { count: seedCount, deviceId: env.OPENCARE_SEED_DEVICE } : undefined;
  const simulatorNext = env.OPENCARE_SIMULATOR_NEXT ? simulatorNextOf(env.OPENCARE_SIMULATOR_NEXT) : undefined;
  const agent = await runAgent({ config, edgeUrl, log, seed, simulatorNext });
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log.info({ signal }, 'stopping');
      agent.stop().then(resolve, (error: unknown) => {
        log.error({ err: (error as Error).message }, 'error while stopping');
        resolve();
      });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '-h' || command === '--help' || command === 'help') {
    out(HELP.main);
    return command ? 0 : 2;
  }
  if (!['pair', 'run', 'status', 'scan'].includes(command)) {
    err(`Unknown command "${command}".\n\n${HELP.main}`);
    return 2;
  }
  try {
    const { values, positionals } = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: true });
    if (values.help) {
      out(HELP[command]);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
    const env = readEnv();
    const config = settings(values, env);
    switch (command) {
      case 'pair':
        return await pair(config);
      case 'run':
        return await run(config, env);
      case 'status':
        return status(config, values.json === true);
      default:
        return await scan(config, values.seconds);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 2;
    }
    const code = (error as { code?: string }).code;
    if (error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      err(`${(error as Error).message}\nRun "gateway-agent ${command} --help" for the options.`);
      return 2;
    }
    err(`gateway-agent ${command} failed: ${(error as Error).message}`);
    return 1;
  }
}

const exitCode = await main(process.argv.slice(2));
// Let stdout drain before exiting (a pipe may still hold the last lines).
// The socket's and transport's handles may outlive a clean stop; nothing is left to do then.
process.exitCode = exitCode;
setTimeout(() => process.exit(exitCode), 100).unref();
