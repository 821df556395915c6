import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { GatewayInfo } from '@opencare/schemas/entities/gateways';
import type { BleTransport } from './ble/transport';
import type { AgentConfig } from './config';
import { agentVersion, gatewayInfo, primaryMac } from './gateway-info';
import { startEdgeLink, type EdgeLink, type LinkStatus } from './link/edge-link';
import type { Logger } from './logger';
import { loadOrCreatePairing, readToken, saveToken, type TokenState } from './pairing/state';
import { pollForToken } from './pairing/request-token';
import { startDeviceReader, type DeviceReader } from './profiles/device-reader';
import { startEcgStreams, type EcgStreams } from './profiles/ecg-streams';
import type { ProfileReading } from './profiles/profile-runner';
import { recordReadingId } from './queue/reading-id';
import { DurableQueue, QueueFullError, type StoredReading } from './queue/durable-queue';
import { startStatusPage, writeStatusFile, type AgentStatus } from './status-page';
import { nmcliWifi } from './wifi/nmcli';

/*
 * The daemon (`gateway-agent run`): the durable queue first (so nothing captured is ever only in
 * memory), then the BLE transport and device reader, the link to the edge, the status page and
 * status file. Not paired yet: it waits for a patient to add its MAC, showing the QR code locally.
 */

export interface RunOptions {
  config: AgentConfig;
  edgeUrl: string;
  log: Logger;
  /** Tests and demos: pre-fill the queue with simulated readings of this device. */
  seed?: { count: number; deviceId: string };
  /** Tests and demos: the simulator's next reading of these devices (address → values). */
  simulatorNext?: Record<string, Record<string, number>>;
}

export interface RunningAgent {
  status(): AgentStatus;
  stop(): Promise<void>;
}

/** Loads the configured transport; null (and logged) when this machine has no usable Bluetooth. */
async function openTransport(config: AgentConfig, log: Logger, simulatorNext: RunOptions['simulatorNext']): Promise<BleTransport | null> {
  try {
    if (config.transport === 'simulator') {
      const simulator = (await import('./ble/simulator')).createSimulator();
      for (const [address, values] of Object.entries(simulatorNext ?? {})) simulator.nextReading(address, values);
      return simulator;
    }
    return await (await import('./ble/noble-transport')).createNobleTransport();
  } catch (error) {
    log.error({ key: (error as { key?: string }).key, err: (error as Error).message }, 'Bluetooth is not usable; readings and scans are off');
    return null;
  }
}

function seedReadings(count: number, deviceId: string): StoredReading[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const takenAt = new Date(now - (count - i) * 1000).toISOString();
    const weight = Math.round((60 + Math.random() * 30) * 100) / 100;
    return { id, deviceId, capturedAt: takenAt, reading: { id, type: 'bw', values: { weight }, takenAt } };
  });
}

