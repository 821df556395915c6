import { expect, test } from '@playwright/test';
import { answerTwoFactorIfAsked } from './authenticator';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';
import { logIn, submitLogin } from './login-helpers';

test.describe('login', () => {
  for (const user of DEMO_USERS) {
    test(`${user.username} logs in and sees who is logged in`, async ({ page }) => {
      await submitLogin(page, user.username, DEMO_PASSWORD);
      // The demo admin is asked for a code after the password; the others are not.
      await answerTwoFactorIfAsked(page);

      await expect(page).toHaveURL('/');
      // Home welcomes them by name; the header's account menu names them, their account and role.
      await expect(page.getByTestId('user-full-name')).toHaveText(user.fullName);
      const menu = page.getByTestId('account-menu');
      await expect(menu).toContainText(user.fullName);
      await expect(menu.getByTestId('user-role')).toHaveText(user.role);
      if (user.accountLabel) await expect(menu.getByTestId('account-label')).toHaveText(user.accountLabel);
      // The emergency disclaimer is for patients and caregivers, not for staff on every screen.
      if (['patient', 'user'].includes(user.role)) {
        await expect(page.getByTestId('disclaimer')).toHaveText(
          'Do not use this app to send urgent messages. In a life-threatening emergency, call 911.',
        );
      } else {
        await expect(page.getByTestId('disclaimer')).toHaveCount(0);
      }
    });
  }

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await submitLogin(page, 'physician', 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    await expect(page).toHaveURL('/login');
    await expect(page.getByTestId('user-full-name')).toHaveCount(0);
  });

  test('empty fields are refused before anything is sent', async ({ page }) => {
    await page.goto('/login');
    let loginCalls = 0;
    page.on('request', (request) => {
      // The sign-in is the tRPC procedure auth.login (alone or in a batch).
      if (/^\/trpc\/(.*,)?auth\.login(,|$)/.test(new URL(request.url()).pathname)) loginCalls += 1;
    });
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page.getByText('This field is required.')).toHaveCount(2);
    expect(loginCalls).toBe(0);
  });

  test('logout returns to /login and ends the session', async ({ page }) => {
    await logIn(page, 'nurse', DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Quit' }).click();

    await expect(page).toHaveURL('/login');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('a reload keeps the session', async ({ page }) => {
    await logIn(page, 'patient2', DEMO_PASSWORD);
    await page.reload();

    await expect(page.getByTestId('user-full-name')).toHaveText('Layla Haddad');
    await expect(page.getByTestId('user-role')).toHaveText('patient');
  });

  test('an expired access token is refreshed once from the cookie', async ({ page }) => {
    await logIn(page, 'assistant', DEMO_PASSWORD);
    // A token the server cannot verify answers 401; the refresh cookie must get the session back.
    await page.evaluate(() => sessionStorage.setItem('opencare.accessToken', 'expired.token.value'));
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/trpc/auth.refresh') && r.status() === 200,
    );
    await page.reload();

    await refreshed;
    await expect(page.getByTestId('user-full-name')).toHaveText('Ana Silva');
  });

  test('an unauthenticated visit to / goes to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('a logged-in visit to /login goes home', async ({ page }) => {
    await logIn(page, 'admin', DEMO_PASSWORD);
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('language', () => {
  test('Arabic turns the page right-to-left and is remembered', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('a failed login is explained in the chosen language', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('textbox', { name: 'Nombre de usuario', exact: true }).fill('patient');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await expect(page.getByRole('alert')).toHaveText('Nombre de usuario o contraseña no válidos.');
  });
});
