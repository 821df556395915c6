// Screenshots of the integrations screen (issue 21), against a demo edge on :3600 (see the session notes).
import { webcrypto } from 'node:crypto';
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const base = 'http://127.0.0.1:3600';
const totp = new TOTP({ secret: Secret.fromBase32('OPENCAREDEMOSECRETFORADMIN234567'), algorithm: 'SHA1', digits: 6, period: 30 });
let step = 0;
const code = async () => {
  const now = Math.floor(Date.now() / 30_000);
  if (now <= step) await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 300));
  step = Math.floor(Date.now() / 30_000);
  return totp.generate();
};
const json = async (path, init = {}) => {
  const res = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
};

// Some integrations to show: a SMART client with a refused request, and an API key's failing subscription.
const login = await json('/api/v1/auth/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'Passw0rd!' }) });
const second = await json('/api/v1/auth/login/two-factor', { method: 'POST', body: JSON.stringify({ challengeToken: login.body.data.twoFactor.challengeToken, code: await code() }) });
const token = second.headers.get('x-access-token');
const auth = { authorization: `Bearer ${token}` };
const { publicKey } = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign', 'verify']);
const jwk = { ...(await webcrypto.subtle.exportKey('jwk', publicKey)), kid: 'ehr-2026', alg: 'ES384' };
const made = await json('/api/v1/smart-clients', { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Riverside Hospital EHR', jwks: { keys: [jwk] }, scopes: ['system/Observation.read', 'system/Patient.read', 'system/Device.read'] }) });
const clientId = made.body.data.clientId;
const part = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
await fetch(`${base}/fhir/R4/auth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'system/*.read', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: `${part({ alg: 'ES384', kid: 'ehr-2026' })}.${part({ iss: clientId, sub: clientId, aud: 'https://wrong.example.org', exp: Math.floor(Date.now() / 1000) + 60, jti: 'x' })}.c2ln` }),
});
await json('/api/v1/smart-clients', { method: 'POST', headers: auth, body: JSON.stringify({ name: 'State immunisation registry', jwks: { keys: [{ ...jwk, kid: 'reg-1' }] }, scopes: ['system/*.read'] }) });
const key = await json('/api/v1/api-keys', { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Lab data warehouse' }) });
await json('/fhir/R4/Subscription', { method: 'POST', headers: { 'x-api-key': key.body.data.key }, body: JSON.stringify({ resourceType: 'Subscription', criteria: 'Observation', channel: { type: 'rest-hook', endpoint: 'http://127.0.0.1:9/readings' } }) });
await json('/api/v1/measurements', { method: 'POST', headers: { authorization: `Bearer ${(await json('/api/v1/auth/login', { method: 'POST', body: JSON.stringify({ username: 'patient', password: 'Passw0rd!' }) })).headers.get('x-access-token')}` }, body: JSON.stringify({ type: 'bw', values: { weight: 80.2 } }) });
await new Promise((r) => setTimeout(r, 6000));

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [lang, width, height, tag] of [['en-US', 1280, 900, 'en-desktop'], ['ar', 1280, 900, 'ar-desktop'], ['en-US', 390, 844, 'en-phone'], ['ar', 390, 844, 'ar-phone']]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/Username/).first().fill('admin');
  await page.getByLabel(/Password/).first().fill('Passw0rd!');
  await page.getByRole('button', { name: /Log in|Sign in/ }).first().click();
  await page.locator('input[name="code"]').fill(await code());
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-full-name').waitFor();
  if (lang !== 'en-US') await page.getByTestId('language-switch').first().selectOption(lang);
  await page.goto('/dashboard/integrations');
  await page.getByTestId('smart-clients-table').waitFor();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots/int-${tag}.png`, fullPage: true });
  if (tag.endsWith('desktop')) {
    await page.getByTestId('smart-client-register').click();
    await page.getByRole('dialog').waitFor();
    await page.getByTestId('smart-client-submit').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/int-register-${tag}.png` });
  }
  await context.close();
}
await browser.close();
