import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3600';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function login(page, user) {
  await page.goto(base + '/login');
  await page.locator('input[name="username"]').fill(user);
  await page.locator('input[name="password"]').fill('Passw0rd!');
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-full-name').waitFor();
}
// Patient id of 'patient'
const api = await (await fetch(base + '/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'patient', password: 'Passw0rd!' }) })).json();
const patientId = api.data.accounts.find((a) => a.isDefault).id;
for (const [lang, locale] of [['en', 'en-US'], ['ar', 'ar']]) {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const context = await browser.newContext({ viewport, locale, timezoneId: 'America/New_York' });
    const page = await context.newPage();
    await login(page, 'nurse');
    if (lang === 'ar') await page.getByTestId('language-switch').first().selectOption('ar');
    await page.goto(`${base}/patients/${patientId}`);
    const card = page.getByTestId('care-time-card');
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    await card.screenshot({ path: `/tmp/shots/card-${lang}-${name}.png` });
    await page.getByTestId('add-care-time').click();
    await page.getByTestId('add-care-time-form').waitFor();
    await page.waitForTimeout(400);
    await page.getByRole('button', { name: /Save|حفظ/ }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots/form-${lang}-${name}.png` });
    await context.close();
  }
}
await browser.close();
