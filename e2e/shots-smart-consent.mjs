// Screenshots of the SMART consent page (issue 21), against a demo edge on :3610 (DEMO=true PORT=3610
// PUBLIC_URL=http://127.0.0.1:3610, the web built); written to /tmp/shots.
import { createHash, randomBytes } from 'node:crypto';
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const base = 'http://127.0.0.1:3610';
const totp = new TOTP({ secret: Secret.fromBase32('OPENCAREDEMOSECRETFORADMIN234567'), algorithm: 'SHA1', digits: 6, period: 30 });
const json = async (path, init = {}) => {
  const res = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
};
const login = await json('/api/v1/auth/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'Passw0rd!' }) });
const second = await json('/api/v1/auth/login/two-factor', { method: 'POST', body: JSON.stringify({ challengeToken: login.body.data.twoFactor.challengeToken, code: totp.generate() }) });
const auth = { authorization: `Bearer ${second.headers.get('x-access-token')}` };
const made = await json('/api/v1/smart-clients/apps', { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Pressure Diary', redirectUris: ['http://localhost:7777/cb'], scopes: ['launch/patient', 'patient/*.read', 'user/*.read'] }) });
console.log('app', made.status, made.body?.data?.clientId);
const clientId = made.body.data.clientId;
const verifier = randomBytes(32).toString('base64url');
const authorize = `${base}/fhir/R4/auth/authorize?${new URLSearchParams({
  response_type: 'code', client_id: clientId, redirect_uri: 'http://localhost:7777/cb', scope: 'launch/patient patient/Observation.rs patient/Patient.rs patient/Appointment.read', state: 'abc', aud: `${base}/fhir/R4`,
  code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
})}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [lang, width, height, tag] of [['en-US', 1280, 800, 'en-desktop'], ['ar', 1280, 800, 'ar-desktop'], ['en-US', 390, 844, 'en-phone'], ['ar', 390, 844, 'ar-phone'], ['es', 390, 844, 'es-phone']]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height } });
  const page = await context.newPage();
  // Not signed in: the authorize endpoint's redirect goes to sign-in first, then back to the consent page.
  await page.goto(authorize);
  await page.getByLabel(/Username/).first().fill('patient');
  await page.getByLabel(/Password/).first().fill('Passw0rd!');
  if (tag === 'en-desktop') await page.screenshot({ path: `/tmp/shots/consent-login-${tag}.png` });
  await page.getByRole('button', { name: /Log in|Sign in/ }).first().click();
  await page.getByTestId('smart-consent').waitFor();
  if (lang !== 'en-US') {
    await page.getByTestId('language-switch').first().selectOption(lang);
    await page.waitForTimeout(800);
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/consent-${tag}.png`, fullPage: true });
  if (tag === 'en-desktop') {
    // Keyboard: Tab reaches Deny then Allow; Enter on Allow leaves for the app with a code.
    const leaving = page.waitForRequest((req) => req.url().startsWith('http://localhost:7777/cb'), { timeout: 10_000 }).catch(() => null);
    await page.getByTestId('smart-consent-allow').focus();
    await page.keyboard.press('Enter');
    const req = await leaving;
    console.log('left for', req?.url().replace(/code=[^&]+/, 'code=…'));
  }
  await context.close();
}
// An unknown app: the page says so, translated.
const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
const page = await context.newPage();
await page.goto(authorize.replace(clientId, '00000000-0000-4000-8000-000000000000'));
await page.getByLabel(/Username/).first().fill('patient');
await page.getByLabel(/Password/).first().fill('Passw0rd!');
await page.getByRole('button', { name: /Log in|Sign in/ }).first().click();
await page.getByTestId('smart-consent-error').waitFor();
await page.getByTestId('language-switch').first().selectOption('ar');
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/shots/consent-error-ar-phone.png', fullPage: true });
await browser.close();