export async function runAgent(options: RunOptions): Promise<RunningAgent> {
  const { config, edgeUrl, log } = options;
  const startedAt = new Date().toISOString();
  const mac = primaryMac(config.mac);
  const pairing = loadOrCreatePairing(config.dataDir);
  const queue = DurableQueue.open(join(config.dataDir, 'queue'), config.queue, log);
  if (options.seed) {
    queue.enqueueMany(seedReadings(options.seed.count, options.seed.deviceId));
    log.info({ readings: options.seed.count }, 'queue seeded with simulated readings');
  }

  const info = (): GatewayInfo => gatewayInfo({ displayName: config.displayName, publicIp: config.publicIp, mac: mac ?? undefined });
  const transport = await openTransport(config, log, options.simulatorNext);
  const wifi = nmcliWifi();
  let token: TokenState | null = readToken(config.dataDir);
  let link: EdgeLink | null = null;
  let reader: DeviceReader | null = null;
  let ecg: EcgStreams | null = null;
  let readerPaused: string | null = transport ? null : 'Bluetooth is not usable';
  let stopped = false;
  const pairingAbort = new AbortController();
  let linkStatus: LinkStatus = { state: 'connecting', since: startedAt, lastUploadAt: null, lastError: null };

  const status = (): AgentStatus => ({
    pid: process.pid,
    updatedAt: new Date().toISOString(),
    startedAt,
    version: agentVersion(),
    edgeUrl,
    mac,
    pairingCode: token ? null : pairing.pairingCode,
    paired: token !== null && linkStatus.state !== 'removed',
    gatewayId: token?.gatewayId ?? null,
    transport: config.transport,
    readerPaused,
    devices: link?.work()?.devices.length ?? 0,
    link: link?.status() ?? linkStatus,
    queue: queue.counts(),
  });
  const publish = () => {
    try {
      writeStatusFile(config.dataDir, status());
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'could not write the status file');
    }
  };

  function onReading(deviceId: string, reading: ProfileReading) {
    // The id is given here, at capture, and travels with the reading for good: the idempotency key.
    // A stored record a meter sends again on every transfer (glucose) gets the same id each time,
    // so after a restart the edge answers "duplicate" instead of storing it twice.
    const id = reading.recordKey ? recordReadingId(deviceId, reading.recordKey) : randomUUID();
    const capturedAt = new Date().toISOString();
    try {
      // Flagged readings (out of limits, a corrected clock, status bits) go up like any other: the edge decides what they are.
      // So does the meter's user index: the edge knows which user number is the patient's.
      const device =
        reading.flags.length > 0 || reading.deviceTakenAt || reading.userIndex !== undefined
          ? {
              flags: reading.flags,
              ...(reading.deviceTakenAt ? { takenAt: reading.deviceTakenAt } : {}),
              ...(reading.userIndex !== undefined ? { userIndex: reading.userIndex } : {}),
            }
          : undefined;
      queue.enqueue({ id, deviceId, capturedAt, reading: { id, type: reading.type, values: reading.values, takenAt: reading.takenAt ?? capturedAt }, ...(device ? { device } : {}) });
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      // Refused loudly: the error log, the status ("queue full") and a paused reader.
      log.error({ readingId: id, deviceId, limit: error.limit }, 'QUEUE FULL: a new reading was refused; the device reader pauses until the edge takes readings');
      void pauseReader('queue full');
      // Thrown on, so the reader does not count a stored record as delivered and offers it again.
      throw error;
    }
    if (queue.isFull()) void pauseReader('queue full');
  }

  function startReader() {
    if (!transport || reader || stopped) return;
    if (queue.isFull()) {
      readerPaused = 'queue full';
      log.error(queue.counts(), 'QUEUE FULL: the device reader stays paused until the edge takes readings');
      return;
    }
    reader = startDeviceReader({
      transport,
      work: () => link?.work() ?? null,
      onReading,
      onDeviceState: (state) => link?.sendDeviceState(state),
      intervalMs: config.readIntervalS * 1000,
      log,
    });
    readerPaused = null;
  }
  async function pauseReader(reason: string) {
    readerPaused = reason;
    const current = reader;
    reader = null;
    await current?.stop();
    publish();
  }

  function startLink(state: TokenState) {
    link = startEdgeLink({
      edgeUrl,
      token: state.token,
      info,
      queue,
      log,
      maxBackoffMs: config.reconnectMaxS * 1000,
      // A scan waits for the device reader's current pass: one radio, one job at a time.
      scanner: () => (transport ? { scan: (seconds: number) => (reader ? reader.exclusive(() => transport.scan(seconds)) : transport.scan(seconds)) } : null),
      wifi,
      onStatus: (s) => {
        linkStatus = s;
        publish();
      },
      onRemoved: () => {
        void pauseReader('gateway removed by the patient');
        void ecg?.stop();
      },
      // New work (on connect, or a device added): read at once rather than at the next interval.
      onWork: () => {
        void reader?.readNow();
        ecg?.refresh();
      },
    });
    startReader();
    if (transport && !ecg) {
      ecg = startEcgStreams({
        transport,
        work: () => link?.work() ?? null,
        onBatch: (batch) => link?.sendEcg(batch),
        onDeviceState: (state) => link?.sendDeviceState(state),
        log,
      });
      ecg.refresh();
    }
  }

  if (token) {
    startLink(token);
  } else {
    log.warn({ mac }, 'not paired yet: waiting for a patient to add this MAC number (QR code on the status page)');
    if (!mac) throw new Error('No network interface with a MAC address; set --mac or "mac" in the config file.');
    pollForToken({ edgeUrl, mac, pairingCode: pairing.pairingCode, info: info(), log, signal: pairingAbort.signal })
      .then(({ gatewayId, token: issued }) => {
        token = { token: issued, gatewayId, edgeUrl, mac, pairedAt: new Date().toISOString() };
        saveToken(config.dataDir, token);
        log.info({ gatewayId }, 'paired');
        if (!stopped) startLink(token);
      })
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: (error as Error).message }, 'pairing failed');
      });
  }

  // The queue has room again (the edge took readings): resume reading.
  const tick = setInterval(() => {
    if (readerPaused === 'queue full' && queue.hasRoom()) {
      log.info('queue has room again; the device reader resumes');
      startReader();
    }
    publish();
  }, 2_000);

  let server: Server | null = null;
  if (config.statusPort > 0) {
    try {
      server = await startStatusPage(config.statusPort, status);
      log.info({ url: `http://127.0.0.1:${config.statusPort}/` }, 'status page');
    } catch (error) {
      log.warn({ err: (error as Error).message, port: config.statusPort }, 'status page not started');
    }
  }
  publish();

  return {
    status,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(tick);
      pairingAbort.abort();
      await reader?.stop();
      await ecg?.stop();
      await link?.stop();
      await transport?.close().catch(() => undefined);
      if (link === null) linkStatus = { ...linkStatus, state: 'stopped', since: new Date().toISOString() };
      publish();
      queue.close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      log.info('stopped');
    },
  };
}
