import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heldReadings, measurements } from '@opencare/api/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_DEVICES } from './ble/simulator';
import { startEdgeHarness, type EdgeHarness } from './link/testing/edge-harness';
import { addDevice, demoPatient, logMessage, pairOverRest, spawnAgent } from './link/testing/gateway-fixtures';
import { readToken, saveToken, writeSecretFile } from './pairing/state';

/*
 * The demo path: `gateway-agent run --simulate` with the simulated cuff paired after the agent is
 * up (the edge sends work:changed); its reading reaches the patient's measurements; `status` says so.
 */

let h: EdgeHarness;
beforeAll(async () => {
  h = await startEdgeHarness();
});
afterAll(async () => {
  await h?.dispose();
});

describe('gateway-agent run --simulate', () => {
  it('reads the simulated cuff once it is paired and its reading reaches the patient; status shows the queue', { timeout: 90_000 }, async () => {
    const patient = await demoPatient(h);
    const gateway = await pairOverRest(h, patient);
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-sim-'));
    saveToken(dataDir, { token: gateway.token, gatewayId: gateway.gatewayId, edgeUrl: h.url, mac: gateway.mac, pairedAt: new Date().toISOString() });
    const env = { OPENCARE_EDGE_URL: h.url, OPENCARE_DATA_DIR: dataDir, OPENCARE_STATUS_PORT: '0', OPENCARE_MAC: gateway.mac };
    const agent = spawnAgent(['run', '--simulate', '--read-interval', '5'], env);
    try {
      await agent.waitFor((l) => logMessage(l)?.msg === 'hello acknowledged; work received');
      const cuff = SIMULATED_DEVICES.find((d) => d.measurement === 'bp')!;
      const deviceId = await addDevice(h, patient.token, gateway.gatewayId, 'bp', cuff.address);
      await agent.waitFor((l) => logMessage(l)?.msg === 'work changed');
      await agent.waitFor((l) => logMessage(l)?.msg === 'batch acknowledged', 30_000);
      const rows = await h.database.db.select().from(measurements).where(eq(measurements.deviceId, deviceId));
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows[0]).toMatchObject({ type: 'bp', source: 'gateway' });
      // The patient's scan and Wi-Fi screens go through the edge to this agent.
      const scan = await h.call('POST', `/api/v1/gateways/${gateway.gatewayId}/scan`, { token: patient.token, body: { seconds: 1 } });
      expect(scan.status, JSON.stringify(scan.body)).toBe(200);
      expect(scan.body.data.map((d: { address: string }) => d.address).sort()).toEqual(SIMULATED_DEVICES.map((d) => d.address).sort());
      expect(scan.body.data.find((d: { address: string }) => d.address === cuff.address)).toMatchObject({ signal: 'excellent', measurement: 'bp' });
      const wifi = await h.call('GET', `/api/v1/gateways/${gateway.gatewayId}/wifi`, { token: patient.token });
      // This machine may have no nmcli (then the spec's scan error) or have it (a list).
      if (wifi.status !== 200) expect(wifi.body).toMatchObject({ key: 'wifiScanFailed' });

      // No reading values in the logs.
      expect(agent.lines.join('\n')).not.toMatch(/systolic/);

      const status = spawnAgent(['status', '--data-dir', dataDir]);
      expect(await status.exited).toBe(0);
      const text = status.lines.join('\n');
      expect(text).toContain(`Paired:       yes (gateway ${gateway.gatewayId}`);
      expect(text).toMatch(/Queue: +0 queued, 0 sending, 0 rejected/);
      expect(text).toMatch(/Link: +online/);
      expect(text).toMatch(/Daemon: +running/);
    } finally {
      agent.child.kill('SIGTERM');
      expect(await agent.exited).toBe(0);
    }
  });

  it('a cuff decoding 400 mmHg: the agent uploads it flagged, the edge holds it for review, a physician accepts it', { timeout: 90_000 }, async () => {
    const patient = await demoPatient(h);
    const gateway = await pairOverRest(h, patient);
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-held-'));
    saveToken(dataDir, { token: gateway.token, gatewayId: gateway.gatewayId, edgeUrl: h.url, mac: gateway.mac, pairedAt: new Date().toISOString() });
    const cuff = SIMULATED_DEVICES.find((d) => d.measurement === 'bp')!;
    const env = {
      OPENCARE_EDGE_URL: h.url,
      OPENCARE_DATA_DIR: dataDir,
      OPENCARE_STATUS_PORT: '0',
      OPENCARE_MAC: gateway.mac,
      OPENCARE_SIMULATOR_NEXT: JSON.stringify({ [cuff.address]: { systolic: 400, diastolic: 90, pulse: 70 } }),
    };
    const agent = spawnAgent(['run', '--simulate', '--read-interval', '60'], env);
    try {
      await agent.waitFor((l) => logMessage(l)?.msg === 'hello acknowledged; work received');
      const deviceId = await addDevice(h, patient.token, gateway.gatewayId, 'bp', cuff.address);
      await agent.waitFor((l) => logMessage(l)?.msg === 'batch acknowledged', 30_000);
      // Held, not stored as a reading, and not set aside as rejected by the agent.
      const held = await h.database.db.select().from(heldReadings).where(eq(heldReadings.deviceId, deviceId));
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ status: 'held', values: { systolic: 400, diastolic: 90, pulse: 70 }, outOfLimits: ['systolic'] });
      expect(held[0]!.deviceFlags).toContain('out-of-limits');
      expect(await h.database.db.select().from(measurements).where(eq(measurements.deviceId, deviceId))).toHaveLength(0);
      const status = spawnAgent(['status', '--data-dir', dataDir]);
      expect(await status.exited).toBe(0);
      expect(status.lines.join('\n')).toMatch(/Queue: +0 queued, 0 sending, 0 rejected/);

      const physician = await h.login('physician');
      const list = await h.call('GET', `/api/v1/patients/${patient.patientId}/held-readings`, { token: physician });
      expect(list.body.data.map((r: { id: string }) => r.id)).toContain(held[0]!.id);
      const accepted = await h.call('POST', `/api/v1/patients/${patient.patientId}/held-readings/accept`, { token: physician, body: { readingId: held[0]!.id } });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const stored = await h.database.db.select().from(measurements).where(eq(measurements.id, held[0]!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ source: 'gateway', deviceId, values: { systolic: 400, diastolic: 90, pulse: 70 } });
    } finally {
      agent.child.kill('SIGTERM');
      expect(await agent.exited).toBe(0);
    }
  });

  it('a shared cuff: the agent sends the meter\'s user index, the edge holds another user\'s reading apart from the patient\'s', { timeout: 90_000 }, async () => {
    const patient = await demoPatient(h);
    const gateway = await pairOverRest(h, patient);
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-users-'));
    saveToken(dataDir, { token: gateway.token, gatewayId: gateway.gatewayId, edgeUrl: h.url, mac: gateway.mac, pairedAt: new Date().toISOString() });
    const cuff = SIMULATED_DEVICES.find((d) => d.measurement === 'bp')!;
    const env = { OPENCARE_EDGE_URL: h.url, OPENCARE_DATA_DIR: dataDir, OPENCARE_STATUS_PORT: '0', OPENCARE_MAC: gateway.mac };
    const agent = spawnAgent(['run', '--simulate', '--read-interval', '60'], env);
    try {
      await agent.waitFor((l) => logMessage(l)?.msg === 'hello acknowledged; work received');
      // The simulated cuff records every reading under user 1; the patient is user 2 on it.
      const deviceId = await addDevice(h, patient.token, gateway.gatewayId, 'bp', cuff.address, { userSlot: 2 });
      await agent.waitFor((l) => logMessage(l)?.msg === 'batch acknowledged', 30_000);
      const held = await h.database.db.select().from(heldReadings).where(eq(heldReadings.deviceId, deviceId));
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ status: 'held', reason: 'otherUser', userIndex: 1, userSlot: 2, outOfLimits: [] });
      expect(await h.database.db.select().from(measurements).where(eq(measurements.deviceId, deviceId))).toHaveLength(0);
      const status = spawnAgent(['status', '--data-dir', dataDir]);
      expect(await status.exited).toBe(0);
      expect(status.lines.join('\n')).toMatch(/Queue: +0 queued, 0 sending, 0 rejected/);
    } finally {
      agent.child.kill('SIGTERM');
      expect(await agent.exited).toBe(0);
    }
  });

  it('without a token, run pairs by itself with the kept pairing code (the demo gateway’s way) and connects', { timeout: 60_000 }, async () => {
    const patient = await demoPatient(h);
    const gateway = await pairOverRest(h, patient);
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-selfpair-'));
    writeSecretFile(join(dataDir, 'pairing.json'), JSON.stringify({ pairingCode: gateway.pairingCode, createdAt: new Date().toISOString() }));
    const agent = spawnAgent(['run', '--simulate', '--edge', h.url, '--data-dir', dataDir, '--mac', gateway.mac, '--status-port', '0']);
    try {
      await agent.waitFor((l) => logMessage(l)?.msg === 'paired');
      await agent.waitFor((l) => logMessage(l)?.msg === 'hello acknowledged; work received');
      expect(readToken(dataDir)).toMatchObject({ gatewayId: gateway.gatewayId, mac: gateway.mac });
      // A new token was issued: the one collected before no longer opens the link.
      expect(readToken(dataDir)!.token).not.toBe(gateway.token);
    } finally {
      agent.child.kill('SIGTERM');
      expect(await agent.exited).toBe(0);
    }
  });
});
