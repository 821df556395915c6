import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { seriousViolations, WCAG_21_AA } from './axe';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { apiAs } from './api-as';
import { expectNoHorizontalOverflow } from './layout';

/** The booked appointment's id from the tRPC answer: a batch, one result per procedure named in the path. */
async function bookedId(response: Response): Promise<string> {
  const names = decodeURIComponent(new URL(response.url()).pathname.replace('/trpc/', '')).split(',');
  const results = (await response.json()) as { result: { data: { id: string } } }[];
  return results[names.indexOf('appointments.book')]!.result.data.id;
}

/**
 * Appointments and visits against a real edge: a patient books, confirms and cancels; the provider
 * sees the booking; a provider completes a past visit from the incomplete-visits list.
 */

/** A Wednesday `weeks` weeks ahead (a working day, away from the days other specs change). */
function wednesdayIn(weeks: number): string {
  const day = new Date();
  day.setDate(day.getDate() + ((3 - day.getDay() + 7) % 7 || 7) + 7 * weeks);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A walk-in visit an hour ago, recorded by the physician: it waits on the incomplete-visits list. */
async function pastVisit(request: APIRequestContext, patient = 'patient2'): Promise<string> {
  const physician = await apiAs(request, 'physician');
  const { accountId } = await apiAs(request, patient);
  const startsAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const visit = await physician.post<{ id: string }>('/visits', {
    patientId: accountId,
    type: 'pv',
    startsAt,
  });
  return visit.id;
}

/** Book through the dialog: provider, telemedicine, the day, the first free time; returns the id. */
async function bookInDialog(page: Page, date: string, slotIndex: number, reason: string): Promise<string> {
  await page.getByTestId('book-appointment').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('book-provider').click();
  await page.getByRole('option', { name: 'Priya Raman' }).click();
  await dialog.getByText('Telemedicine').click();
  await dialog.getByTestId('book-date').fill(date);
  const slot = dialog.getByTestId('slot').nth(slotIndex);
  // Times are shown in 12-hour form.
  await expect(
    dialog
      .locator('label')
      .filter({ hasText: /\d{2}:\d{2}\s?(AM|PM)/ })
      .first(),
  ).toBeVisible();
  // The chip's label is what a person clicks; its radio input is visually hidden.
  await dialog.locator(`label[for="${await slot.getAttribute('id')}"]`).click();
  await expect(slot).toBeChecked();
  await dialog.getByTestId('book-reason').fill(reason);
  const booked = page.waitForResponse(
    (r) => /\/trpc\/(.*,)?appointments\.book(,|\?|$)/.test(r.url()) && r.request().method() === 'POST',
  );
  await dialog.getByTestId('book-submit').click();
  const response = await booked;
  expect(response.status()).toBe(200);
  await expect(page.getByText(/^Appointment booked for/)).toBeVisible();
  return bookedId(response);
}

test('a patient books a telemedicine visit, the provider sees it, the patient confirms it and cancels another', async ({
  page,
  browser,
}) => {
  // Two people signing in, each in a browser of their own: more than the default half minute.
  test.slow();
  const date = wednesdayIn(5);
  await logIn(page, 'patient', DEMO_PASSWORD);
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();

  const first = await bookInDialog(page, date, 0, 'Check the incision by video');
  const second = await bookInDialog(page, date, 1, 'Second opinion');
  const firstCard = page.locator(`[data-testid="appointment-card"][data-id="${first}"]`);
  const secondCard = page.locator(`[data-testid="appointment-card"][data-id="${second}"]`);
  await expect(firstCard).toContainText('With Priya Raman');
  await expect(firstCard).toContainText('Telemedicine');
  await expect(firstCard.getByTestId('appointment-status')).toHaveText('Scheduled');
  await expect(firstCard.getByTestId('visit-code')).toHaveText(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);

  // The physician finds it on that day, with the patient's name.
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await logIn(provider, 'physician', DEMO_PASSWORD);
  await provider.goto('/appointments');
  await provider.getByTestId('clinician-date').fill(date);
  const seen = provider.locator(`[data-testid="calendar-event"][data-id="${first}"]`);
  await expect(seen).toContainText('Pat Morgan');
  await expect(seen).toContainText('Telemedicine');
  await expect(seen).toContainText('Scheduled');
  // On the week calendar, an appointment opens from the keyboard as from the mouse.
  await seen.focus();
  await provider.keyboard.press('Enter');
  const opened = provider.getByRole('dialog');
  await expect(opened.getByTestId('appointment-card')).toContainText('Patient: Pat Morgan');
  await expect(opened.getByTestId('appointment-status')).toHaveText('Scheduled');
  await expect(opened.getByTestId('open-patient')).toHaveText('Open Pat Morgan’s record');
  await providerContext.close();

  // The patient confirms attendance of the first…
  await firstCard.getByTestId('confirm-appointment').click();
  await expect(page.getByText('Attendance confirmed. See you then.')).toBeVisible();
  await expect(firstCard.getByTestId('appointment-status')).toHaveText('Confirmed');
  await expect(firstCard.getByTestId('confirm-appointment')).toHaveCount(0);

  // …and cancels the second with a reason, after saying so in the dialog.
  await secondCard.getByTestId('cancel-appointment').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByLabel('Scheduling conflict').check();
  await dialog.getByTestId('cancel-submit').click();
  await expect(page.getByText('Appointment cancelled.')).toBeVisible();
  await expect(secondCard.getByTestId('appointment-status')).toHaveText('Cancelled');
  await expect(secondCard).toContainText('Cancelled: Scheduling conflict');
  await expect(secondCard.getByRole('button')).toHaveCount(0);
});

/** A clinician opens "Book for a patient" and chooses the patient by a search of their name. */
async function openBookForPatient(page: Page, search: string, name: string) {
  await page.getByTestId('book-for-patient').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('book-patient').fill(search);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect(dialog.getByTestId('book-patient')).toHaveValue(name);
  return dialog;
}

test('a nurse books a telemedicine visit for a patient, who then sees it', async ({ page, browser }) => {
  // Two people signing in, each in a browser of their own: more than the default half minute.
  test.slow();
  const date = wednesdayIn(11);
  await logIn(page, 'nurse', DEMO_PASSWORD);
  await page.goto('/appointments');
  const dialog = await openBookForPatient(page, 'Pat', 'Pat Morgan');
  // A nurse books with herself unless she chooses another provider.
  await expect(dialog.getByTestId('book-provider')).toHaveValue('Noah Bennett');
  await dialog.getByText('Telemedicine').click();
  await dialog.getByTestId('book-date').fill(date);
  const slot = dialog.getByTestId('slot').nth(3);
  await dialog.locator(`label[for="${await slot.getAttribute('id')}"]`).click();
  await expect(slot).toBeChecked();
  await dialog.getByTestId('book-reason').fill('Blood pressure follow-up');
  const booked = page.waitForResponse(
    (r) => /\/trpc\/(.*,)?appointments\.book(,|\?|$)/.test(r.url()) && r.request().method() === 'POST',
  );
  await dialog.getByTestId('book-submit').click();
  const response = await booked;
  expect(response.status()).toBe(200);
  const id = await bookedId(response);
  await expect(page.getByText(/^Appointment booked for Pat Morgan on /)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The week calendar shows it once the nurse turns to its week; so does the list.
  await page.getByTestId('clinician-date').fill(date);
  await expect(page.locator(`[data-testid="calendar-event"][data-id="${id}"]`)).toContainText('Pat Morgan');
  await page.getByTestId('appointments-shown').getByText('List').click();
  await expect(page.locator(`[data-testid="appointment-card"][data-id="${id}"]`)).toContainText(
    'Patient: Pat Morgan',
  );

  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await logIn(patient, 'patient', DEMO_PASSWORD);
  await patient.goto('/appointments');
  const card = patient.locator(`[data-testid="appointment-card"][data-id="${id}"]`);
  await expect(card).toContainText('With Noah Bennett');
  await expect(card).toContainText('Telemedicine');
  await expect(card).toContainText('Reason: Blood pressure follow-up');
  await patientContext.close();
});

test('a provider completes a past visit with its summary and notes, and it leaves the incomplete list', async ({
  page,
  request,
}) => {
  const visitId = await pastVisit(request);
  await logIn(page, 'physician', DEMO_PASSWORD);
  await page.goto('/incomplete-visits');
  const row = page.locator(`[data-testid="incomplete-visit"][data-id="${visitId}"]`);
  await expect(row).toContainText('Layla Haddad');
  await expect(row).toContainText('Postoperative');

  await row.getByTestId('complete-visit').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('complete-visit-submit').click();
  await expect(dialog.getByText('This field is required.')).toHaveCount(2);
  await dialog.getByTestId('visit-summary').fill('Healing well. Keep the dressing dry for two more days.');
  await dialog
    .getByTestId('visit-notes')
    .fill('Incision clean, no erythema or discharge. Sutures out next week.');
  await dialog.getByTestId('complete-visit-submit').click();
  await expect(page.getByText('Visit completed.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The patient reads the summary, never the notes.
  const patient = await apiAs(request, 'patient2');
  const visit = await patient.get<{ summary: string; notes: string | null; status: string }>(
    `/visits/${visitId}`,
  );
  expect(visit).toMatchObject({
    status: 'c',
    summary: 'Healing well. Keep the dressing dry for two more days.',
    notes: null,
  });
});

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;
const LANGUAGES = [
  { code: 'en-US', dir: 'ltr', list: 'List' },
  { code: 'ar', dir: 'rtl', list: 'قائمة' },
] as const;

async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Sign in with the login page set to a language, which the app keeps. */
async function logInIn(page: Page, username: string, language: string, dir: string) {
  await page.goto('/login');
  await page.getByTestId('language-switch').selectOption(language);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

test.describe('screenshots of appointments', () => {
  const date = wednesdayIn(7);
  test.beforeAll(async ({ request }) => {
    // Something to show: patient2's appointments (one confirmed) and an incomplete visit.
    const patient = await apiAs(request, 'patient2');
    const physicianId = (await apiAs(request, 'physician')).accountId;
    const nurseId = (await apiAs(request, 'nurse')).accountId;
    const slots = await patient.get<{ startsAt: string }[]>(
      `/appointments/slots?date=${date}&providerId=${physicianId}`,
    );
    const booked = await patient.post<{ id: string }>('/appointments', {
      providerId: physicianId,
      type: 'tv',
      startsAt: slots[2]?.startsAt,
      reason: 'Blood pressure review',
    });
    await patient.patch(`/appointments/${booked.id}/confirm`);
    await patient.post('/appointments', { providerId: nurseId, type: 'pv', startsAt: slots[4]?.startsAt });
    await pastVisit(request, 'patient');
  });

  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      test(`${language.code} ${viewport.name}`, async ({ browser }, testInfo) => {
        // Two sign-ins and four screens: 21–45 s alone, over a minute twice in CI on a loaded machine.
        test.setTimeout(120_000);
        const suffix = `${language.code}-${viewport.name}`;
        const as = async (username: string) => {
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
          });
          const page = await context.newPage();
          await logInIn(page, username, language.code, language.dir);
          return { page, context };
        };

        const patient = await as('patient2');
        await patient.page.goto('/appointments');
        await expect(patient.page.getByTestId('upcoming-appointments')).toBeVisible();
        await expectNoHorizontalOverflow(patient.page);
        await capture(patient.page, testInfo, `appointments-patient-${suffix}`);

        await patient.page.getByTestId('book-appointment').click();
        const dialog = patient.page.getByRole('dialog');
        await dialog.getByTestId('book-provider').click();
        await patient.page.getByRole('option').last().click();
        await dialog.getByTestId('book-date').fill(date);
        await expect(dialog.getByTestId('slot').first()).toBeAttached();
        await capture(patient.page, testInfo, `appointments-book-${suffix}`);
        await patient.context.close();

        const physician = await as('physician');
        await physician.page.goto('/appointments');
        await physician.page.getByTestId('clinician-date').fill(date);
        await physician.page.getByTestId('only-mine').uncheck({ force: true });
        await expect(physician.page.getByTestId('appointments-calendar')).toBeVisible();
        await expectNoHorizontalOverflow(physician.page);
        await capture(physician.page, testInfo, `appointments-provider-${suffix}`);

        await physician.page.goto('/incomplete-visits');
        await expect(physician.page.getByTestId('incomplete-visits')).toBeVisible();
        await expectNoHorizontalOverflow(physician.page);
        await capture(physician.page, testInfo, `incomplete-visits-${suffix}`);
        await physician.context.close();
      });
    }
  }
});

test('screenshot: a nurse books for a patient (ar phone)', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await logInIn(page, 'nurse', 'ar', 'rtl');
  await page.goto('/appointments');
  const dialog = await openBookForPatient(page, 'Layla', 'Layla Haddad');
  await dialog.getByTestId('book-date').fill(wednesdayIn(12));
  await expect(dialog.getByTestId('slot').first()).toBeAttached();
  await expectNoHorizontalOverflow(page);
  await capture(page, testInfo, 'appointments-book-for-patient-ar-phone');
  await context.close();
});

