import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './api-as';
import { seriousViolations, WCAG_21_AA } from './axe';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * Care time of remote monitoring (issue 19, part 2) against a real edge: a clinician adds time by
 * hand on the patient's chart, corrects it, and writes to the patient; the chart's month shows each.
 */

/** `datetime-local`'s value for an instant, on the clinic's clock (the browser runs in New York). */
function localInputValue(at: Date): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return parts.replace(' ', 'T');
}

/**
 * A stretch of its own somewhere in the last month, so a retry or another run on the same edge never
 * overlaps time this clinician already has (which the edge refuses, rightly).
 */
const someMinutesAgo = () => new Date(Date.now() - (120 + Math.floor(Math.random() * 30 * 24 * 60)) * 60_000);

async function openChart(page: Page, patientId: string) {
  await page.goto(`/patients/${patientId}`);
  await expect(page.getByTestId('care-time-card')).toBeVisible();
}

for (const { code, who, words } of [
  { code: 'en-US', who: 'nurse', words: { minutes: 'Minutes', save: 'Save', correct: 'Correct', manual: 'Entered by hand', interactive: 'Interactive contact this month' } },
  { code: 'ar', who: 'physician', words: { minutes: 'الدقائق', save: 'حفظ', correct: 'تصحيح', manual: 'أُدخل يدويًا', interactive: 'حدث تواصل تفاعلي هذا الشهر' } },
] as const) {
  test(`a ${who} adds care time by hand on the chart and corrects it (${code})`, async ({ page, request }) => {
    const patient = await apiAs(request, 'patient');
    await logIn(page, who, DEMO_PASSWORD);
    if (code !== 'en-US') await page.getByTestId('language-switch').first().selectOption(code);
    await openChart(page, patient.accountId);
    const card = page.getByTestId('care-time-card');
    // The stretch may fall in last month: the card goes back to it, as a clinician completing it would.
    const startedAt = localInputValue(someMinutesAgo());
    // Its own words, so this run's entry is found among earlier runs' (another language, a retry).
    const reason = `Phone call about the evening readings (${code} ${Date.now() % 100_000})`;
    const shownMonth = () => card.getByTestId('care-time-month').getAttribute('data-month');
    for (let back = 0; back < 2 && (await shownMonth()) !== startedAt.slice(0, 7); back += 1) {
      const from = await shownMonth();
      await card.getByTestId('care-time-previous').click();
      await expect.poll(shownMonth).not.toBe(from);
    }
    await expect(card.getByTestId('care-time-month')).toHaveAttribute('data-month', startedAt.slice(0, 7));
    const before = Number(await card.getByTestId('care-time-minutes').getAttribute('data-value'));

    await card.getByTestId('add-care-time').click();
    const form = page.getByTestId('add-care-time-form');
    await form.locator('input[type="datetime-local"]').fill(startedAt);
    await form.getByLabel(words.minutes).fill('12');
    await form.getByRole('checkbox').check();
    await form.locator('textarea').fill(reason);
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
    await form.getByRole('button', { name: words.save }).click();
    await expect(form).toHaveCount(0);

    // The month counts the 12 minutes (this month, the open chart may add some seconds of its own) and the contact.
    const minutes = async () => Number(await card.getByTestId('care-time-minutes').getAttribute('data-value'));
    await expect.poll(minutes).toBeGreaterThanOrEqual(before + 12);
    expect(await minutes()).toBeLessThanOrEqual(before + 13);
    await expect(card.getByTestId('care-time-interactive')).toHaveText(words.interactive);
    // The month may hold more than the five newest (earlier runs): all of them, then.
    if ((await card.getByTestId('care-time-show-all').count()) > 0) await card.getByTestId('care-time-show-all').click();
    const entry = card.getByTestId('care-time-entry').filter({ hasText: reason });
    await expect(entry).toContainText(words.manual);

    // Corrected down to 10 minutes, with the reason; the card says what was first counted.
    await entry.getByRole('button', { name: new RegExp(words.correct) }).click();
    const correction = page.getByTestId('correct-care-time-form');
    await correction.getByLabel(words.minutes).fill('10');
    await correction.locator('textarea').fill('Two minutes were about another patient');
    await correction.getByRole('button', { name: words.save }).click();
    await expect(correction).toHaveCount(0);
    await expect.poll(minutes).toBeLessThanOrEqual(before + 11);
    expect(await minutes()).toBeGreaterThanOrEqual(before + 10);
    await expect(entry.getByTestId('care-time-correction')).toContainText('Two minutes were about another patient');
  });
}

test('a nurse with the chart open, then writing to the patient, has both counted on the chart', async ({ page, request }) => {
  const patient = await apiAs(request, 'patient');
  await logIn(page, 'nurse', DEMO_PASSWORD);
  await openChart(page, patient.accountId);
  // The open chart counts itself: a chart-review entry of this nurse is there at once.
  const card = page.getByTestId('care-time-card');
  await expect(card.locator('[data-testid="care-time-entry"][data-source="chart"]').first()).toBeVisible();

  await page.goto('/mail');
  await page.getByTestId('new-thread').click();
  const form = page.getByTestId('new-thread-form');
  await form.getByLabel('Patient').fill('Morgan');
  await page.getByRole('option', { name: /Pat Morgan/ }).click();
  await form.getByTestId('new-thread-subject').fill('Your evening readings');
  await form.getByTestId('new-thread-body').fill('They are higher than the morning ones. Has anything changed after dinner?');
  await form.getByTestId('send-new-thread').click();
  await expect(page.getByTestId('thread-view').getByRole('heading', { name: 'Your evening readings' })).toBeVisible();

  await openChart(page, patient.accountId);
  const message = card.locator('[data-testid="care-time-entry"][data-source="message"]').first();
  await expect(message).toContainText('Message to the patient');
  await expect(message).toContainText('Noah Bennett');
});
