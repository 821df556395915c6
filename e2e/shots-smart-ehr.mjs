// Screenshots of the SMART EHR launch screens (issue 21 part 2), against a demo edge on :3611
// (DEMO=true PORT=3611 PUBLIC_URL=http://127.0.0.1:3611, the web built): the admin's register-app
// dialog with a launch URL, the patient page's "Open in app" menu, and the consent page's patient
// picker for a physician's standalone launch. Written to /tmp/shots-ehr.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const base = 'http://127.0.0.1:3611';
const out = '/tmp/shots-ehr';
mkdirSync(out, { recursive: true });
const totp = new TOTP({ secret: Secret.fromBase32('OPENCAREDEMOSECRETFORADMIN234567'), algorithm: 'SHA1', digits: 6, period: 30 });
let step = Math.floor(Date.now() / 30_000);
// A TOTP code is good once: wait for the next period before using another.
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

// The app, registered over REST by the admin: a launch URL and patient scopes, so physicians can open it.
const login = await json('/api/v1/auth/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'Passw0rd!' }) });
const second = await json('/api/v1/auth/login/two-factor', { method: 'POST', body: JSON.stringify({ challengeToken: login.body.data.twoFactor.challengeToken, code: await code() }) });
console.log('admin 2fa', second.status, JSON.stringify(second.body).slice(0, 300));
const admin = { authorization: `Bearer ${second.headers.get('x-access-token')}` };
// Once: a second run of the script finds it registered.
const listed = await json('/api/v1/smart-clients', { headers: admin });
const known = listed.body?.data?.find((client) => client.name === 'Chart Viewer' && !client.revokedAt);
const made = known ? { status: 200, body: { data: known } } : await json('/api/v1/smart-clients/apps', {
  method: 'POST',
  headers: admin,
  body: JSON.stringify({ name: 'Chart Viewer', redirectUris: ['http://localhost:9999/cb'], launchUrl: 'http://localhost:9999/launch', scopes: ['patient/*.read', 'launch/patient', 'user/*.read'] }),
});
console.log('app', made.status, made.body?.data?.clientId, made.body?.data?.launchUrl);
const clientId = made.body.data.clientId;

const physicianLogin = await json('/api/v1/auth/login', { method: 'POST', body: JSON.stringify({ username: 'physician', password: 'Passw0rd!' }) });
const physician = { authorization: `Bearer ${physicianLogin.headers.get('x-access-token')}` };
const patients = await json('/api/v1/patients?page=1&pageSize=5', { headers: physician });
const patientId = patients.body.data[0].accountId;
console.log('patient', patientId, patients.body.data[0].fullName);

const verifier = randomBytes(32).toString('base64url');
const authorize = `${base}/fhir/R4/auth/authorize?${new URLSearchParams({
  response_type: 'code',
  client_id: clientId,
  redirect_uri: 'http://localhost:9999/cb',
  scope: 'launch/patient patient/*.read',
  state: 'abc',
  aud: `${base}/fhir/R4`,
  code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  code_challenge_method: 'S256',
})}`;

const sizes = [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
];
const languages = ['en-US', 'ar'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });

async function setLanguage(page, lang) {
  await page.getByTestId('language-switch').first().selectOption(lang);
  await page.waitForTimeout(800);
}

// Admin: the register-app dialog, filled with a launch URL the schema refuses, then the table.
{
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/Username/).first().fill('admin');
  await page.getByLabel(/Password/).first().fill('Passw0rd!');
  await page.getByRole('button', { name: /Log in|Sign in/ }).first().click();
  await page.locator('input[name="code"]').fill(await code());
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-full-name').waitFor();
  for (const lang of languages) {
    await setLanguage(page, lang);
    for (const [size, width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await page.goto('/dashboard/integrations');
      await page.getByTestId('smart-clients-table').waitFor();
      await page.waitForTimeout(600);
      await page.getByTestId('smart-clients-table').screenshot({ path: `${out}/table-${lang}-${size}.png` });
      await page.getByTestId('smart-app-register').click();
      await page.getByRole('dialog').waitFor();
      await page.getByTestId('smart-app-name').fill('Chart Viewer');
      await page.getByTestId('smart-app-redirect-uris').fill('https://viewer.example.org/cb');
      await page.getByTestId('smart-app-launch-url').fill('http://viewer.example.org/launch');
      await page.getByTestId('smart-app-scopes').getByRole('checkbox').first().check();
      await page.getByTestId('smart-app-submit').click();
      await page.waitForTimeout(600);
      // The launch URL's field, in the dialog's viewport, with its help and its error.
      await page.getByTestId('smart-app-launch-url').evaluate((input) => input.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/dialog-${lang}-${size}.png` });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
    }
  }
  await context.close();
}

// Physician: the patient page's "Open in app", opening the app, then the consent page's picker.
{
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/Username/).first().fill('physician');
  await page.getByLabel(/Password/).first().fill('Passw0rd!');
  await page.getByRole('button', { name: /Log in|Sign in/ }).first().click();
  await page.getByTestId('user-full-name').waitFor();
  for (const lang of languages) {
    await setLanguage(page, lang);
    for (const [size, width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await page.goto(`/patients/${patientId}`);
      await page.getByTestId('open-in-app').waitFor();
      await page.waitForTimeout(600);
      await page.getByTestId('open-in-app').click();
      await page.getByTestId('open-in-app-menu').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/menu-${lang}-${size}.png` });
      if (lang === 'en-US' && size === 'desktop') {
        const opened = context.waitForEvent('page');
        await page.getByTestId('open-in-app-item').first().click();
        const tab = await opened;
        // Nothing listens on :9999: the request for the launch URL is what shows the tab went there.
        const launched = await tab.waitForRequest(/localhost:9999\/launch/, { timeout: 10_000 }).catch(() => null);
        console.log('opened', launched?.url().replace(/launch=[^&]+/, 'launch=…') ?? `nothing (${tab.url()})`);
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${out}/menu-after-${lang}-${size}.png` });
        await tab.close();
      } else {
        await page.keyboard.press('Escape');
      }

      await page.goto(authorize);
      await page.getByTestId('smart-consent').waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/consent-${lang}-${size}.png`, fullPage: true });
      const picker = page.getByTestId('smart-consent-picker');
      await picker.click();
      await picker.fill('a');
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `${out}/consent-search-${lang}-${size}.png` });
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/consent-chosen-${lang}-${size}.png`, fullPage: true });
    }
  }
  await context.close();
}
await browser.close();
