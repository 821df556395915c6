import { seriousViolations, WCAG_21_AA } from './axe';
import { expect, inLanguage, test } from './admin-page';

/**
 * An admin links the demo caregiver to Layla with her verbal consent, and ends the link (issue 19,
 * part 4), against a real edge; the screen in Arabic passes axe.
 */
test('an admin links a caregiver to a patient with her recorded consent, then ends the link', async ({ adminPage: page }, testInfo) => {
  await page.goto('/dashboard/caregivers');
  await expect(page.getByRole('heading', { level: 1, name: 'Caregivers' })).toBeVisible();
  // An earlier run's link to Layla ends first.
  const rows = page.getByTestId('caregiver-link-row').filter({ hasText: 'Layla Haddad' }).filter({ hasText: 'caregiver@demo.opencare.test' });
  while ((await rows.count()) > 0) {
    await rows.first().getByRole('button', { name: /End access/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End access' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }

  const form = page.getByTestId('link-caregiver-form');
  await form.getByRole('button', { name: 'Link caregiver' }).click();
  await expect(form.getByText('This field is required.').first()).toBeVisible();

  await form.getByTestId('link-patient').click();
  await form.getByTestId('link-patient').fill('Layla');
  await page.getByRole('option', { name: 'Layla Haddad' }).click();
  await form.getByLabel('Caregiver’s e-mail').fill('caregiver@demo.opencare.test');
  await form.getByLabel('Aloud').check();
  await form.getByLabel('Witness').fill('Noah Bennett');
  await form.getByRole('button', { name: 'Link caregiver' }).click();
  const row = rows.first();
  await expect(row).toContainText('Casey Jordan');
  await expect(row).toContainText('Verbal consent');
  await expect(row).toContainText('Noah Bennett');
  await page.screenshot({ path: testInfo.outputPath('caregiver-links.png'), fullPage: true });

  await inLanguage(page, { code: 'ar', dir: 'rtl' }, async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'مقدّمو الرعاية' })).toBeVisible();
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
  });

  await row.getByRole('button', { name: /End access/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End access' }).click();
  await expect(rows).toHaveCount(0);
});
