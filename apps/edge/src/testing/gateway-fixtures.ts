import { randomBytes } from 'node:crypto';
import type {
  GatewayClientToServerEvents,
  GatewayServerToClientEvents,
} from '@opencare/schemas/gateway-events';
import type { Ack } from '@opencare/schemas/socket-events';
import { io, type Socket } from 'socket.io-client';
import type { TestEdge } from './test-edge';

/** A client of the `/gateways` namespace, as an agent is. */
export type AgentSocket = Socket<GatewayServerToClientEvents, GatewayClientToServerEvents>;

/** 12 hex digits, unique per call. */
export const randomMac = () => randomBytes(6).toString('hex').toUpperCase();
/** 16 letters and digits, as an agent makes its pairing code. */
export const randomPairingCode = () => randomBytes(8).toString('hex').toUpperCase();

export const gatewayInfo = (overrides: Record<string, unknown> = {}) => ({
  serial: 'RPI-0001',
  model: 'Raspberry Pi 4 Model B',
  os: 'Debian GNU/Linux 12',
  bluetoothVersion: '5.0',
  bluetoothAdapters: ['hci0'],
  macAddress: [],
  publicIp: null,
  localIp: '192.168.1.20',
  btAddress: 'DC:A6:32:00:00:01',
  version: '0.1.0',
  nxwId: null,
  ...overrides,
});

export interface PairedGateway {
  gatewayId: string;
  mac: string;
  pairingCode: string;
  token: string;
}

/** The agent's `request-token` call. */
export const requestToken = (
  t: TestEdge,
  mac: string,
  pairingCode: string,
  info: Record<string, unknown> = gatewayInfo(),
) => t.call('POST', '/api/v1/patients/gateways/request-token', { body: { mac, pairingCode, info } });

/** The whole pairing: the agent registers, the patient adds the MAC (with the QR's code), the agent collects its token. */
export async function pairGateway(
  t: TestEdge,
  patient: { token: string; accountId: string },
  displayName = 'Living room',
): Promise<PairedGateway> {
  const mac = randomMac();
  const pairingCode = randomPairingCode();
  const pending = await requestToken(t, mac, pairingCode);
  if (pending.status !== 200) throw new Error(`request-token failed: ${pending.status}`);
  const added = await t.call('POST', `/api/v1/patients/${patient.accountId}/gateways`, {
    token: patient.token,
    body: { mac, pairingCode, displayName },
  });
  if (added.status !== 201)
    throw new Error(`add gateway failed: ${added.status} ${JSON.stringify(added.body)}`);
  const paired = await requestToken(t, mac, pairingCode);
  if (paired.body?.data?.status !== 'paired') throw new Error('no token after pairing');
  return {
    gatewayId: paired.body.data.gatewayId as string,
    mac,
    pairingCode,
    token: paired.body.data.token as string,
  };
}

/** Agent sockets for a test, closed by `closeAll`; reconnection off, so a refusal stays a refusal. */
export function agentClients() {
  const open: AgentSocket[] = [];
  return {
    open(url: string, auth: Record<string, unknown>): AgentSocket {
      const socket: AgentSocket = io(`${url}/gateways`, {
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      open.push(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}

/** Connected, or the handshake's refusal (message and data). */
export function agentOutcome(
  socket: AgentSocket,
): Promise<{ connected: true } | { connected: false; message: string; data: unknown }> {
  return new Promise((resolve) => {
    if (socket.connected) return resolve({ connected: true });
    socket.once('connect', () => resolve({ connected: true }));
    socket.once('connect_error', (error: Error & { data?: unknown }) =>
      resolve({ connected: false, message: error.message, data: error.data }),
    );
  });
}

type AgentEvent = keyof GatewayClientToServerEvents;
type AgentAck<E extends AgentEvent> = Parameters<GatewayClientToServerEvents[E]>[1] extends (
  result: Ack<infer T>,
) => void
  ? Ack<T>
  : never;

/** Send an agent event and return its acknowledgement as sent. */
export function agentAsk<E extends AgentEvent>(
  socket: AgentSocket,
  event: E,
  payload: unknown,
): Promise<AgentAck<E>> {
  const timed = socket.timeout(10_000) as unknown as {
    emitWithAck(ev: string, p: unknown): Promise<AgentAck<E>>;
  };
  return timed.emitWithAck(event, payload);
}

type EdgeEvent = keyof GatewayServerToClientEvents;
type EdgePayload<E extends EdgeEvent> = Parameters<GatewayServerToClientEvents[E]>[0];

/** The next `event` the agent receives that matches `match`; fails after `timeoutMs`. */
export function nextAgentEvent<E extends EdgeEvent>(
  socket: AgentSocket,
  event: E,
  match: (payload: EdgePayload<E>) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<EdgePayload<E>> {
  return new Promise((resolve, reject) => {
    const on = socket.on.bind(socket) as (ev: string, fn: (payload: EdgePayload<E>) => void) => void;
    const off = socket.off.bind(socket) as (ev: string, fn: (payload: EdgePayload<E>) => void) => void;
    const timer = setTimeout(() => {
      off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: EdgePayload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      off(event, listener);
      resolve(payload);
    };
    on(event, listener);
  });
}

/** Answer the edge's commands as an agent would: `answer` gets the command's name and payload. */
export function answerCommands(
  socket: AgentSocket,
  answer: (name: string, payload: unknown) => unknown,
): void {
  for (const name of ['command:scan', 'command:wifiScan', 'command:wifiConnect'] as const) {
    (socket.on as (ev: string, fn: (payload: unknown, ack: (result: unknown) => void) => void) => void)(
      name,
      (payload, ack) => ack(answer(name, payload)),
    );
  }
}

/**
 * A patient's home gateway, connected as its agent and introduced (`gateway:hello`), with a
 * blood-pressure cuff of the built-in profile added at `address`: what a reading upload needs.
 */
export async function gatewayWithCuff(
  t: TestEdge,
  agents: ReturnType<typeof agentClients>,
  patient: { token: string; accountId: string },
  address: string,
  info: Record<string, unknown> = gatewayInfo(),
): Promise<{ gateway: PairedGateway; agent: AgentSocket; cuffId: string }> {
  const gateway = await pairGateway(t, patient, 'Hall');
  const agent = agents.open(t.url, { token: gateway.token });
  await agentOutcome(agent);
  await agentAsk(agent, 'gateway:hello', { info });
  const profiles = await t.call('GET', '/api/v1/devices/profiles', { token: patient.token });
  const profile = (profiles.body.data as { measurement: string; profileId: string }[]).find((p) => p.measurement === 'bp')!;
  const cuff = await t.call('POST', '/api/v1/devices', {
    token: patient.token,
    body: { gatewayId: gateway.gatewayId, address, name: 'Cuff', profileId: profile.profileId },
  });
  if (cuff.status !== 201) throw new Error(`add cuff failed: ${cuff.status} ${JSON.stringify(cuff.body)}`);
  return { gateway, agent, cuffId: cuff.body.data.id as string };
}

/** A batch upload as the agent sends it: each reading's outcome (a refusal of the whole batch throws). */
export async function uploadOutcomes(agent: AgentSocket, readings: unknown[]) {
  const answer = await agentAsk(agent, 'readings:upload', { readings });
  if (!('data' in answer)) throw new Error(JSON.stringify(answer));
  return answer.data.outcomes;
}
