import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * The demo admin, signed in once per worker. Each sign-in spends one of the admin's two-factor
 * steps, which come one per 30 seconds, so the specs of the admin's screens share one session as a
 * person at their own desk would: each test gets a new tab in the worker's admin browser. The specs
 * of signing in (login, two-factor, navigation) sign in for themselves.
 *
 * A test that switches the admin's language puts it back (`inLanguage`): it is a saved preference.
 */
export const test = base.extend<{ adminPage: Page }, { adminContext: BrowserContext }>({
  adminContext: [
    async ({ browser }, use, workerInfo) => {
      // A worker's fixture gets no test's context options: the project's, as every test has them.
      const { baseURL, locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, timezoneId });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  adminPage: async ({ adminContext }, use) => {
    const page = await adminContext.newPage();
    await page.goto('/');
    const home = page.getByTestId('user-full-name');
    await expect(home.or(page.locator('input[name="username"]')).first()).toBeVisible({ timeout: 20_000 });
    // The first test of the worker, or a session the server ended since: sign in (again).
    if (!(await home.isVisible())) await logIn(page, 'admin', DEMO_PASSWORD);
    await use(page);
    await page.close();
  },
});

/**
 * Runs `work` with the app in another language, and puts English back whatever happens. The switch
 * is in the header at desktop width (a phone has it in the menu): the page is widened to use it.
 */
export async function inLanguage(
  page: Page,
  language: { code: string; dir: string },
  work: () => Promise<void>,
) {
  const viewport = page.viewportSize();
  const choose = async (code: string, dir: string) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('language-switch').first().selectOption(code);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    if (viewport) await page.setViewportSize(viewport);
  };
  try {
    await choose(language.code, language.dir);
    await work();
  } finally {
    await choose('en-US', 'ltr');
    await page.waitForLoadState('networkidle');
  }
}

export { expect };
