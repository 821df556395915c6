import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * The demo admin's authenticator: the secret the demo prints beside the demo logins, and codes from
 * an independent TOTP implementation (the `otpauth` package), as a phone's app would show them.
 */
export const DEMO_TOTP_SECRET = 'OPENCAREDEMOSECRETFORADMIN234567';
export const authenticator = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
const demoApp = authenticator(DEMO_TOTP_SECRET);
const STEP_MS = 30_000;

/**
 * The server takes each 30-second step once (a code cannot be replayed), so sign-ins of one user in
 * quick succession take successive steps: the current one, then the next (it accepts one step
 * ahead), then they wait for the clock. Counted per worker; a step another worker spent is refused
 * and the caller tries the next one.
 */
let lastStep = 0;
async function nextDemoCode(): Promise<string> {
  const now = Date.now();
  const current = Math.floor(now / STEP_MS);
  const step = Math.max(current, lastStep + 1);
  if (step > current + 1) {
    const waitMs = (step - 1) * STEP_MS - now + 200;
    // The wait is the clock's, not the page's: give the test that much more time.
    test.info().setTimeout(test.info().timeout + waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
  lastStep = step;
  return demoApp.generate({ timestamp: step * STEP_MS });
}
/** A step was refused (spent elsewhere): the next try takes a later one. */
function skipStep(): void {
  lastStep = Math.max(lastStep, Math.floor(Date.now() / STEP_MS) + 1);
}

/**
 * After the password: if the page asks for the two-factor code (the demo admin), type one as a person
 * reading the app would; otherwise nothing. Resolves once the home page or a login error shows.
 */
export async function answerTwoFactorIfAsked(page: Page): Promise<void> {
  const code = page.locator('input[name="code"]');
  // A sign-in hashes the password on purpose, and a first visit downloads the home screen.
  await expect(page.locator('[data-testid="user-full-name"], input[name="code"], [data-testid="login-error"]').first()).toBeVisible({ timeout: 20_000 });
  if (!(await code.isVisible())) return;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await code.fill(await nextDemoCode());
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('[data-testid="user-full-name"], [data-testid="two-factor-error"]').first()).toBeVisible();
    if (!(await page.getByTestId('two-factor-error').isVisible())) return;
    skipStep();
  }
}

/** Sign in over the REST API, answering the demo admin's second step; the access token and the user. */
export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const login = await request.post('/api/v1/auth/login', { data: { username, password } });
    expect(login.ok(), await login.text()).toBe(true);
    const body = (await login.json()) as { data: { twoFactor?: { challengeToken: string } } };
    const challenge = body.data.twoFactor;
    if (!challenge) return { token: login.headers()['x-access-token'] ?? '', body: body as { data: unknown } };
    const answer = await request.post('/api/v1/auth/login/two-factor', { data: { challengeToken: challenge.challengeToken, code: await nextDemoCode() } });
    if (answer.ok()) return { token: answer.headers()['x-access-token'] ?? '', body: (await answer.json()) as { data: unknown } };
    skipStep();
  }
  throw new Error(`login ${username}: the two-factor step was refused four times`);
}
