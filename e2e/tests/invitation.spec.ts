import { apiSignIn } from './api-as';
import { expect, test } from '@playwright/test';
import { logIn } from './login-helpers';

test('an invited nurse accepts through the e-mailed link and logs in as a nurse', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const email = `joy.${stamp}@example.org`;
  const username = `joy${stamp}`;
  const password = 'Welc0me!now';

  // The admin invites over the API; the invitee does everything else in the browser.
  const adminToken = (await apiSignIn(request, 'admin')).token;
  const invited = await request.post('/api/v1/invitations', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { email, role: 'Nurse', accountType: 'prov' },
  });
  expect(invited.status()).toBe(201);
  const outbox = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const text = ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
  const link = new URL(/https?:\/\/\S+\/invitations\/verify\?token=[\w-]+/.exec(text)![0]);

  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Demo Clinic invited you to OpenCare.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Accept the invitation' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Type the password again' }).fill(password);
  await page.getByRole('textbox', { name: 'First name' }).fill('Joy');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Okafor');
  await page.getByLabel('Date of birth').fill('1988-08-08');
  await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  // The account exists once the page says so; logging in earlier would race its creation.
  await expect(page.getByTestId('invitation-ready')).toContainText(username);

  await logIn(page, username, password);
  await expect(page.getByTestId('user-full-name')).toHaveText('Joy Okafor');
  await expect(page.getByText('nurse', { exact: true }).first()).toBeVisible();
});

test('a made-up invitation link says the invitation is no longer valid', async ({ page }) => {
  await page.goto('/invitations/verify?token=made-up-token');
  await expect(page.getByText('This invitation is no longer valid.')).toBeVisible();
});
