import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, inLanguage, test } from './admin-page';
import { expectNoHorizontalOverflow } from './layout';

/** Unique per run: every spec shares the one demo database of the run. */
const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;
const randomOui = () => (randomBytes(3).toString('hex').toUpperCase().match(/../g) ?? []).join(':');

/** Fill one task card: the fields are found by name, so this works in any language. */
async function fillTask(
  card: Locator,
  task: { service: string; characteristic: string; action: string; dataType: string; descriptors?: string },
) {
  await card.locator('input[name="service"]').fill(task.service);
  await card.locator('input[name="characteristic"]').fill(task.characteristic);
  await card.locator('select[name="action"]').selectOption(task.action);
  await card.locator('select[name="dataType"]').selectOption(task.dataType);
  if (task.descriptors) await card.locator('input[name="descriptors"]').fill(task.descriptors);
}

async function createVendor(page: Page, name: string): Promise<void> {
  await page.goto('/dashboard/vendor/create');
  await page.locator('input[name="vendorName"]').fill(name);
  await page.locator('input[name="website"]').fill('https://cuffs.example.org');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('an admin builds a device profile, leaves midway, returns to the draft and completes it', async ({
  adminPage: page,
}) => {
  const vendorName = unique('Cuff Works');
  const profileName = unique('Cuff BP-7');
  await createVendor(page, vendorName);

  await page.goto('/create-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a device profile' })).toBeVisible();
  await page.getByLabel('Profile name').fill(profileName);
  await page.getByLabel('Vendor').selectOption({ label: vendorName });
  await page.getByLabel('Measurement type').selectOption('bp');
  await page.getByLabel('Device', { exact: true }).fill('BP-7 cuff');

  await page.getByRole('button', { name: 'Add start task' }).click();
  await fillTask(page.getByTestId('phase-start').getByTestId('task-card'), {
    service: '180A',
    characteristic: '2A29',
    action: 'read',
    dataType: 'string',
  });
  await page.getByRole('button', { name: 'Add measurement task' }).click();
  await fillTask(page.getByTestId('phase-task').getByTestId('task-card'), {
    service: '1810',
    characteristic: '2A35',
    action: 'indicate',
    dataType: 'hex',
    descriptors: '2902',
  });
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');

  // Leave midway, by the back link: the draft is saved on the way out.
  await page.getByRole('link', { name: 'Device profiles' }).click();
  await expect(page).toHaveURL('/dashboard/device-management');
  const row = page.getByTestId('profile-row').filter({ hasText: profileName });
  await expect(row.getByTestId('state-badge')).toHaveText('Draft');
  await expect(row.getByTestId('version-badge')).toHaveText('Not live yet');

  // Return to the draft from the list: both tasks are there.
  await row.getByRole('link', { name: profileName }).click();
  await expect(page.getByRole('heading', { level: 1, name: profileName })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByTestId('task-card')).toHaveCount(2);
  await expect(page.getByTestId('phase-task').locator('input[name="characteristic"]')).toHaveValue('2A35');

  await page.getByRole('button', { name: 'Add end task' }).click();
  await fillTask(page.getByTestId('phase-end').getByTestId('task-card'), {
    service: '180F',
    characteristic: '2A19',
    action: 'read',
    dataType: 'integer',
  });
  await page.getByRole('button', { name: 'Mark complete' }).click();

  await expect(page).toHaveURL(/\/dashboard\/device-management\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('state-badge')).toHaveText('Complete');
  await expect(page.getByTestId('version-badge')).toHaveText('Version 1 live');
  await expect(page.getByTestId('versions')).toContainText('Version 1, completed');
  for (const phase of ['start', 'task', 'end'])
    await expect(page.getByTestId(`tasks-${phase}`).locator('tbody tr')).toHaveCount(1);
});

test('the built-in Bluetooth SIG profiles are read-only and can be duplicated', async ({
  adminPage: page,
}) => {
  await page.goto('/dashboard/device-management?state=complete');
  await page.getByRole('link', { name: 'Glucose (Bluetooth SIG)', exact: true }).click();
  await expect(
    page.getByText('A built-in Bluetooth SIG profile: it cannot be changed.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.getByTestId('duplicate-profile').click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByLabel('Profile name')).toHaveValue(/^Glucose \(Bluetooth SIG\) \(copy\)/);
  await expect(page.getByTestId('task-card')).toHaveCount(4);
  await expect(page.getByTestId('phase-task').locator('input[name="writeValue"]')).toHaveValue('0101');
});

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;
const LANGUAGES = [
  { code: 'en-US', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;

async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  // From the top: a full-page shot taken scrolled down pastes the fixed header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test(`screenshots of the vendor and the builder: ${language.code} ${viewport.name}`, async ({
      adminPage: page,
    }, testInfo) => {
      // A vendor and a profile built through the screens, six pages shot: more than half a minute.
      test.slow();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await inLanguage(page, language, async () => {
        // A vendor with both kinds of identifier, and a malformed one waiting on its field.
        const name = unique('Omron Healthcare');
        await createVendor(page, name);
        for (const [field, value] of [
          ['oui', randomOui()],
          ['companyIdentifier', `0x${randomBytes(2).toString('hex').toUpperCase()}`],
        ] as const) {
          await page.locator(`input[name="${field}"]`).fill(value);
          await page.locator(`input[name="${field}"]`).press('Enter');
          await expect(page.getByTestId(`identifiers-${field}`).getByText(value)).toBeVisible();
        }
        await page.locator('input[name="oui"]').fill('EA:E0');
        await page.locator('input[name="oui"]').press('Enter');
        await expect(page.locator('input[name="oui"]')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
        await expectNoHorizontalOverflow(page);
        await capture(page, testInfo, `vendor-view-${language.code}-${viewport.name}`);

        // The builder, on a copy of the blood-pressure profile: three phases with a task each.
        await page.goto('/dashboard/device-management?state=complete');
        await expect(page.getByTestId('profile-row').first()).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await capture(page, testInfo, `profile-list-${language.code}-${viewport.name}`);
        await page.getByRole('link', { name: 'Blood Pressure (Bluetooth SIG)', exact: true }).click();
        await page.getByTestId('duplicate-profile').click();
        await expect(page).toHaveURL(/\/edit$/);
        await expect(page.getByTestId('task-card')).toHaveCount(3);
        await page.getByTestId('phase-task').locator('select[name="action"]').selectOption('write');
        await page.getByTestId('phase-task').locator('input[name="writeValue"]').fill('010');
        await page.getByTestId('phase-task').locator('input[name="writeValue"]').blur();
        await page.locator('input[name="device"]').fill('Omron X7');
        await page.locator('input[name="device"]').blur();
        await expect(page.getByTestId('phase-task').locator('input[name="writeValue"]')).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        await expectNoHorizontalOverflow(page);
        await capture(page, testInfo, `profile-builder-${language.code}-${viewport.name}`);
      });
    });
  }
}