for (const language of LANGUAGES) {
  test(`appointments screens have no serious accessibility violations (${language.code})`, async ({
    browser,
    request,
  }) => {
    // Two people, five screens, each analysed.
    test.setTimeout(90_000);
    await pastVisit(request, 'patient');
    // A cancelled appointment too: its card must stay as legible as the others.
    const api = await apiAs(request, 'patient');
    const physicianId = (await apiAs(request, 'physician')).accountId;
    const day = wednesdayIn(language.code === 'ar' ? 9 : 8);
    const [slot] = await api.get<{ startsAt: string }[]>(
      `/appointments/slots?date=${day}&providerId=${physicianId}`,
    );
    const booked = await api.post<{ id: string }>('/appointments', {
      providerId: physicianId,
      type: 'pv',
      startsAt: slot?.startsAt,
    });
    await api.patch(`/appointments/${booked.id}/cancel`, {
      reason: 'other',
      note: 'Travelling that week',
    });
    const as = async (username: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await logInIn(page, username, language.code, language.dir);
      return { page, context };
    };
    const patient = await as('patient');
    await patient.page.goto('/appointments');
    await patient.page.waitForLoadState('networkidle');
    expect(await seriousViolations(patient.page, { tags: WCAG_21_AA }), 'patient list').toEqual([]);
    await patient.page.getByTestId('book-appointment').click();
    await patient.page.getByTestId('book-provider').click();
    await patient.page.getByRole('listbox').getByRole('option').first().click();
    await patient.page.getByTestId('book-date').fill(wednesdayIn(6));
    await expect(patient.page.getByTestId('slot').first()).toBeAttached();
    expect(await seriousViolations(patient.page, { tags: WCAG_21_AA }), 'book dialog').toEqual([]);
    await patient.context.close();

    const physician = await as('physician');
    await physician.page.goto('/appointments');
    await physician.page.waitForLoadState('networkidle');
    // The week of the cancelled one, on the calendar, opened, and as a list.
    await physician.page.getByTestId('clinician-date').fill(day);
    const cancelled = physician.page.locator(`[data-testid="calendar-event"][data-id="${booked.id}"]`);
    await expect(cancelled).toHaveAttribute('data-status', 'cancelled');
    expect(await seriousViolations(physician.page, { tags: WCAG_21_AA }), 'provider calendar').toEqual([]);
    await cancelled.click();
    await expect(physician.page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(physician.page, { tags: WCAG_21_AA }), 'appointment dialog').toEqual([]);
    await physician.page.keyboard.press('Escape');
    await expect(physician.page.getByRole('dialog')).toBeHidden();
    await physician.page.getByTestId('appointments-shown').getByText(language.list).click();
    await expect(physician.page.getByTestId('clinician-appointments')).toBeVisible();
    expect(await seriousViolations(physician.page, { tags: WCAG_21_AA }), 'provider list').toEqual([]);
    await physician.page.goto('/incomplete-visits');
    await expect(physician.page.getByTestId('incomplete-visits')).toBeVisible();
    expect(await seriousViolations(physician.page, { tags: WCAG_21_AA }), 'incomplete visits').toEqual([]);
    await physician.page.getByTestId('complete-visit').first().click();
    await expect(physician.page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(physician.page, { tags: WCAG_21_AA }), 'complete dialog').toEqual([]);
    await physician.context.close();
  });
}
