import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, inLanguage, test } from './admin-page';
import { answerTwoFactorIfAsked } from './authenticator';
import { DEMO_PASSWORD } from './demo-users';
import { expectNoHorizontalOverflow } from './layout';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const LANGUAGES = [
  { code: 'en-US', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;

/** Saved under test-results/screenshots/ for people to look at, and attached to the report. */
async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Nothing may stick out sideways: a horizontal scrollbar on a phone is a broken layout. */

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test(`screenshots: ${language.code} ${viewport.name}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/login');
      await page.getByTestId('language-switch').selectOption(language.code);
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      await expect(page.locator('html')).toHaveAttribute('lang', language.code);

      await expectNoHorizontalOverflow(page);
      await capture(page, testInfo, `login-${language.code}-${viewport.name}`);

      // The labels are translated here, so the fields are found by name.
      await page.locator('input[name="username"]').fill('caregiver');
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await answerTwoFactorIfAsked(page);
      await expect(page).toHaveURL('/');
      await expect(page.getByTestId('user-full-name')).toHaveText('Casey Jordan');
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);

      await expectNoHorizontalOverflow(page);
      await capture(page, testInfo, `home-${language.code}-${viewport.name}`);

      // The other screens of the web client, as this user (a caregiver) sees them.
      for (const [name, path] of [
        ['settings-preferences', '/settings/preferences'],
        ['settings-security', '/settings/account/security'],
        ['appointments', '/appointments'],
        ['forbidden', '/patients'],
        ['faqs', '/faqs'],
      ] as const) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
        await expectNoHorizontalOverflow(page);
        await capture(page, testInfo, `${name}-${language.code}-${viewport.name}`);
      }
    });

    test(`screenshots of sign-up: ${language.code} ${viewport.name}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/login');
      await page.getByTestId('language-switch').selectOption(language.code);
      await page.goto('/signup');
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await capture(page, testInfo, `signup-code-${language.code}-${viewport.name}`);
    });
  }
}

/** Signs in as a demo user with the page in `language`, ready to visit their screens. */
async function logInIn(page: Page, language: (typeof LANGUAGES)[number], username: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('language-switch').selectOption(language.code);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await answerTwoFactorIfAsked(page);
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
}

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test(`screenshots of the alerts inbox and API keys: ${language.code} ${viewport.name}`, async ({
      browser,
      adminPage: admin,
      request,
    }, testInfo) => {
      // A sign-in and a key created: more than one screen's worth of time.
      test.slow();
      const size = { width: viewport.width, height: viewport.height };
      // An out-of-range reading of the second demo patient, so the inbox has at least one alert.
      const login = await request.post('/api/v1/auth/login', {
        data: { username: 'patient2', password: DEMO_PASSWORD },
      });
      const reading = await request.post('/api/v1/measurements', {
        headers: { authorization: `Bearer ${login.headers()['x-access-token'] ?? ''}` },
        data: {
          type: 'bp',
          values: { systolic: 168, diastolic: 104, pulse: 88 },
          takenAt: new Date(Date.now() - 4 * 3600_000).toISOString(),
        },
      });
      expect(reading.ok()).toBe(true);

      const clinician = await browser.newPage({ viewport: size });
      await logInIn(clinician, language, 'physician');
      await clinician.goto('/alerts');
      await expect(clinician.getByTestId('alert-item').first()).toBeVisible();
      await clinician.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(clinician);
      await capture(clinician, testInfo, `alerts-${language.code}-${viewport.name}`);
      await clinician.close();

      // The worker's signed-in admin (each sign-in spends a 30-second two-factor step).
      await admin.setViewportSize(size);
      await inLanguage(admin, language, async () => {
        await admin.goto('/dashboard/api-keys');
        await admin.getByTestId('api-key-create').click();
        await admin.getByTestId('api-key-name').fill(`Clinic EHR ${language.code} ${viewport.name}`);
        await admin.getByRole('dialog').locator('button[type="submit"]').click();
        await expect(admin.getByTestId('api-key-secret')).toBeVisible();
        await capture(admin, testInfo, `api-key-created-${language.code}-${viewport.name}`);
        await admin.getByTestId('api-key-done').click();
        await expect(admin.getByRole('dialog')).toHaveCount(0);
        await admin.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(admin);
        await capture(admin, testInfo, `api-keys-${language.code}-${viewport.name}`);
      });
    });
  }
}
