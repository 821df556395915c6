import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiAs, apiSignIn } from './api-as';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { CALL_LAUNCH_OPTIONS, closeOtherContexts, visitNow } from './video-call';

/**
 * The visit's EKG panel end to end: the physician in a video visit opens it and is told no device is
 * streaming; the patient's gateway (the real agent, with the simulated chest strap) then streams its
 * ECG, and the physician's panel draws it live with the heart rate; the gateway stops and, after a
 * few seconds, the panel says again that no device is streaming.
 */
test.use({ permissions: ['camera', 'microphone'], launchOptions: CALL_LAUNCH_OPTIONS });
test.afterEach(closeOtherContexts);

const AGENT = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/gateway-agent/bin/gateway-agent.js');
// The simulator's ECG chest strap (apps/gateway-agent/src/ble/simulator.ts).
const STRAP = 'C4:7C:8D:00:EC:01';

function agent(args: string[]) {
  const child = spawn(process.execPath, [AGENT, ...args], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}
const stop = (child: ChildProcess) => {
  if (child.exitCode === null) child.kill('SIGTERM');
};

test("the patient's chest strap streams through their gateway to the physician's EKG panel in the visit, and only while it streams", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'opencare-e2e-ekg-'));
  const mac = `0E2E${randomBytes(4).toString('hex').toUpperCase()}`;
  const patient = await apiAs(request, 'patient');
  const running: ReturnType<typeof agent>[] = [];
  let gatewayId = '';
  try {
    const visit = await visitNow(request, 'patient');
    await logIn(page, 'physician', DEMO_PASSWORD);
    await page.goto(`/telehealth-visit/${visit.code}`);
    await page.getByTestId('join-visit').click();
    await expect(page.getByTestId('call-view')).toBeVisible();
    await page.getByTestId('call-more').click();
    await page.getByTestId('toggle-ekg').click();
    const panel = page.getByTestId('ekg-display');
    await expect(panel.getByTestId('ekg-no-device')).toHaveText(
      'No EKG device is sending to this visit. A trace shows here only when a device sends one.',
    );

    // The patient's new gateway, paired as an operator does, running with the simulated devices.
    const pair = agent(['pair', '--edge', baseURL ?? '', '--data-dir', dataDir, '--mac', mac]);
    running.push(pair);
    await expect.poll(pair.output, { timeout: 20_000 }).toMatch(/Pairing code: [0-9A-Z]{8,32}\n/);
    const pairingCode = /Pairing code: ([0-9A-Z]{8,32})\n/.exec(pair.output())?.[1] ?? '';
    // The agent prints its code as it first asks the edge for a token: the patient may be quicker.
    const { token } = await apiSignIn(request, 'patient');
    await expect
      .poll(async () => {
        const added = await request.post(`/api/v1/patients/${patient.accountId}/gateways`, {
          headers: { authorization: `Bearer ${token}` },
          data: { mac, pairingCode, displayName: 'Bedroom gateway' },
        });
        if (added.ok()) gatewayId = ((await added.json()) as { data: { id: string } }).data.id;
        return added.status();
      }, { timeout: 15_000 })
      .toBe(201);
    expect(await pair.exited).toBe(0);
    const run = agent(['run', '--simulate', '--edge', baseURL ?? '', '--data-dir', dataDir, '--status-port', '0', '--read-interval', '3600']);
    running.push(run);

    // The patient pairs their chest strap with the Polar H10 ECG profile: the gateway starts streaming.
    const profiles = await patient.get<{ profileId: string; measurement: string }[]>('/devices/profiles');
    const ecg = profiles.find((p) => p.measurement === 'ecg');
    expect(ecg, 'the demo organisation has the ECG vendor profile').toBeTruthy();
    await patient.post('/devices', { gatewayId, address: STRAP, name: 'Chest strap', profileId: ecg?.profileId });

    await expect(panel).toHaveAttribute('data-streaming', 'true', { timeout: 30_000 });
    await expect(panel.getByRole('img', { name: 'EKG waveform' })).toBeVisible();
    await expect(panel.getByText("Live from the patient's device")).toBeVisible();
    // Once it holds three beats, the rate its R peaks give: the strap's resting 64-84 bpm.
    await expect(panel.getByTestId('ekg-heart-rate')).toHaveText(/^Heart rate: \d+ bpm$/, { timeout: 10_000 });
    const bpm = Number(/(\d+) bpm/.exec((await panel.getByTestId('ekg-heart-rate').textContent()) ?? '')?.[1]);
    expect(bpm).toBeGreaterThanOrEqual(55);
    expect(bpm).toBeLessThanOrEqual(95);
    // The trace scrolls: four seconds of samples at 130 Hz fill the panel.
    await expect(panel.getByTestId('ekg-trace')).toHaveAttribute('data-samples', '520', { timeout: 10_000 });

    // The gateway stops: within a few seconds the panel says no device is streaming.
    stop(run.child);
    await run.exited;
    await expect(panel.getByTestId('ekg-no-device')).toBeVisible({ timeout: 10_000 });
    await expect(panel.getByRole('img')).toHaveCount(0);
  } finally {
    running.forEach(({ child }) => stop(child));
    await Promise.all(running.map(({ exited }) => exited));
    for (const [i, { output }] of running.entries()) await test.info().attach(`agent ${i + 1} output`, { body: output() });
    if (gatewayId) {
      const { token } = await apiSignIn(request, 'patient');
      await request.delete(`/api/v1/gateways/${gatewayId}`, { headers: { authorization: `Bearer ${token}` } });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
