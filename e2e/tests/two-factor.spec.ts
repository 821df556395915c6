import { mkdirSync } from 'node:fs';
import { apiSignIn } from './api-as';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authenticator } from './authenticator';
import { submitLogin } from './login-helpers';

/**
 * Two-factor sign-in in the browser: a staff member enrols from Settings → Security (QR code, the key
 * typed, a first code, recovery codes), signs out and signs in again with a code; a new administrator
 * is given only enrolment at sign-in. Codes come from the `otpauth` package, not from the server's
 * implementation. In English and in Arabic (right to left).
 */
const LANGUAGES = [
  { code: 'en-US', dir: 'ltr', quit: 'Quit' },
  { code: 'ar', dir: 'rtl', quit: 'الخروج' },
] as const;
const SHOTS = process.env.SHOTS_DIR;
const STEP_MS = 30_000;

async function newStaff(request: APIRequestContext, role: 'Nurse' | 'Admin') {
  const { token } = await apiSignIn(request, 'admin');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const username = `tf${role.toLowerCase()}${stamp}`;
  const password = 'Tw0!factor';
  const created = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { username, email: `${username}@example.org`, password, role, accountType: 'prov', profile: { firstName: 'Tess', lastName: 'Factor' } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { username, password };
}

/** Screenshots for review, at desktop and phone sizes, when SHOTS_DIR is set. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [label, width, height] of [['desktop', 1280, 800], ['phone', 375, 812]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The submit button of the form that holds the code field (Settings has the password form too). */
const codeSubmit = (page: Page) => page.locator('form:has(input[name="code"]) button[type="submit"]');

async function chooseLanguage(page: Page, language: string) {
  await page.goto('/login');
  await page.getByTestId('language-switch').selectOption(language);
}

for (const language of LANGUAGES) {
  test(`a staff member enrols in Settings, signs out and signs in with a code (${language.code})`, async ({ page, request }) => {
    test.slow();
    const nurse = await newStaff(request, 'Nurse');
    await chooseLanguage(page, language.code);
    await submitLogin(page, nurse.username, nurse.password);
    await expect(page.getByTestId('user-full-name')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language.dir);

    await page.goto('/settings/account/security');
    await page.getByTestId('two-factor-turn-on').click();
    await expect(page.getByTestId('two-factor-qr')).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shoot(page, `settings-enrol-${language.code}`);

    // A wrong code first: refused with the catalogue's message, nothing turned on.
    const app = authenticator(secret);
    await page.locator('input[name="code"]').fill(app.generate({ timestamp: Date.now() + 5 * STEP_MS }));
    await codeSubmit(page).click();
    await expect(page.getByTestId('two-factor-error')).toBeVisible();

    const enrolledAt = Date.now();
    await page.locator('input[name="code"]').fill(app.generate({ timestamp: enrolledAt }));
    await codeSubmit(page).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await shoot(page, `settings-recovery-codes-${language.code}`);
    await page.getByTestId('two-factor-done').click();
    await expect(page.getByTestId('two-factor-status')).toBeVisible();
    await expect(page.getByTestId('two-factor-turn-on')).toHaveCount(0);
    await shoot(page, `settings-two-factor-on-${language.code}`);

    // Log out from the account menu (Quit).
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: language.quit }).click();
    await expect(page).toHaveURL('/login');

    // The password alone does not sign in: the code step shows.
    await submitLogin(page, nurse.username, nurse.password);
    await expect(page.locator('input[name="code"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
    await shoot(page, `login-code-step-${language.code}`);
    // The enrolment took this step; the next one is already accepted (one step either side).
    await page.locator('input[name="code"]').fill(app.generate({ timestamp: enrolledAt + STEP_MS }));
    await codeSubmit(page).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('user-full-name')).toHaveText('Tess Factor');
  });

  test(`a new administrator gets only enrolment at sign-in, then the home page (${language.code})`, async ({ page, request }) => {
    test.slow();
    const admin = await newStaff(request, 'Admin');
    await chooseLanguage(page, language.code);
    await submitLogin(page, admin.username, admin.password);
    await expect(page.getByTestId('two-factor-qr')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await shoot(page, `login-enrol-${language.code}`);
    // No session exists yet: the home page sends back to sign-in.
    expect(await page.evaluate(() => sessionStorage.getItem('opencare.accessToken'))).toBeNull();

    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    await page.locator('input[name="code"]').fill(authenticator(secret).generate());
    await codeSubmit(page).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await shoot(page, `login-recovery-codes-${language.code}`);
    await page.getByTestId('two-factor-continue').click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('user-full-name')).toHaveText('Tess Factor');
  });
}
