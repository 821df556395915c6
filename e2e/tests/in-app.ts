import { expect, type Page } from '@playwright/test';

/**
 * Go to a screen the way a link does, inside the running app (no reload: the walk stays fast), and
 * wait until it has drawn: its spinners and skeletons gone, or five seconds, whichever comes first.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The screen's own path, or one under it it redirects to (/settings → /settings/preferences).
  await page.waitForURL((url) => url.pathname.startsWith(path));
  // A path under the last one matches at once: give the router its turn to draw the new screen.
  await page.waitForTimeout(100);
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root'))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => undefined);
}
