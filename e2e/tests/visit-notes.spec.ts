import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs } from './api-as';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * Visit documentation (issue 17, part 3): after a visit, the physician signs the note and adds an
 * addendum on the visit record; the patient reads the summary on the appointment and the record,
 * never the note; the patient's timeline shows the care team the signed note with its addendum,
 * live to a nurse who has the chart open (in Arabic).
 */
test('the patient reads the summary; the signed note and its addendum show on the timeline', async ({ browser, request }) => {
  // Two people signed in one after the other on a shared machine.
  test.setTimeout(120_000);
  const run = randomUUID().slice(0, 8);
  const summary = `Healing well (${run}); keep the dressing dry for three more days.`;
  const notes = `Incision clean, no erythema (${run}). Sutures out in 7 days.`;
  const corrected = `${notes} Afebrile.`;
  const addendum = `Called back (${run}): no fever.`;

  // A walk-in visit an hour ago, completed by the physician (the set-up, through the API).
  const physicianApi = await apiAs(request, 'physician');
  const { accountId: patientId } = await apiAs(request, 'patient2');
  const visit = await physicianApi.post<{ id: string }>('/visits', {
    patientId,
    type: 'pv',
    startsAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  });
  await physicianApi.post(`/visits/${visit.id}/complete`, { summary, notes });

  // The physician signs the note on the visit record, then adds an addendum under it.
  const physician = await (await browser.newContext()).newPage();
  await logIn(physician, 'physician', DEMO_PASSWORD);
  await physician.goto(`/visits/${visit.id}`);
  await expect(physician.getByTestId('visit-summary')).toHaveText(summary);
  await expect(physician.getByTestId('visit-note-text')).toHaveText(notes);

  // A nurse has the patient's chart open, in Arabic: what the physician does shows there live.
  const nurse = await (await browser.newContext()).newPage();
  await logIn(nurse, 'nurse', DEMO_PASSWORD);
  await nurse.goto(`/patients/${patientId}`);
  await nurse.getByTestId('language-switch').first().selectOption('ar');
  await expect(nurse.locator('html')).toHaveAttribute('dir', 'rtl');
  const onNurseTimeline = nurse
    .locator(`[data-testid="timeline-item"][data-kind="visit"][data-ref-id="${visit.id}"]`)
    .filter({ has: nurse.getByTestId('timeline-visit-summary') });
  await expect(onNurseTimeline.getByTestId('visit-note-text')).toHaveText(notes);

  // Corrected before signing; signing, which locks it, is asked twice.
  await physician.getByTestId('edit-note').click();
  await physician.getByTestId('note-text').fill(corrected);
  await physician.getByTestId('save-note').click();
  await expect(physician.getByTestId('visit-note-text')).toHaveText(corrected);
  await physician.getByTestId('sign-note').click();
  await physician.getByRole('button', { name: 'Sign and lock' }).click();
  await expect(physician.getByTestId('visit-note-signed')).toContainText('Signed by Priya Raman');
  await expect(physician.getByTestId('edit-note')).toHaveCount(0);
  await expect(physician.getByTestId('sign-note')).toHaveCount(0);
  await physician.getByTestId('addendum-text').fill(addendum);
  await physician.getByTestId('add-addendum').click();
  await expect(physician.getByTestId('visit-note-addendum')).toContainText(addendum);
  await expect(physician.getByTestId('visit-note-addendum')).toContainText('Addendum by Priya Raman');

  // The nurse's timeline followed without a reload: the signed note, its addendum, and both steps.
  await expect(onNurseTimeline.getByTestId('visit-note-text')).toHaveText(corrected);
  await expect(onNurseTimeline.getByTestId('visit-note-signed')).toContainText('وقّعها Priya Raman');
  await expect(onNurseTimeline.getByTestId('visit-note-addendum')).toContainText(addendum);
  const steps = nurse.locator(`[data-testid="timeline-item"][data-kind="visit"][data-ref-id="${visit.id}"]`);
  await expect(steps.filter({ hasText: 'تم توقيع ملاحظة الزيارة' })).toHaveCount(1);
  await expect(steps.filter({ hasText: 'ملحق لملاحظة زيارة' })).toHaveCount(1);
  // Put back: the language is a saved preference of the nurse, and other specs sign in as her.
  await nurse.getByTestId('language-switch').first().selectOption('en-US');
  await nurse.locator('html[dir="ltr"]').waitFor();

  // On the patient's timeline, for the physician: the summary, the signed note and its addendum.
  await physician.goto(`/patients/${patientId}`);
  const onTimeline = physician
    .locator(`[data-testid="timeline-item"][data-kind="visit"][data-ref-id="${visit.id}"]`)
    .filter({ has: physician.getByTestId('timeline-visit-summary') });
  await expect(onTimeline.getByTestId('timeline-visit-summary')).toHaveText(summary);
  await expect(onTimeline.getByTestId('visit-note-text')).toHaveText(corrected);
  await expect(onTimeline.getByTestId('visit-note-signed')).toContainText('Signed by Priya Raman');
  await expect(onTimeline.getByTestId('visit-note-addendum')).toContainText(addendum);

  // The patient reads the summary on the past appointment and on the visit record; never the note.
  const patient = await (await browser.newContext()).newPage();
  await logIn(patient, 'patient2', DEMO_PASSWORD);
  await patient.goto('/appointments');
  const card = patient.getByTestId('past-appointments').getByTestId('appointment-card').filter({ hasText: summary });
  await expect(card.getByTestId('appointment-summary')).toContainText(summary);
  await card.getByTestId('open-visit-record').click();
  await expect(patient).toHaveURL(`/visits/${visit.id}`);
  await expect(patient.getByTestId('visit-summary')).toHaveText(summary);
  await expect(patient.getByTestId('visit-record')).toContainText('Priya Raman');
  await expect(patient.getByTestId('visit-note')).toHaveCount(0);
  await expect(patient.getByText(corrected)).toHaveCount(0);
  await expect(patient.getByText(addendum)).toHaveCount(0);

  // Printed, the record leaves out the app's navigation and the buttons.
  await patient.emulateMedia({ media: 'print' });
  await expect(patient.getByTestId('print-visit')).toBeHidden();
  await expect(patient.locator('.mantine-AppShell-header')).toBeHidden();
  await expect(patient.getByTestId('visit-summary')).toBeVisible();
});
