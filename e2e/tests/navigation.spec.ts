import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { openInApp } from './in-app';
import { logIn } from './login-helpers';

const FORBIDDEN = 'Sorry, you do not have permission to access this page.';

interface RoleRoutes {
  username: string;
  allowed: string[];
  refused: string[];
}

/** Route access of spec §2 per demo role: patient-only, physician-or-nurse, admin-only, any login. */
const ROUTES: RoleRoutes[] = [
  {
    username: 'patient',
    allowed: ['/', '/appointments', '/settings/preferences', '/gateways', '/gateways/setup', '/help', '/measurements'],
    refused: ['/patients', '/mail', '/incomplete-visits', '/analytics', '/monitoring-report', '/dashboard', '/create-profile'],
  },
  {
    username: 'physician',
    allowed: ['/', '/appointments', '/mail', '/patients', '/incomplete-visits', '/analytics', '/monitoring-report', '/settings/account/profile'],
    refused: ['/measurements', '/gateways', '/help', '/dashboard'],
  },
  {
    username: 'nurse',
    allowed: ['/', '/mail', '/patients', '/incomplete-visits', '/analytics'],
    refused: ['/measurements', '/dashboard/user-management'],
  },
  {
    username: 'assistant',
    allowed: ['/', '/appointments', '/settings/preferences'],
    refused: ['/patients', '/mail', '/measurements', '/dashboard', '/monitoring-report'],
  },
  {
    username: 'admin',
    allowed: ['/', '/dashboard', '/dashboard/user-management', '/dashboard/vendor', '/dashboard/device-management', '/create-profile', '/monitoring-report'],
    refused: ['/patients', '/measurements', '/gateways'],
  },
  {
    username: 'caregiver',
    allowed: ['/', '/appointments', '/settings/preferences'],
    refused: ['/patients', '/measurements', '/dashboard'],
  },
];

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

for (const role of ROUTES) {
  test(`${role.username} reaches their screens and is stopped by every other guard`, async ({ page }) => {
    // Within the signed-in app, as links go: a reload per screen would cost a sign-in refresh each.
    // Opening a guarded address directly is the signed-out test's and the forbidden page's below.
    await logIn(page, role.username, DEMO_PASSWORD);
    for (const path of role.allowed) {
      await openInApp(page, path);
      await expect(page.getByText(FORBIDDEN), `${role.username} at ${path}`).toHaveCount(0);
      await expect(page).not.toHaveURL(/\/login/);
    }
    for (const path of role.refused) {
      await openInApp(page, path);
      await expect(page.getByText(FORBIDDEN), `${role.username} at ${path}`).toBeVisible();
    }
  });
}

test('a patient sees the forbidden page at /patients', async ({ page }) => {
  await logIn(page, 'patient', DEMO_PASSWORD);
  await visit(page, '/patients');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('a patient id that is not a UUID goes back to the find-patient list', async ({ page }) => {
  await logIn(page, 'physician', DEMO_PASSWORD);
  await visit(page, '/patients/not-a-uuid');
  await expect(page).toHaveURL(/\/patients$/);
});

test('signed-out visitors are sent to log in; token-less verify links and the bare visit route go home', async ({ page }) => {
  for (const path of ['/appointments', '/settings/preferences', '/dashboard', '/patients']) {
    await visit(page, path);
    await expect(page, path).toHaveURL(/\/login/);
  }
  await visit(page, '/signup/verify');
  await expect(page).not.toHaveURL(/\/signup\/verify/);
  await visit(page, '/invitations/verify');
  await expect(page).not.toHaveURL(/\/invitations\/verify/);
  await logIn(page, 'patient', DEMO_PASSWORD);
  await visit(page, '/telehealth-visit');
  await expect(page).toHaveURL(/\/$/);
});

test('scroll goes back to the top on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 400 });
  await logIn(page, 'patient', DEMO_PASSWORD);
  await visit(page, '/help');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/appointments');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the account menu opens from the header with the keyboard and the pointer, and switches account', async ({ page }) => {
  await logIn(page, 'caregiver', DEMO_PASSWORD);
  const button = page.getByRole('button', { name: 'Account menu' });
  // Keyboard: the first press opens the menu (its code arrives on demand), Escape closes it and
  // gives the focus back to the button.
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Quit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // Pointer: the caregiver's second account is offered; choosing it changes the account shown.
  const before = await button.innerText();
  await button.click();
  const switches = menu.locator('[data-testid^="switch-account-"]');
  await expect(switches).toHaveCount(2);
  await switches.and(page.locator(':not([aria-current="true"])')).click();
  await expect(page.getByText(/^You are now acting as /)).toBeVisible();
  await expect(button).not.toHaveText(before);
});
