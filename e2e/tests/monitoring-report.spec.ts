import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, WCAG_21_AA } from './axe';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * The monthly monitoring report (issue 19, part 3) against a real edge and the demo clinic, whose
 * patients have readings over the last two and a half months and care time last month: a physician
 * signs last month's report and exports its CSV; a nurse reads it in Arabic.
 */

/** Last month on the clinic's calendar (the browser runs in New York). */
function lastMonth(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
}

async function openReport(page: Page) {
  await page.goto('/monitoring-report');
  await expect(page.getByTestId('report-month')).toHaveAttribute('data-month', lastMonth());
  await expect(page.getByTestId('monitoring-report')).toBeVisible();
}

/** The demo patient's row: the physician's call with him last month makes it 99457. */
const patRow = (page: Page) => page.getByTestId('report-patient').filter({ hasText: 'Pat Morgan' });

test('a physician signs last month’s report and exports it as CSV', async ({ page }) => {
  await logIn(page, 'physician', DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Monitoring report' }).first().click();
  await openReport(page);
  await expect(patRow(page)).toHaveAttribute('data-codes', /99457/);
  await expect(page.getByTestId('report-patient')).not.toHaveCount(0);

  // Signed once per month: a retry finds it signed already, as anyone would.
  if (await page.getByTestId('report-unsigned').isVisible()) {
    await page.getByTestId('report-sign').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Sign the report for');
    await dialog.getByRole('button', { name: 'Sign report' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId('report-signed')).toContainText('Signed by Priya Raman');
  await expect(page.getByTestId('report-sign')).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`monitoring-report-${lastMonth()}.csv`);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const [header, ...rows] = csv.trim().split('\r\n');
  expect(header).toContain('"Patient","MRN","Code","Units"');
  const pat = rows.filter((row) => row.includes('"Pat Morgan"'));
  expect(pat.some((row) => row.includes('"99457"') && row.includes('"Priya Raman"'))).toBe(true);
});

test('a nurse reads the report in Arabic: the evidence, what is missing, no sign button', async ({ page }) => {
  await logIn(page, 'nurse', DEMO_PASSWORD);
  await page.getByTestId('language-switch').first().selectOption('ar');
  await openReport(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقرير المراقبة');
  await expect(page.getByTestId('report-sign')).toHaveCount(0);
  // Layla measures every fourth day and had no contact last month: the report says what is missing.
  const layla = page.getByTestId('report-patient').filter({ hasText: 'Layla Haddad' });
  await expect(layla.getByTestId('report-flag').filter({ hasText: 'لا تواصل تفاعليًا هذا الشهر' })).toHaveCount(1);
  await patRow(page).getByTestId('report-evidence-toggle').click();
  await expect(page.getByTestId('report-evidence')).toContainText('التواصل التفاعلي');
  await expect(page.getByTestId('billing-code')).toHaveCount(6);
  expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
});
