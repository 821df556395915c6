import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { seriousViolations } from './axe';
import { openInApp } from './in-app';
import { logIn } from './login-helpers';

/**
 * Every screen of every role, in both directions, scanned by axe with all its rules (issue 17,
 * part 7). The screens are found as a person finds them: from the navigation menu and the links on
 * the screens it opens, one screen per path shape (one patient's chart stands for all of them).
 */

const ROLES = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'caregiver'] as const;
const MAX_SCREENS = 40;
/** Not screens to scan: a live call needs its own set-up, leaving signs out. */
const SKIP = [/^\/telehealth-visit\//, /^\/login/, /^\/logout/];
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b\d+\b/gi;

/** The app's own paths linked from the screen (navigation and content), without query or hash. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.split(/[?#]/)[0]!).filter((path) => path && !SKIP.some((rule) => rule.test(path))))];
}

// The caregiver's walk (the shortest) runs in the `screens` lane, the others in `walk`: it evens
// out the lanes' times (playwright.config.ts).
const laneOf = (role: string) => ({ tag: role === 'caregiver' ? '@screens-lane' : '@walk-lane' });

for (const language of ['en-US', 'ar'] as const) {
  for (const role of ROLES) {
    test(`every ${role} screen has no serious or critical axe finding (${language})`, laneOf(role), async ({ page }) => {
      // Every screen of the role, each scanned by axe: 1.6 min alone, over 4 min once beside the video calls.
      test.setTimeout(360_000);
      await page.addInitScript((lng) => window.localStorage.setItem('opencare.language', lng), language);
      await logIn(page, role, DEMO_PASSWORD);
      // The pointer rests off the content (it clicked "Sign in" in the middle): screens are judged
      // as they stand, not with a table row under the pointer highlighted.
      await page.mouse.move(0, 0);
      const queue = ['/'];
      const seenShapes = new Set<string>();
      const findings: Record<string, unknown> = {};
      let scanned = 0;
      while (queue.length > 0 && scanned < MAX_SCREENS) {
        const path = queue.shift()!;
        const shape = path.replace(ID, ':id');
        if (seenShapes.has(shape)) continue;
        seenShapes.add(shape);
        await openInApp(page, path);
        scanned += 1;
        const found = await seriousViolations(page, {}, 3);
        if (found.length > 0) findings[path] = found;
        for (const next of await linksOn(page)) if (!seenShapes.has(next.replace(ID, ':id'))) queue.push(next);
      }
      expect(findings).toEqual({});
      // The walk reached the role's screens, not only home.
      expect(scanned).toBeGreaterThan(3);
    });
  }
}
