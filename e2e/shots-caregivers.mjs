import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3600';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function as(username, lang, width, height) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/Username/).first().fill(username);
  await page.getByLabel(/Password/).first().fill('Passw0rd!');
  await page.getByRole('button', { name: /Log in|Sign in/ }).first().click();
  await page.getByTestId('user-full-name').waitFor();
  if (lang !== 'en-US') await page.getByTestId('language-switch').first().selectOption(lang);
  return page;
}
for (const [lang, width, height, tag] of [['en-US', 1280, 900, 'en-desktop'], ['ar', 1280, 900, 'ar-desktop'], ['en-US', 390, 844, 'en-phone'], ['ar', 390, 844, 'ar-phone']]) {
  const caregiver = await as('caregiver', lang, width, height);
  await caregiver.waitForTimeout(800);
  await caregiver.screenshot({ path: `/tmp/shots/cg-home-${tag}.png`, fullPage: true });
  await caregiver.locator('[data-testid="cared-for-person"] a').first().click();
  await caregiver.getByTestId('measurement-form').waitFor();
  await caregiver.waitForTimeout(1200);
  await caregiver.screenshot({ path: `/tmp/shots/cg-caring-${tag}.png`, fullPage: true });
  const patient = await as('patient', lang, width, height);
  await patient.goto('/caregivers');
  await patient.getByTestId('invite-caregiver-form').waitFor();
  await patient.waitForTimeout(800);
  await patient.screenshot({ path: `/tmp/shots/cg-patient-${tag}.png`, fullPage: true });
  await caregiver.context().close();
  await patient.context().close();
}
await browser.close();
