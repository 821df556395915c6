import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { apiAs } from './api-as';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

const AGENT = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/gateway-agent/bin/gateway-agent.js');
// The simulator's blood pressure cuff (apps/gateway-agent/src/ble/simulator.ts).
const CUFF = { address: 'C4:7C:8D:00:18:10', name: 'OpenCare Sim BP Cuff' };

/** The real agent as an operator runs it, with its output kept for the assertions and for failures. */
function agent(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [AGENT, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

const stop = (child: ChildProcess) => {
  if (child.exitCode === null) child.kill('SIGTERM');
};

test('an operator pairs a simulated gateway in two commands, the patient adds it with its MAC and pairing code, and its cuff’s high reading reaches the physician live, with an alert', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'opencare-e2e-gateway-'));
  const mac = `0E2E${randomBytes(4).toString('hex').toUpperCase()}`;
  const patient = await apiAs(request, 'patient2');
  const running: ReturnType<typeof agent>[] = [];
  try {
    // The physician has the patient's snapshot open from the start: what follows must arrive live.
    const physician = await (await browser.newContext()).newPage();
    await logIn(physician, 'physician', DEMO_PASSWORD);
    await physician.goto(`/patients/${patient.accountId}`);
    await expect(physician.getByRole('heading', { level: 1, name: 'Layla Haddad' })).toBeVisible();

    // 1. The operator: `gateway-agent pair` shows the MAC and the pairing code and waits for the patient.
    const pair = agent(['pair', '--edge', baseURL ?? '', '--data-dir', dataDir, '--mac', mac]);
    running.push(pair);
    await expect.poll(pair.output, { timeout: 20_000 }).toMatch(/Pairing code: [0-9A-Z]{8,32}\n/);
    const pairingCode = /Pairing code: ([0-9A-Z]{8,32})\n/.exec(pair.output())?.[1] ?? '';

    // The patient types that MAC; the MAC alone, or with a code that is not the gateway's, is refused.
    const page = await (await browser.newContext()).newPage();
    await logIn(page, 'patient2', DEMO_PASSWORD);
    await page.goto('/gateways/setup');
    await page.getByRole('textbox', { name: 'MAC number' }).fill(mac.match(/.{2}/g)?.join(':') ?? mac);
    await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Hall gateway');
    await page.getByRole('button', { name: 'Add the gateway' }).click();
    const codeField = page.getByRole('textbox', { name: 'Pairing code' });
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required.')).toBeVisible();
    await codeField.fill('WRONGCODE234');
    await page.getByRole('button', { name: 'Add the gateway' }).click();
    await expect(
      page.getByText('No gateway is waiting to be added with this MAC number and pairing code. Check both on the gateway.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'MAC number' })).toHaveAttribute('aria-invalid', 'true');
    // With the code the agent printed, it is hers.
    await codeField.fill(pairingCode);
    await page.getByRole('button', { name: 'Add the gateway' }).click();
    await expect(page.getByRole('heading', { name: /Hall gateway/ })).toBeVisible();
    expect(await pair.exited).toBe(0);
    expect(pair.output()).toContain('Paired');

    // 2. The operator: `gateway-agent run`, here with the simulated devices; the cuff's next
    // reading is a high one.
    const run = agent(['run', '--simulate', '--edge', baseURL ?? '', '--data-dir', dataDir, '--status-port', '0', '--read-interval', '5'], {
      OPENCARE_SIMULATOR_NEXT: JSON.stringify({ [CUFF.address]: { systolic: 182, diastolic: 104, pulse: 88 } }),
    });
    running.push(run);
    await expect(page.getByTestId('gateway-status')).toHaveText('Online', { timeout: 20_000 });

    // The patient adds the cuff the gateway hears nearby.
    await page.goto('/devices/add');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const cuff = page.getByTestId('nearby-device').filter({ hasText: CUFF.name });
    await expect(cuff).toBeVisible({ timeout: 20_000 });
    await cuff.getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('My cuff');
    await page.getByRole('button', { name: 'Add the device' }).click();
    await expect(page.getByText('My cuff').first()).toBeVisible();

    // The physician's open snapshot shows the reading, classified, and its alert, without a reload.
    const reading = physician.locator('[data-testid="timeline-item"][data-kind="measurement"]').filter({ hasText: '182/104' });
    await expect(reading).toBeVisible({ timeout: 30_000 });
    await expect(physician.locator('[data-testid="timeline-item"][data-kind="alert"]').first()).toBeVisible();

    // And the patient finds it among her measurements.
    const stored = await patient.get<{ values: Record<string, number>; source: string }[]>('/measurements?type=bp&pageSize=5');
    expect(stored.some((m) => m.source === 'gateway' && m.values.systolic === 182)).toBe(true);
  } finally {
    running.forEach(({ child }) => stop(child));
    // The agent writes its status file until it has stopped.
    await Promise.all(running.map(({ exited }) => exited));
    // The agents' own words, for whoever reads a failure.
    for (const [i, { output }] of running.entries()) await test.info().attach(`agent ${i + 1} output`, { body: output() });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a patient reads a gateway’s QR code from a photo where the browser has no BarcodeDetector, with ZXing served by the app itself', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) elsewhere.push(request.url());
  });
  // Chromium has the API only on Android, macOS and ChromeOS: removed here, so that this run takes
  // the path Firefox and Linux take whatever the machine.
  await page.addInitScript(() => {
    delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  });
  const wasm = page.waitForResponse((response) => response.url().endsWith('.wasm'));
  await logIn(page, 'patient2', DEMO_PASSWORD);
  await page.goto('/gateways/setup');
  const photo = await QRCode.toBuffer('OPENCARE-GW:B827EB123456:K7Q2M9X4P1', { width: 320, margin: 4 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a photo of the QR code' }).click();
  await (await chooser).setFiles({ name: 'gateway-qr.png', mimeType: 'image/png', buffer: photo });

  await expect(page.getByTestId('qr-scanned')).toHaveText('QR code read: gateway B8:27:EB:12:34:56. Check the name, then add it.');
  await expect(page.getByRole('textbox', { name: 'MAC number' })).toHaveValue('B8:27:EB:12:34:56');
  await expect(page.getByTestId('pairing-code')).toHaveValue('K7Q2M9X4P1');
  const served = await wasm;
  expect(new URL(served.url()).origin).toBe(origin);
  expect(served.headers()['content-type']).toContain('application/wasm');
  expect(elsewhere).toEqual([]);
});
