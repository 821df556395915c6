import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, apiSignIn } from './api-as';
import { seriousViolations, WCAG_21_AA } from './axe';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * Caregivers (issue 19, part 4) against a real edge: the demo patient Layla invites the demo
 * caregiver, who accepts, records a reading for her and loses access the moment she revokes it;
 * the demo caregiver's care of Pat, in Arabic.
 */

const CAREGIVER_EMAIL = 'caregiver@demo.opencare.test';

/** Layla has no open invitation or link to the demo caregiver, whatever an earlier run left. */
async function noCaregiverFor(request: APIRequestContext, username: string) {
  const patient = await apiAs(request, username);
  const links = await patient.get<{ id: string; email: string; status: string }[]>('/caregivers');
  for (const open of links.filter((l) => l.email === CAREGIVER_EMAIL && (l.status === 'invited' || l.status === 'active'))) {
    await patient.post(`/caregivers/${open.id}/revoke`, {});
  }
  return patient.accountId;
}

test('a caregiver invited by the patient records a reading for her, and loses access when she revokes it', async ({ page, request, browser }) => {
  // Three people sign in and act in turn (about 25 page loads): on the loaded CI machine it took
  // just over the default minute, each step 1.5–7 s.
  test.setTimeout(120_000);
  const layla = await noCaregiverFor(request, 'patient2');

  // Layla invites the caregiver: see her readings and record them.
  await logIn(page, 'patient2', DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Caregivers' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Caregivers' })).toBeVisible();
  const invite = page.getByTestId('invite-caregiver-form');
  await invite.getByLabel('Their e-mail address').fill(CAREGIVER_EMAIL);
  await invite.getByLabel('Record readings for me').check();
  await invite.getByTestId('send-caregiver-invitation').click();
  const item = page.getByTestId('my-caregivers').getByTestId('caregiver-item').first();
  await expect(item).toHaveAttribute('data-status', 'invited');
  await expect(item).toContainText('See my readings and daily tasks · Record readings for me');

  // The caregiver finds the invitation on their home and accepts; Layla joins Pat among their people.
  const caregiver = await browser.newPage();
  await logIn(caregiver, 'caregiver', DEMO_PASSWORD);
  const invitation = caregiver.getByTestId('caregiver-invitation');
  await expect(invitation).toContainText('Layla Haddad invites you to be their caregiver.');
  await invitation.getByTestId('accept-caregiving').click();
  const people = caregiver.getByTestId('cared-for');
  await expect(people.getByTestId('cared-for-person')).toHaveText([/Pat Morgan/, /Layla Haddad/]);
  await caregiver.getByRole('link', { name: 'Caring for Layla Haddad' }).click();
  await expect(caregiver.getByRole('heading', { level: 1, name: 'Caring for Layla Haddad' })).toBeVisible();
  // Only what Layla allowed: no appointments or messages here.
  await expect(caregiver.getByRole('heading', { name: 'Upcoming appointments' })).toHaveCount(0);
  await expect(caregiver.getByTestId('caregiver-message-form')).toHaveCount(0);

  // A reading for Layla: saved, in her history, and on her chart as the caregiver's.
  await caregiver.getByTestId('measurement-type').getByText('Blood pressure', { exact: true }).click();
  await caregiver.getByRole('textbox', { name: /^Systolic/ }).fill('128');
  await caregiver.getByRole('textbox', { name: /^Diastolic/ }).fill('82');
  await caregiver.getByRole('textbox', { name: /^Pulse/ }).fill('71');
  await caregiver.getByTestId('send-measurement').click();
  await expect(caregiver.getByTestId('measurement-saved')).toContainText('Measurement saved.');
  await expect(caregiver.getByTestId('history-item').first().getByTestId('history-value').first()).toHaveText('128/82 mmHg');

  const nurse = await browser.newPage();
  await logIn(nurse, 'nurse', DEMO_PASSWORD);
  await nurse.goto(`/patients/${layla}`);
  const recorded = nurse.getByTestId('timeline-item').filter({ has: nurse.getByTestId('timeline-by-caregiver') }).first();
  await expect(recorded).toContainText('128/82');
  await expect(recorded.getByTestId('timeline-by-caregiver')).toHaveText('Recorded by Casey Jordan, caregiver, on the patient’s behalf');
  await nurse.close();

  // Layla ends the access, after confirming.
  await page.reload();
  const active = page.getByTestId('my-caregivers').getByTestId('caregiver-item').first();
  await expect(active).toHaveAttribute('data-status', 'active');
  await active.getByTestId('revoke-caregiver').click();
  await page.getByRole('dialog').getByRole('button', { name: 'End access' }).click();
  await expect(page.getByTestId('past-caregivers').getByTestId('caregiver-item').first()).toHaveAttribute('data-status', 'revoked');

  // At once: the caregiver's screen says so, and the server refuses a reading (nothing stored).
  await caregiver.reload();
  await expect(caregiver.getByText('You no longer care for this person')).toBeVisible();
  const { token } = await apiSignIn(request, 'caregiver');
  const refused = await request.post('/api/v1/measurements', {
    headers: { authorization: `Bearer ${token}` },
    data: { patientId: layla, type: 'bp', values: { systolic: 129, diastolic: 83, pulse: 70 } },
  });
  expect(refused.status()).toBe(403);
  const history = await (await apiAs(request, 'patient2')).get<{ values: { systolic?: number } }[]>(`/measurements?patient=${layla}&pageSize=5`);
  expect(history.map((m) => m.values.systolic)).not.toContain(129);
  await caregiver.close();
});

test('the demo caregiver cares for Pat, and Pat sees it, in Arabic', async ({ page, browser }) => {
  await logIn(page, 'caregiver', DEMO_PASSWORD);
  await page.getByTestId('language-switch').first().selectOption('ar');
  await page.getByRole('link', { name: 'رعاية Pat Morgan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'رعاية Pat Morgan' })).toBeVisible();
  await expect(page.getByTestId('caregiver-message-form')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'المواعيد القادمة' })).toBeVisible();
  expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);

  const pat = await browser.newPage();
  await logIn(pat, 'patient', DEMO_PASSWORD);
  await pat.getByTestId('language-switch').first().selectOption('ar');
  await pat.goto('/caregivers');
  await expect(pat.getByRole('heading', { level: 1, name: 'مقدّمو الرعاية' })).toBeVisible();
  const casey = pat.getByTestId('my-caregivers').getByTestId('caregiver-item').filter({ hasText: 'Casey Jordan' });
  await expect(casey).toHaveAttribute('data-status', 'active');
  expect(await seriousViolations(pat, { tags: WCAG_21_AA })).toEqual([]);
  await pat.close();
});
