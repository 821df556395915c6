// Screenshots of the held readings card on the patient's snapshot (issue 21 part 5), against a demo
// edge on :3600 (see the session notes): a home gateway uploads a cuff reading of 400 mmHg.
import { randomBytes, randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { io } from 'socket.io-client';

const base = 'http://127.0.0.1:3600';
const json = async (path, init = {}) => {
  const res = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
};
const signIn = async (username) => (await json('/api/v1/auth/login', { method: 'POST', body: JSON.stringify({ username, password: 'Passw0rd!' }) })).headers.get('x-access-token');

const token = await signIn('patient');
const auth = { authorization: `Bearer ${token}` };
const patientId = (await json('/api/v1/profile', { headers: auth })).body.data.accountId;
const mac = randomBytes(6).toString('hex').toUpperCase();
const pairingCode = randomBytes(8).toString('hex').toUpperCase();
const info = { serial: 'RPI-0001', model: 'Raspberry Pi 4 Model B', os: 'Debian GNU/Linux 12', bluetoothVersion: '5.0', bluetoothAdapters: ['hci0'], macAddress: [], publicIp: null, localIp: '192.168.1.20', btAddress: 'DC:A6:32:00:00:01', version: '0.1.0', nxwId: null };
const ask = () => json('/api/v1/patients/gateways/request-token', { method: 'POST', body: JSON.stringify({ mac, pairingCode, info }) });
await ask();
await json(`/api/v1/patients/${patientId}/gateways`, { method: 'POST', headers: auth, body: JSON.stringify({ mac, pairingCode, displayName: 'Hall' }) });
const paired = (await ask()).body.data;
const agent = io(`${base}/gateways`, { auth: { token: paired.token }, transports: ['websocket'] });
await new Promise((resolve) => agent.on('connect', resolve));
await agent.emitWithAck('gateway:hello', { info });
const profile = (await json('/api/v1/devices/profiles', { headers: auth })).body.data.find((p) => p.measurement === 'bp');
const cuff = (await json('/api/v1/devices', { method: 'POST', headers: auth, body: JSON.stringify({ gatewayId: paired.gatewayId, address: 'C4:7C:8D:6A:12:34', name: 'Arm cuff', profileId: profile.profileId }) })).body.data;
const answer = await agent.emitWithAck('readings:upload', { readings: [{ deviceId: cuff.id, reading: { id: randomUUID(), type: 'bp', values: { systolic: 400, diastolic: 80, pulse: 70 } } }] });
console.log(JSON.stringify(answer));
agent.disconnect();

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [lang, width, height, tag] of [['en-US', 1280, 900, 'en-desktop'], ['ar', 1280, 900, 'ar-desktop'], ['en-US', 390, 844, 'en-phone'], ['ar', 390, 844, 'ar-phone']]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('physician');
  await page.locator('input[name="password"]').fill('Passw0rd!');
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-full-name').waitFor();
  if (lang !== 'en-US') await page.getByTestId('language-switch').first().selectOption(lang);
  await page.goto(`/patients/${patientId}`);
  await page.getByTestId('held-readings-card').waitFor();
  await page.waitForTimeout(1500);
  await page.getByTestId('held-readings-card').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/held-${tag}.png`, fullPage: false });
  await page.getByTestId('held-readings-card').screenshot({ path: `/tmp/shots/held-card-${tag}.png` });
  await context.close();
}
await browser.close();
