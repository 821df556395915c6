import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdgeHarness, type EdgeHarness } from '../link/testing/edge-harness';
import { demoPatient, randomMac, spawnAgent } from '../link/testing/gateway-fixtures';
import { readToken } from './state';

let h: EdgeHarness;
beforeAll(async () => {
  h = await startEdgeHarness();
});
afterAll(async () => {
  await h?.dispose();
});

describe('gateway-agent pair, end to end', () => {
  it('registers as pending, gets its token once the patient adds the MAC, and the token opens the link', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-pair-'));
    const mac = randomMac();
    const agent = spawnAgent(['pair', '--edge', h.url, '--data-dir', dataDir, '--mac', mac]);
    const macLine = await agent.waitFor((l) => l.startsWith('MAC number:'));
    expect(macLine).toBe(`MAC number: ${mac.match(/.{2}/g)!.join(':')}`);
    const pairingCode = (await agent.waitFor((l) => l.startsWith('Pairing code:'))).slice('Pairing code: '.length);
    expect(pairingCode).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
    await agent.waitFor((l) => l.includes('Waiting for the patient'));

    const patient = await demoPatient(h);
    const mine = await h.call('GET', '/api/v1/patients/me/gateways', { token: patient.token });
    expect(mine.body.data.flatMap((g: { macAddress: string[] }) => g.macAddress)).not.toContain(mac);
    // The MAC alone, or with another code, is not enough: the patient types the code the agent printed.
    const add = (body: unknown) => h.call('POST', `/api/v1/patients/${patient.patientId}/gateways`, { token: patient.token, body });
    expect((await add({ mac })).status).toBe(400);
    expect((await add({ mac, pairingCode: 'WRONGCODE234' })).body.key).toBe('macNotFound');
    const added = await add({ mac, pairingCode });
    expect(added.status).toBe(201);

    await agent.waitFor((l) => l === 'Paired. Start it with: gateway-agent run');
    expect(await agent.exited).toBe(0);
    const token = readToken(dataDir);
    expect(token).toMatchObject({ gatewayId: added.body.data.id, edgeUrl: h.url, mac });
    expect(statSync(join(dataDir, 'token.json')).mode & 0o777).toBe(0o600);

    // The stored token opens the /gateways namespace.
    const socket = io(`${h.url}/gateways`, { auth: { token: token!.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    socket.disconnect();

    // Pairing again with the same data dir says so and keeps the token.
    const again = spawnAgent(['pair', '--edge', h.url, '--data-dir', dataDir, '--mac', mac]);
    await again.waitFor((l) => l.startsWith('Already paired'));
    expect(await again.exited).toBe(0);
  });

  it('an unknown option or a bad setting exits 2 with a message naming it', async () => {
    const bad = spawnAgent(['run', '--edge', 'not a url', '--data-dir', mkdtempSync(join(tmpdir(), 'gw-bad-'))]);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toContain('edgeUrl');
    expect(bad.stderr()).not.toMatch(/\n\s+at /);
    const unknown = spawnAgent(['status', '--frobnicate']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.stderr()).toContain('--frobnicate');
  });
});
