import { expect, test } from '@playwright/test';
import { apiAs } from './api-as';
import { seriousViolations, WCAG_21_AA } from './axe';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * Enrolment in remote monitoring with consent (issue 19, part 1) against a real edge: a nurse
 * enrols the demo patient Layla, who signs her consent in the app; a physician enrols with verbal
 * consent in Arabic; the patient reads the programme and withdraws.
 */

/** No open episode for the patient, whatever an earlier run left (the patient withdraws it). */
async function noOpenEpisode(request: Parameters<typeof apiAs>[0], username: string) {
  const patient = await apiAs(request, username);
  const episodes = await patient.get<{ id: string; status: string }[]>(`/patients/${patient.accountId}/enrolments`);
  for (const open of episodes.filter((e) => e.status !== 'ended')) await patient.post(`/enrolments/${open.id}/withdraw`, {});
  return patient.accountId;
}

test('a nurse enrols a patient who signs her consent in the app, records the set-up; the patient can withdraw', async ({ page, request, browser }) => {
  const layla = await noOpenEpisode(request, 'patient2');
  await logIn(page, 'nurse', DEMO_PASSWORD);
  await page.goto(`/patients/${layla}`);
  const card = page.getByTestId('enrolment-card');
  await card.getByTestId('enrol-patient').click();
  const form = page.getByTestId('enrol-form');
  const conditions = form.getByLabel('Conditions');
  await conditions.fill('Type 2 diabetes');
  await conditions.press('Enter');
  await form.getByText('Blood sugar').click();
  await form.getByLabel('Devices').fill('Contour Next One');
  await form.getByLabel('Devices').press('Enter');
  await form.getByLabel('Primary provider').click();
  await page.getByRole('option', { name: /Priya Raman/ }).click();
  await form.getByLabel('Signed by the patient in the app').check();
  await form.getByRole('button', { name: 'Enrol' }).click();
  await expect(form).toBeHidden();
  await expect(card.getByTestId('enrolment')).toHaveAttribute('data-status', 'awaitingConsent');
  await expect(card.getByTestId('enrolment-consent')).toHaveText('Waiting for the patient to sign their consent in the app.');

  // Layla reads the invitation on her home and agrees.
  const patient = await browser.newPage();
  await logIn(patient, 'patient2', DEMO_PASSWORD);
  const consent = patient.getByTestId('monitoring-consent');
  await expect(consent).toContainText('Your clinic invites you to remote monitoring');
  await expect(consent).toContainText('Type 2 diabetes');
  await consent.getByTestId('give-consent').click();
  await expect(consent).toContainText('You take part in remote monitoring');
  await expect(consent.getByTestId('enrolment-consent')).toContainText('Consent signed in the app');

  // The nurse sees it on the chart and records the set-up and education, once.
  await page.reload();
  await expect(card.getByTestId('enrolment')).toHaveAttribute('data-status', 'active');
  await card.getByTestId('record-setup').click();
  await expect(card.getByTestId('enrolment-setup')).toContainText('recorded');
  await expect(card.getByTestId('record-setup')).toHaveCount(0);

  // Layla withdraws, after confirming.
  await consent.getByTestId('withdraw-consent').click();
  await patient.getByRole('dialog').getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(consent).toHaveCount(0);
  await page.reload();
  await expect(card.getByText('No open episode: the last one has ended.')).toBeVisible();
  await patient.close();
});

test('a physician enrols with verbal consent and its witness, in Arabic', async ({ page, request }) => {
  const layla = await noOpenEpisode(request, 'patient2');
  await logIn(page, 'physician', DEMO_PASSWORD);
  await page.getByTestId('language-switch').first().selectOption('ar');
  await page.goto(`/patients/${layla}`);
  const card = page.getByTestId('enrolment-card');
  await card.getByTestId('enrol-patient').click();
  const form = page.getByTestId('enrol-form');
  await form.getByLabel('الحالات').fill('ارتفاع ضغط الدم');
  await form.getByLabel('الحالات').press('Enter');
  await form.getByText('ضغط الدم', { exact: true }).click();
  await form.getByLabel('مقدّم الرعاية الرئيسي').click();
  await page.getByRole('option', { name: /Noah Bennett/ }).click();
  await form.getByLabel('الشاهد').fill('دانة ريس (ابنتها)');
  expect(await seriousViolations(page, { include: '[data-testid="enrol-form"]', tags: WCAG_21_AA })).toEqual([]);
  await form.getByRole('button', { name: 'تسجيل' }).click();
  await expect(form).toBeHidden();
  await expect(card.getByTestId('enrolment')).toHaveAttribute('data-status', 'active');
  await expect(card.getByTestId('enrolment-consent')).toContainText('دانة ريس (ابنتها)');
  // Leave the demo as it was: Layla ends this episode herself.
  await noOpenEpisode(request, 'patient2');
});
