import { expect, type Page } from '@playwright/test';

/**
 * The page does not scroll sideways (phone widths, right to left). Polled: a screen whose code or
 * data is still arriving may be wider for a moment; one that stays wider fails.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}
