import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import {
  CALL_LAUNCH_OPTIONS,
  closeOtherContexts,
  expectRemoteVideosPlaying,
  joinCall,
  visitNow,
} from './video-call';

/**
 * More than two people (issue 18): the physician invites an interpreter from the call, the
 * interpreter opens the e-mailed link, is let in, and the three of them see each other; the
 * physician removes the interpreter, whose page says so.
 */

test.use({ launchOptions: CALL_LAUNCH_OPTIONS });
test.afterEach(closeOtherContexts);

type Viewport = { width: number; height: number };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function browserPage(browser: Browser, language: string, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'], viewport });
  if (language !== 'en-US') await context.addInitScript((code) => localStorage.setItem('opencare.language', code), language);
  return context.newPage();
}

async function inCall(browser: Browser, username: string, code: string, language: string, viewport: Viewport, letInBy?: Page) {
  const page = await browserPage(browser, language, viewport);
  await logIn(page, username, DEMO_PASSWORD);
  await page.goto(`/telehealth-visit/${code}`);
  await joinCall(page, letInBy);
  return page;
}

/** The guest link mailed to `email`, read from the dev outbox. */
async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
  let key = '';
  await expect
    .poll(async () => {
      const outbox = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      const text = ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
      key = /telehealth-invitations\?key=([\w-]+)/.exec(text)?.[1] ?? '';
      return key;
    })
    .not.toBe('');
  return `/telehealth-invitations?key=${key}`;
}

/** The physician invites an interpreter from the call; the interpreter joins by the link and is let in. */
/** The interpreter's tile on `page`: her name, and her role in a badge of its own (it never gives way to a long name). */
const interpreterTile = (page: Page, role: string) =>
  page
    .getByTestId('remote-stream')
    .filter({ has: page.getByTestId('tile-name').filter({ hasText: 'Amira Haddad' }) })
    .filter({ has: page.getByTestId('tile-role').filter({ hasText: role }) });

async function inviteInterpreter(browser: Browser, request: APIRequestContext, physician: Page, language: string, viewport: Viewport) {
  const email = `interpreter.${Date.now()}@example.org`;
  await physician.getByTestId('invite-guest').click();
  const dialog = physician.getByRole('dialog');
  await dialog.getByTestId('send-guest-invitation').click();
  // Nothing filled in: each field says what it needs, and nothing is sent.
  await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(dialog.getByTestId('guest-role')).toContainText(language === 'ar' ? 'اختر من هو هذا الشخص.' : 'Choose who this person is.');
  await dialog.getByTestId('guest-name').fill('Amira Haddad');
  await dialog.getByTestId('guest-email').fill(email);
  await dialog.getByTestId('guest-role').getByRole('radio').first().check();
  await dialog.getByTestId('send-guest-invitation').click();
  const link = dialog.getByTestId('guest-link').first();
  await expect(link).toHaveAttribute('data-status', 'invited');
  await expect(link).toContainText(language === 'ar' ? 'Amira Haddad · مترجم' : 'Amira Haddad · Interpreter');
  await physician.keyboard.press('Escape');

  const guest = await browserPage(browser, language, viewport);
  await guest.goto(await mailedLink(request, email));
  await expect(guest.getByTestId('invitation-view')).toContainText('Amira Haddad');
  await joinCall(guest, physician);
  return guest;
}

test('the physician invites an interpreter, all three see each other, and the physician removes the interpreter (en, desktop)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const visit = await visitNow(request);
  const physician = await inCall(browser, 'physician', visit.code, 'en-US', DESKTOP);
  const patient = await inCall(browser, 'patient', visit.code, 'en-US', DESKTOP, physician);
  // The patient cannot invite anyone.
  await expect(patient.getByTestId('call-view')).toBeVisible();
  await expect(patient.getByTestId('invite-guest')).toHaveCount(0);

  const interpreter = await inviteInterpreter(browser, request, physician, 'en-US', DESKTOP);
  await Promise.all(
    [physician, patient, interpreter].map(async (page) => {
      await expect(page.getByTestId('call-view')).toContainText('In the visit: 3');
      await expectRemoteVideosPlaying(page, 2);
    }),
  );
  // Everyone reads who the guest is; only the physician may remove them.
  await expect(interpreterTile(physician, 'Interpreter')).toBeVisible();
  await expect(interpreterTile(patient, 'Interpreter')).toBeVisible();
  await expect(interpreter.getByTestId('local-stream').getByTestId('tile-name')).toHaveText('Amira Haddad (you)');
  await expect(interpreter.getByTestId('local-stream').getByTestId('tile-role')).toHaveText('Interpreter');
  await expect(patient.getByTestId('guest-tile-menu')).toHaveCount(0);
  await expect(interpreter.getByTestId('guest-tile-menu')).toHaveCount(0);

  await physician.getByTestId('guest-tile-menu').click();
  await physician.getByTestId('remove-from-visit').click();
  const confirm = physician.getByRole('dialog');
  await expect(confirm).toContainText('Amira Haddad leaves the call at once');
  await confirm.getByRole('button', { name: 'Remove' }).click();

  await expect(interpreter.getByTestId('call-removed')).toHaveText(/You were removed from this visit by the clinician/);
  await expect(interpreter.getByTestId('join-visit')).toHaveCount(0);
  for (const page of [physician, patient]) {
    await expect(page.getByTestId('call-view')).toContainText('In the visit: 2');
    await expect(page.locator('[data-testid="remote-stream"]')).toHaveCount(1);
  }
  await physician.getByTestId('invite-guest').click();
  await expect(physician.getByRole('dialog').getByTestId('guest-link').first()).toHaveAttribute('data-status', 'revoked');
});

test('an interpreter joins a call of three in Arabic on phones', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const visit = await visitNow(request);
  const physician = await inCall(browser, 'physician', visit.code, 'ar', PHONE);
  const patient = await inCall(browser, 'patient', visit.code, 'ar', PHONE, physician);
  const interpreter = await inviteInterpreter(browser, request, physician, 'ar', PHONE);
  await Promise.all([physician, patient, interpreter].map((page) => expectRemoteVideosPlaying(page, 2)));
  for (const page of [physician, patient, interpreter]) {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // On a phone all three tiles are on screen, and the controls stay in reach.
    for (const tile of await page.locator('[data-testid="remote-stream"], [data-testid="local-stream"]').all()) {
      await tile.scrollIntoViewIfNeeded();
      await expect(tile).toBeInViewport();
    }
    await expect(page.getByTestId('leave-visit')).toBeInViewport();
  }
  await expect(interpreterTile(patient, 'مترجم')).toBeVisible();
});
