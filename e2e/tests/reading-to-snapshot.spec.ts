import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

test('a patient records a blood pressure; the physician sees it in its range colour on the snapshot, chart and timeline', async ({
  page,
  browser,
}) => {
  // The patient (Layla Haddad) enters the reading by hand.
  await logIn(page, 'patient2', DEMO_PASSWORD);
  await page.goto('/measurements');
  await page.getByTestId('measurement-type').getByText('Blood pressure', { exact: true }).click();
  await page.getByRole('textbox', { name: /^Systolic/ }).fill('152');
  await page.getByRole('textbox', { name: /^Diastolic/ }).fill('97');
  await page.getByRole('textbox', { name: /^Pulse/ }).fill('77');
  await page.getByTestId('send-measurement').click();
  await expect(page.getByTestId('measurement-saved')).toContainText('Range: High.');

  // The physician finds her and opens her snapshot.
  const clinician = await browser.newPage();
  await logIn(clinician, 'physician', DEMO_PASSWORD);
  await clinician.goto('/patients');
  await clinician.getByTestId('patient-search').fill('Haddad');
  await clinician.getByTestId('patient-row').filter({ hasText: 'Layla Haddad' }).getByRole('link', { name: 'Layla Haddad' }).click();
  await expect(clinician.getByRole('heading', { level: 1, name: 'Layla Haddad' })).toBeVisible();
  const high = await clinician.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--oc-color-high)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });

  // Latest vital: this reading, classed high, in the high colour.
  const vital = clinician.getByTestId('vital-bp');
  await expect(vital).toHaveAttribute('data-range', 'high');
  await expect(vital.getByTestId('vital-value')).toHaveText(/152\/97 mmHg/);
  await expect(vital.getByTestId('vital-value')).toHaveCSS('color', high);

  // The chart: its point for this reading is drawn in the high colour.
  const point = clinician
    .getByTestId('readings-chart')
    .getByTestId('chart-point')
    .filter({ has: clinician.locator('title', { hasText: '152/97' }) })
    .first();
  await expect(point).toHaveAttribute('data-range', 'high');
  await expect(point).toHaveCSS('fill', high);

  // The timeline: the reading is its newest measurement.
  const event = clinician.locator('[data-testid="timeline-item"][data-kind="measurement"]').first();
  await expect(event).toHaveAttribute('data-range', 'high');
  await expect(event).toContainText('152/97');
  await clinician.close();
});
