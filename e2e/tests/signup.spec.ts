import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn, submitLogin } from './login-helpers';

const adultBirthDate = `${new Date().getUTCFullYear() - 40}-03-14`;

test('a person signs up, follows the link from the dev outbox, completes, is approved by a nurse and logs in', async ({ page, request, browser }) => {
  // Two people sign in and the sign-up runs through four screens: more than one screen's budget.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const username = `rosa${stamp}`;
  const email = `rosa.${stamp}@example.org`;
  const password = 'Str0ng!pass';

  await page.goto('/signup');
  // No activation code yet: start a new sign-up.
  await page.getByRole('button', { name: "I don't have a code" }).click();

  await page.getByRole('radio', { name: /Patient/ }).check();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await expect(page.getByText('This username is free.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Type the password again' }).fill(password);
  await page.getByRole('textbox', { name: 'First name' }).fill('Rosa');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Delgado');
  await page.getByLabel('Date of birth').fill(adultBirthDate);
  await page.getByLabel('Gender').selectOption('f');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Type the e-mail again' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('+1 555 123 4567');
  await page.getByRole('textbox', { name: 'Type the phone number again' }).fill('+1 555 123 4567');
  await page.getByRole('button', { name: 'Next' }).click();

  // Account preferences, then the terms.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText(email)).toBeVisible();

  // The dev outbox holds the verification mail; open its link as the person would.
  const outbox = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = ((await outbox.json()) as { data: { text: string }[] }).data[0];
  const link = /https?:\/\/\S+\/signup\/verify\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);

  // The clinic approves patients who sign up themselves (the default): the person is told so, and
  // signing in says it again until a nurse approves them.
  await expect(page.getByRole('heading', { name: 'Thank you for signing up' })).toBeVisible();
  await expect(page.getByTestId('signup-ready')).toContainText('once a member of staff has approved your account');
  await submitLogin(page, username, password);
  await expect(page.getByText('you can log in once a member of staff has approved your account')).toBeVisible();

  const nurse = await browser.newPage();
  await logIn(nurse, 'nurse', DEMO_PASSWORD);
  await nurse.goto('/patients');
  const waiting = nurse.getByTestId('awaiting-patient').filter({ hasText: email });
  await expect(waiting).toContainText('Rosa Delgado');
  await waiting.getByTestId('approve-patient').click();
  await expect(waiting).toHaveCount(0);
  await expect(nurse.getByText('Rosa Delgado approved: on the patient list now.')).toBeVisible();
  await nurse.close();

  await logIn(page, username, password);
  await expect(page.getByTestId('user-full-name')).toHaveText('Rosa Delgado');
});

test('the sign-up form explains each rule it breaks', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: "I don't have a code" }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill('physician');
  await expect(page.getByText('This username is not available.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Type the password again' }).fill('other');
  await page.getByLabel('Date of birth').fill(`${new Date().getUTCFullYear() - 10}-01-01`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Password must be at least 8 characters.').first()).toBeVisible();
  await expect(page.getByText('Password fields must match.')).toBeVisible();
  await expect(page.getByText('You must be at least 18 years old.')).toBeVisible();
});
