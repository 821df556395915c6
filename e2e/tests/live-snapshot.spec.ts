import { expect, test } from '@playwright/test';
import { apiAs } from './api-as';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

test('a physician watching a patient’s snapshot sees her new reading arrive without reloading', async ({ page, request }) => {
  const patient = await apiAs(request, 'patient2');
  await logIn(page, 'physician', DEMO_PASSWORD);
  await page.goto(`/patients/${patient.accountId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Layla Haddad' })).toBeVisible();
  await expect(page.getByTestId('timeline-item').first()).toBeVisible();

  // Marks the page: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const reading = await patient.post<{ id: string }>('/measurements', {
    type: 'bw',
    values: { weight: 68.4 },
    takenAt: new Date().toISOString(),
  });

  const item = page.locator(`[data-testid="timeline-item"][data-ref-id="${reading.id}"]`);
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-kind', 'measurement');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
