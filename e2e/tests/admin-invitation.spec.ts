import { join } from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { apiSignIn } from './api-as';
import { expect, inLanguage, test } from './admin-page';
import { logIn } from './login-helpers';
import { expectNoHorizontalOverflow } from './layout';

/** The invitation link of the newest e-mail to `email` in the dev outbox. */
async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  const outbox = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const text = ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
  const link = new URL(/https?:\/\/\S+\/invitations\/verify\?token=[\w-]+/.exec(text)![0]);
  return link.pathname + link.search;
}

test('an admin invites a nurse from the console, who accepts and logs in as a nurse', async ({
  adminPage: page,
  browser,
  request,
}) => {
  // Two people, two log-ins and a sign-up in one test.
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const email = `ada.${stamp}@example.org`;
  const username = `ada${stamp}`;
  const password = 'Welc0me!now';

  await page.goto('/dashboard/user-management/invitations');
  await page.getByRole('link', { name: 'Invite someone' }).first().click();
  await expect(page).toHaveURL('/dashboard/user-management/invitations/create');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('combobox', { name: /^Role/ }).selectOption('Nurse');
  await expect(page.getByRole('combobox', { name: /^Account type/ })).toHaveValue('prov');
  await page.getByRole('button', { name: 'Send invitation' }).click();

  await expect(page).toHaveURL(/\/dashboard\/user-management\/invitations\/[0-9a-f-]{36}$/);
  await expect(page.getByText('The invitation is sent.')).toBeVisible();
  const details = page.getByTestId('invitation-details');
  await expect(details.getByText(email)).toBeVisible();
  await expect(details.getByTestId('invitation-status')).toHaveText('Pending');

  // Sent a moment ago: sending again is refused for 5 minutes, and the console says so.
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You can resend only once every 5 minutes.' }),
  ).toBeVisible();

  // The invitee opens the e-mailed link in a browser of their own.
  const link = await invitationLink(request, email);
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByText('Demo Clinic invited you to OpenCare.', { exact: false })).toBeVisible();
  await inviteePage.getByRole('link', { name: 'Accept the invitation' }).click();
  await inviteePage.getByRole('textbox', { name: 'Username' }).fill(username);
  await inviteePage.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await inviteePage.getByRole('textbox', { name: 'Type the password again' }).fill(password);
  await inviteePage.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await inviteePage.getByRole('textbox', { name: 'Last name' }).fill('Mensah');
  await inviteePage.getByLabel('Date of birth').fill('1990-04-12');
  await inviteePage
    .getByRole('checkbox', { name: 'I have read and accept the terms and conditions' })
    .check();
  await inviteePage.getByRole('button', { name: 'Create my account' }).click();
  // The account exists once the page says so; logging in earlier would race its creation.
  await expect(inviteePage.getByTestId('invitation-ready')).toContainText(username);

  await logIn(inviteePage, username, password);
  await expect(inviteePage.getByTestId('user-full-name')).toHaveText('Ada Mensah');
  await expect(inviteePage.getByText('nurse', { exact: true }).first()).toBeVisible();
  await invitee.close();

  // Back in the console, the invitation now shows as accepted.
  await page.reload();
  await expect(page.getByTestId('invitation-details').getByTestId('invitation-status')).toHaveText(
    'Accepted',
  );
});

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;
const LANGUAGES = [
  { code: 'en-US', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;

/** Saved under test-results/screenshots/ for people to look at, and attached to the report. */
async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Nothing may stick out sideways: a horizontal scrollbar on a phone is a broken layout. */

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test(`screenshots of user management: ${language.code} ${viewport.name}`, async ({
      adminPage: page,
      request,
    }, testInfo) => {
      // An invitation to look at, made over the API.
      const adminToken = (await apiSignIn(request, 'admin')).token;
      const invited = await request.post('/api/v1/invitations', {
        headers: { authorization: `Bearer ${adminToken}` },
        data: {
          email: `shot.${language.code}.${viewport.name}.${Date.now().toString(36)}@example.org`,
          role: 'Physician',
          accountType: 'prov',
        },
      });
      const invitationId = ((await invited.json()) as { data: { id: string } }).data.id;

      // The worker's signed-in admin (each sign-in spends a 30-second two-factor step).
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await inLanguage(page, language, async () => {
        for (const [name, path, ready] of [
          ['users', '/dashboard/user-management/users', 'users-table'],
          ['user-view', '/dashboard/user-management/users/nurse', 'user-details'],
          ['user-create', '/dashboard/user-management/create-user', null],
          ['invitations', '/dashboard/user-management/invitations', 'invitations-table'],
          ['invitation-view', `/dashboard/user-management/invitations/${invitationId}`, 'invitation-details'],
          ['invitation-create', '/dashboard/user-management/invitations/create', null],
        ] as const) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
          if (ready) await expect(page.getByTestId(ready)).toBeVisible();
          else await expect(page.locator('form')).toBeVisible();
          await expectNoHorizontalOverflow(page);
          await capture(page, testInfo, `user-management-${name}-${language.code}-${viewport.name}`);
        }
      });
    });
  }
}
