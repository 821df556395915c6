import { join } from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { seriousViolations, WCAG_21_AA } from './axe';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { expectNoHorizontalOverflow } from './layout';

/** The colour a range class is drawn in on the page (theme.ts palettes, as CSS variables). */
async function rangeColour(page: Page, rangeClass: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(--oc-color-${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, rangeClass);
}

const colourOf = (locator: Locator, property: 'color' | 'fill') =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test('the physician finds the demo patient and sees the latest blood pressure in its range colour on the snapshot, chart and timeline', async ({
  page,
}) => {
  await logIn(page, 'physician', DEMO_PASSWORD);
  await page.goto('/patients');
  await page.getByTestId('patient-search').fill('Morgan');
  const row = page.getByTestId('patient-row').filter({ hasText: 'Pat Morgan' });
  await expect(page.getByTestId('patient-row')).toHaveCount(1);
  await expect(row).toContainText(/MRN\d+/);
  await row.getByRole('link', { name: 'Pat Morgan' }).click();
  await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pat Morgan' })).toBeVisible();

  // The latest reading: its range class is what the server stored, drawn in that class's colour.
  const vital = page.getByTestId('vital-bp');
  await expect(vital).toBeVisible();
  const rangeClass = (await vital.getAttribute('data-range')) ?? '';
  expect(['lowest', 'normal', 'elevated', 'high', 'highest']).toContain(rangeClass);
  const colour = await rangeColour(page, rangeClass);
  const value = vital.getByTestId('vital-value');
  // The value sits in directional isolates (U+2066 … U+2069) so it keeps its order in Arabic.
  await expect(value).toHaveText(/^\u2066?\d+\/\d+ mmHg\u2069?$/);
  const reading = ((await value.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '').replace(' mmHg', '');
  expect(await colourOf(value, 'color')).toBe(colour);
  await expect(vital.getByTestId('range-badge')).toHaveAttribute('data-range', rangeClass);

  // The chart: 30 days of readings, the newest one last, in the same colour.
  const chart = page.getByTestId('readings-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('normal-band')).toHaveCount(2);
  const points = chart.getByTestId('chart-point');
  // Systolic and diastolic: one point each per reading (the demo patient measures daily; other
  // specs of the run may add readings of their own).
  await expect.poll(() => points.count()).toBeGreaterThanOrEqual(60);
  const newestSystolic = points.nth((await points.count()) / 2 - 1);
  await expect(newestSystolic).toHaveAttribute('data-range', rangeClass);
  expect(await colourOf(newestSystolic, 'fill')).toBe(colour);

  // The timeline: its newest reading is that one (an alert it raised may stand just above it).
  const newest = page.locator('[data-testid="timeline-item"][data-kind="measurement"]').first();
  await expect(newest).toHaveAttribute('data-range', rangeClass);
  await expect(newest).toContainText(reading);
  // A page of 20, then the next page below it.
  await expect(page.getByTestId('timeline-item')).toHaveCount(20);
  await page.getByTestId('timeline-more').click();
  await expect.poll(() => page.getByTestId('timeline-item').count()).toBeGreaterThan(20);
});

test('a nurse reads analytics for the organisation', async ({ page }) => {
  await logIn(page, 'nurse', DEMO_PASSWORD);
  await page.goto('/analytics');
  await expect(page.getByTestId('analytics')).toBeVisible();
  await expect(page.getByTestId('stat-patients')).toContainText('3');
  await page.getByTestId('analytics-period').getByText('7 days').click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByTestId('analytics')).toBeVisible();
});


for (const language of ['en-US', 'ar']) {
  test(`the patient list, snapshot (with its table and care dialog) and analytics pass axe in ${language}`, async ({
    page,
  }) => {
    // Four full-page scans, one of them over the readings table: more than one screen's budget.
    test.setTimeout(120_000);
    await page.goto('/login');
    await page.getByTestId('language-switch').selectOption(language);
    await logIn(page, 'physician', DEMO_PASSWORD);
    await page.goto('/patients');
    await expect(page.getByTestId('patient-row')).toHaveCount(3);
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);

    await page.getByTestId('patient-row').filter({ hasText: 'Pat Morgan' }).getByRole('link').click();
    await expect(page.getByTestId('timeline-item').first()).toBeVisible();
    await page.getByTestId('chart-section').getByRole('button').click();
    await expect(page.getByTestId('readings-table')).toBeVisible();
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);

    await page.getByTestId('profile-card').getByRole('button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/analytics');
    await expect(page.getByTestId('analytics')).toBeVisible();
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
  });
}

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

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test(`screenshots of patients, snapshot and analytics: ${language.code} ${viewport.name}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/login');
      await page.getByTestId('language-switch').selectOption(language.code);
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      await logIn(page, 'physician', DEMO_PASSWORD);

      await page.goto('/patients');
      await expect(page.getByTestId('patient-row')).toHaveCount(3);
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      await expectNoHorizontalOverflow(page);
      await capture(page, testInfo, `patients-${language.code}-${viewport.name}`);

      await page.getByTestId('patient-row').filter({ hasText: 'Pat Morgan' }).getByRole('link').click();
      await expect(page.getByTestId('readings-chart')).toBeVisible();
      await expect(page.getByTestId('timeline-item').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await capture(page, testInfo, `patient-snapshot-${language.code}-${viewport.name}`);

      await page.goto('/analytics');
      await expect(page.getByTestId('analytics')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await capture(page, testInfo, `analytics-${language.code}-${viewport.name}`);
    });
  }
}

test('the physician sets a lower systolic threshold on the care plan and sees it saved', async ({ page }) => {
  await logIn(page, 'physician', DEMO_PASSWORD);
  await page.goto('/patients');
  await page.getByTestId('patient-search').fill('Morgan');
  await page
    .getByTestId('patient-row')
    .filter({ hasText: 'Pat Morgan' })
    .getByRole('link', { name: 'Pat Morgan' })
    .click();
  const carePlan = page.getByTestId('care-plan-section');
  const systolic = carePlan.getByTestId('threshold-row-bp-systolic');
  await expect(systolic.locator('[data-limit="elevatedFrom"]')).toContainText('120 mmHg');

  await carePlan.getByRole('button', { name: 'Edit Blood pressure limits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Blood pressure limits' });
  await dialog.getByRole('textbox', { name: 'Systolic: Elevated from' }).fill('115');
  await dialog.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Limits saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(systolic.locator('[data-limit="elevatedFrom"]')).toContainText('115 mmHg');
  // The table is read again from the server after the save: it shows what was stored.
  await expect(carePlan.getByTestId('thresholds-bp')).toHaveAttribute('data-default', 'false');

  // Back to the defaults, so the demo patient is as other specs expect it.
  await carePlan.getByRole('button', { name: 'Reset Blood pressure limits to the defaults' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(
    page.getByTestId('threshold-row-bp-systolic').locator('[data-limit="elevatedFrom"]'),
  ).toContainText('120 mmHg');
});
