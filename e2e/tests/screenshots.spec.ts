import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

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
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

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
