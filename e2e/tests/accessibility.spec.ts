import { expect, test } from '@playwright/test';
import { seriousViolations, WCAG_21_AA } from './axe';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

const PUBLIC_PAGES = [
  '/login',
  '/signup',
  '/signup/verify?token=not-a-real-token',
  '/invitations/verify?token=not-a-real-token',
  '/telehealth-invitations',
  '/no-such-page',
];

for (const language of ['en-US', 'ar']) {
  test.describe(`accessibility (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lng) => window.localStorage.setItem('opencare.language', lng), language);
    });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
      });
    }

    test('home has no serious or critical violations', async ({ page }) => {
      await logIn(page, 'patient', DEMO_PASSWORD);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
    });
  });
}
