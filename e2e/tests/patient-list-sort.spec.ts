import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * The patient list's sortable columns (issue 17 part 5): a header sorts the whole list on the
 * server from the keyboard, says so with aria-sort, and the sort stays in the address through a
 * reload and the way back from a patient.
 */
test('the physician sorts the patient list by a column from the keyboard, and keeps the sort', async ({
  page,
}) => {
  await logIn(page, 'physician', DEMO_PASSWORD);
  await page.goto('/patients');
  await expect(page.getByTestId('patient-row')).toHaveCount(3);
  const header = (name: string) => page.getByRole('columnheader', { name });
  await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
  for (const name of ['Open alerts', 'Last reading', 'Adherence (7 days)']) {
    await expect(header(name)).not.toHaveAttribute('aria-sort');
  }
  // Every row has its clinical columns.
  await expect(page.getByTestId('open-alerts')).toHaveCount(3);
  await expect(page.getByTestId('last-reading')).toHaveCount(3);
  await expect(page.getByTestId('adherence')).toHaveCount(3);

  const lastReading = page.getByTestId('sort-lastReading');
  await lastReading.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patients\?sort=lastReading$/);
  await expect(header('Last reading')).toHaveAttribute('aria-sort', 'descending');
  await expect(header('Name')).not.toHaveAttribute('aria-sort');
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/patients\?sort=lastReading&direction=asc$/);
  await expect(header('Last reading')).toHaveAttribute('aria-sort', 'ascending');
  // Oldest first: patients never read (the stalest of all) lead.
  await expect(page.getByTestId('patients-table')).toHaveAttribute('aria-busy', 'false');
  const readings = await page.getByTestId('last-reading').allTextContents();
  const firstRead = readings.findIndex((text) => text !== 'No readings yet');
  expect(readings.slice(Math.max(0, firstRead)).filter((text) => text === 'No readings yet')).toEqual(
    firstRead === -1 ? readings : [],
  );

  await page.reload();
  await expect(header('Last reading')).toHaveAttribute('aria-sort', 'ascending');
  await page.getByTestId('patient-row').filter({ hasText: 'Pat Morgan' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pat Morgan' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/patients\?sort=lastReading&direction=asc$/);
  await expect(header('Last reading')).toHaveAttribute('aria-sort', 'ascending');
});
