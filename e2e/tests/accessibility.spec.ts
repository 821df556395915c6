import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/** Serious and critical WCAG 2.1 A/AA violations on the page as it stands, in the given language. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

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
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('home has no serious or critical violations', async ({ page }) => {
      await logIn(page, 'patient', DEMO_PASSWORD);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
