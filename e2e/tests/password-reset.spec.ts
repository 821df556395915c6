import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs } from './api-as';
import { submitLogin } from './login-helpers';

/** Forgot password → mail → new password → log in, in the browser, in English and in Arabic (issue 15). */

/** The reset link's path of the newest mail to `email` in the dev outbox (the e2e edge sets DEV_OUTBOX). */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const outbox = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const text = ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
  const path = /\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  expect(path, 'a password-reset mail in the outbox').toBeTruthy();
  return path!;
}

const TEXT = {
  'en-US': {
    forgot: 'Forgot password?',
    requestHeading: 'Reset your password',
    sentHeading: 'Check your e-mail',
    resetHeading: 'Choose a new password',
    doneHeading: 'Password changed',
    logIn: 'Log in',
    used: 'This password-reset link is not valid or has already been used. Please ask for a new one.',
  },
  ar: {
    forgot: 'هل نسيت كلمة المرور؟',
    requestHeading: 'إعادة تعيين كلمة المرور',
    sentHeading: 'تحقق من بريدك الإلكتروني',
    resetHeading: 'اختر كلمة مرور جديدة',
    doneHeading: 'تم تغيير كلمة المرور',
    logIn: 'تسجيل الدخول',
    used: 'رابط إعادة تعيين كلمة المرور هذا غير صالح أو سبق استخدامه. يُرجى طلب رابط جديد.',
  },
} as const;

for (const language of ['en-US', 'ar'] as const) {
  test(`a person who forgot their password resets it from the e-mail and logs in (${language})`, async ({ page, request }) => {
    // Five argon2 hashes and two sign-ins on a shared machine: more than the default half minute.
    test.setTimeout(90_000);
    const text = TEXT[language];
    // A user of the spec's own, so the demo users' passwords stay as other specs expect them; a
    // nurse, so the demo organisation keeps the three patients other specs count.
    const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `reset${n}@e2e.opencare.test`;
    const admin = await apiAs(request, 'admin');
    await admin.post('/users', {
      username: `reset${n}`,
      email,
      password: 'Old!passw0rd',
      role: 'Nurse',
      accountType: 'prov',
      profile: { firstName: 'Rana', lastName: 'Salem' },
    });

    await page.goto('/login');
    if (language === 'ar') {
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    await page.getByRole('link', { name: text.forgot }).click();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByRole('heading', { name: text.requestHeading })).toBeVisible();
    await page.locator('input[name="login"]').fill(email);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: text.sentHeading })).toBeVisible();
    await expect(page.getByTestId('reset-requested')).toBeVisible();

    await page.goto(await resetLinkFor(request, email));
    await expect(page.getByRole('heading', { name: text.resetHeading })).toBeVisible();
    // The retype must match before anything is sent.
    await page.locator('input[name="password"]').fill('N3w!passw0rd');
    await page.locator('input[name="passwordConfirmation"]').fill('N3w!passw0rd-typo');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('input[name="passwordConfirmation"]')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('input[name="passwordConfirmation"]').fill('N3w!passw0rd');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: text.doneHeading })).toBeVisible();
    await expect(page.getByTestId('password-reset-done')).toBeVisible();

    // The link worked once.
    const link = page.url();
    await page.reload();
    await page.locator('input[name="password"]').fill('An0ther!pass');
    await page.locator('input[name="passwordConfirmation"]').fill('An0ther!pass');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByTestId('password-reset-error')).toHaveText(text.used);
    expect(page.url()).toBe(link);

    // The old password no longer opens the account; the new one does.
    await submitLogin(page, email, 'Old!passw0rd');
    await expect(page.getByTestId('login-error')).toBeVisible();
    await submitLogin(page, email, 'N3w!passw0rd');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('user-full-name')).toHaveText('Rana Salem');
  });
}
