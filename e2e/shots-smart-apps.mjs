// Screenshots of the integrations screen with a SMART app (issue 21), against the demo edge on :3610.
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const base = 'http://127.0.0.1:3610';
const totp = new TOTP({ secret: Secret.fromBase32('OPENCAREDEMOSECRETFORADMIN234567'), algorithm: 'SHA1', digits: 6, period: 30 });
let step = Math.floor(Date.now() / 30_000);
const code = async () => {
  const now = Math.floor(Date.now() / 30_000);
  if (now <= step) await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 300));
  step = Math.floor(Date.now() / 30_000);
  return totp.generate();
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [lang, width, height, tag] of [['en-US', 1280, 900, 'en-desktop'], ['ar', 390, 844, 'ar-phone'], ['ar', 1280, 900, 'ar-desktop']]) {
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
  await page.screenshot({ path: `/tmp/shots/apps-${tag}.png`, fullPage: true });
  if (tag.endsWith('desktop')) {
    await page.getByTestId('smart-app-register').click();
    await page.getByRole('dialog').waitFor();
    await page.getByTestId('smart-app-redirect-uris').fill('http://example.org/cb');
    await page.getByTestId('smart-app-submit').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/apps-register-${tag}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
