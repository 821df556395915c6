import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { newPairingCode, saveToken } from '../../pairing/state';
import type { EdgeHarness } from './edge-harness';

/** What the fixtures need of an edge: an in-process harness or an edge child process. */
type Edge = Pick<EdgeHarness, 'call' | 'login'>;

/** A MAC no other test uses (locally administered bit set, so it is no real vendor's). */
export const randomMac = () => `02${randomBytes(5).toString('hex').toUpperCase()}`;

/** The demo patient's token and account id. */
export async function demoPatient(h: Edge) {
  const token = await h.login('patient');
  const profile = await h.call('GET', '/api/v1/profile', { token });
  return { token, patientId: profile.body.data.accountId as string };
}

/** Pairs a gateway over REST as the agent and the patient would: request, add, request again. */
export async function pairOverRest(h: Edge, patient: { token: string; patientId: string }, mac = randomMac()) {
  const pairingCode = newPairingCode();
  const first = await h.call('POST', '/api/v1/patients/gateways/request-token', { body: { mac, pairingCode } });
  if (first.body?.data?.status !== 'pending') throw new Error(`request-token: ${first.status} ${JSON.stringify(first.body)}`);
  const added = await h.call('POST', `/api/v1/patients/${patient.patientId}/gateways`, { token: patient.token, body: { mac, pairingCode } });
  if (added.status !== 201) throw new Error(`add gateway: ${added.status} ${JSON.stringify(added.body)}`);
  const second = await h.call('POST', '/api/v1/patients/gateways/request-token', { body: { mac, pairingCode } });
  return { mac, pairingCode, gatewayId: second.body.data.gatewayId as string, token: second.body.data.token as string };
}

/** Adds a device with the built-in profile of that measurement to the gateway. */
export async function addDevice(h: Edge, patientToken: string, gatewayId: string, measurement: string, address: string, extra: Record<string, unknown> = {}) {
  const profiles = await h.call('GET', '/api/v1/devices/profiles', { token: patientToken });
  const profile = (profiles.body.data as Array<{ profileId: string; measurement: string }>).find((p) => p.measurement === measurement);
  if (!profile) throw new Error(`no ${measurement} profile: ${JSON.stringify(profiles.body)}`);
  const res = await h.call('POST', '/api/v1/devices', {
    token: patientToken,
    body: { gatewayId, address, name: `Test ${measurement}`, profileId: profile.profileId, ...extra },
  });
  if (res.status !== 201) throw new Error(`add device: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

const BIN = fileURLToPath(new URL('../../../bin/gateway-agent.js', import.meta.url));

export interface AgentProcess {
  child: ChildProcess;
  /** Every stdout line so far (JSON logs of `run`, text of `pair`). */
  lines: string[];
  waitFor(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
  stderr(): string;
}

/**
 * A data dir holding a paired gateway's token, and the settings `run` needs for it: simulated
 * transport, no status port, readings only when a test seeds them (an hour between device reads).
 */
export function pairedAgentEnv(edgeUrl: string, gateway: { token: string; gatewayId: string; mac: string }, prefix = 'gw-agent-') {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  saveToken(dataDir, { token: gateway.token, gatewayId: gateway.gatewayId, edgeUrl, mac: gateway.mac, pairedAt: new Date().toISOString() });
  const env: Record<string, string> = {
    OPENCARE_EDGE_URL: edgeUrl,
    OPENCARE_DATA_DIR: dataDir,
    OPENCARE_TRANSPORT: 'simulator',
    OPENCARE_STATUS_PORT: '0',
    OPENCARE_READ_INTERVAL_S: '3600',
    OPENCARE_MAC: gateway.mac,
  };
  return { dataDir, env };
}

/** An empty config file: the tests set everything with flags and env, as an operator may. */
function emptyConfig(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'gw-config-')), 'config.json');
  writeFileSync(file, '{}\n');
  return file;
}

/** The real command, as an operator runs it: node bin/gateway-agent.js <args> (or another build of it). */
export function spawnAgent(args: string[], env: Record<string, string> = {}, entry = BIN): AgentProcess {
  const child = spawn(process.execPath, [entry, ...args], {
    // The child gets PATH and HOME of the test's environment, nothing else (no DATABASE_URL, no tokens).
    // eslint-disable-next-line no-restricted-properties
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', OPENCARE_CONFIG: emptyConfig(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
    for (const w of waiters) w();
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    stderr: () => stderr,
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        let index = 0;
        const check = () => {
          for (; index < lines.length; index++) {
            const line = lines[index]!;
            if (match(line)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(line);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; stdout:\n${lines.slice(-20).join('\n')}\nstderr:\n${stderr.slice(-2000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/** A JSON log line's message, or null. */
export function logMessage(line: string): { msg?: string; [k: string]: unknown } | null {
  try {
    return JSON.parse(line) as { msg?: string };
  } catch {
    return null;
  }
}
