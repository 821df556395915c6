import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, inLanguage, test } from './admin-page';
import { apiAs } from './api-as';
import { seriousViolations, WCAG_21_AA } from './axe';
import { expectNoHorizontalOverflow } from './layout';

/**
 * The dashboard's system areas against a real edge: every area opens on its saved settings, and a
 * saved change takes effect where the rest of the product reads it.
 */

// These tests change the organisation's settings that the screenshots show: one at a time.
test.describe.configure({ mode: 'default' });

const AREAS = [
  ['system', '/dashboard/system'],
  ['patientManagement', '/dashboard/patient-management'],
  ['systemManagement', '/dashboard/system-management'],
  ['organization', '/dashboard/organization'],
  ['security', '/dashboard/security'],
  ['telemedicine', '/dashboard/telemedicine'],
  ['reportingAndAnalytics', '/dashboard/reporting-and-analytics'],
  ['appointmentManagement', '/dashboard/appointment-management'],
  ['billingAndPayments', '/dashboard/billing-and-payments'],
  ['alerts', '/dashboard/alerts'],
] as const;

/** The next Monday (a working day by default) as YYYY-MM-DD. */
function nextMonday(): string {
  const day = new Date();
  day.setDate(day.getDate() + ((8 - day.getDay()) % 7 || 7));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

async function save(page: Page) {
  await page.getByTestId('settings-save').click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
}

test('every system area opens on its saved settings', async ({ adminPage: page }) => {
  // Nine screens in one test.
  test.slow();
  for (const [area, path] of AREAS) {
    await page.goto(path);
    await expect(page.getByTestId(`settings-${area}`)).toBeVisible();
    // Billing keeps no values of its own (its codes table is edited code by code).
    if (area === 'billingAndPayments') {
      await expect(page.getByTestId('billing-codes')).toBeVisible();
      continue;
    }
    // Nothing changed yet: nothing to save or reset.
    await expect(page.getByTestId('settings-save')).toBeDisabled();
    await expect(page.getByTestId('load-failed')).toHaveCount(0);
  }
});

test('a telemedicine change reaches the visits', async ({ adminPage: page, request }) => {
  const api = await apiAs(request, 'admin');
  try {
    await page.goto('/dashboard/telemedicine');
    // The demo server has no LiveKit: the chosen engine gives way, and the screen says so.
    await expect(page.getByTestId('telemedicine-livekit')).toHaveText('Not configured');
    await expect(page.getByTestId('telemedicine-effective-engine')).toHaveText('Simple Peer');
    await expect(page.getByTestId('telemedicine-fallback')).toBeVisible();

    await page.getByTestId('telemedicine-engine').getByText('Simple Peer').click();
    await page.locator('input[name="joinEarlyMinutes"]').fill('15');
    await save(page);
    await expect(page.getByTestId('telemedicine-rules')).toContainText('15 minutes early');
    await expect(page.getByTestId('telemedicine-fallback')).toHaveCount(0);

    const config = await api.get<{ configuredEngine: string; joinEarlyMinutes: number }>(
      '/telemedicine/config',
    );
    expect(config).toMatchObject({ configuredEngine: 'simple-peer', joinEarlyMinutes: 15 });

    // A value the schema refuses is never sent.
    await page.locator('input[name="joinEarlyMinutes"]').fill('90');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Enter 60 or less.')).toBeVisible();
    expect((await api.get<{ joinEarlyMinutes: number }>('/telemedicine/config')).joinEarlyMinutes).toBe(15);
  } finally {
    await api.patch('/settings/telemedicine', { defaultCallEngine: 'livekit', joinEarlyMinutes: 10 });
  }
});

test('an appointment change reaches the slots of a day', async ({ adminPage: page, request }) => {
  const api = await apiAs(request, 'admin');
  const monday = nextMonday();
  try {
    await page.goto('/dashboard/appointment-management');
    await page.getByTestId('slot-preview-date').fill(monday);
    // 08:00 to 17:00, 30 minutes apart.
    await expect(page.getByTestId('slot')).toHaveCount(18);

    await page.locator('select[name="slotStepMinutes"]').selectOption('60');
    await save(page);
    await expect(page.getByTestId('slot')).toHaveCount(9);
    expect(await api.get<unknown[]>(`/appointments/slots?date=${monday}`)).toHaveLength(9);

    // Monday off: the day has no slots at all.
    await page.getByTestId('working-days').getByLabel('Monday').uncheck();
    await save(page);
    await expect(page.getByText('No slots on this day')).toBeVisible();
    expect(await api.get<unknown[]>(`/appointments/slots?date=${monday}`)).toHaveLength(0);
  } finally {
    await api.patch('/settings/appointmentManagement', { slotStepMinutes: 30, workingDays: [1, 2, 3, 4, 5] });
  }
});

test('the maintenance message and the organisation name show in the signed-in app', async ({
  adminPage: page,
  request,
}) => {
  const api = await apiAs(request, 'admin');
  const message = `Scheduled maintenance ${Date.now().toString(36)}`;
  try {
    await page.goto('/dashboard/system');
    await page.locator('textarea[name="maintenanceMessage"]').fill(message);
    await save(page);
    // Fetched again after the save: the banner appears without a reload.
    await expect(page.getByTestId('maintenance-banner')).toContainText(message);
    await expect(page.getByTestId('brand-name')).toHaveText('Demo Clinic');
  } finally {
    await api.patch('/settings/system', { maintenanceMessage: null });
  }
});

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const LANGUAGES = [
  { code: 'en-US', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;

test('an admin sets the minutes before alerts escalate and who is on call', async ({
  adminPage: page,
  request,
}) => {
  const api = await apiAs(request, 'admin');
  const saved = await api.get<Record<string, unknown>>('/settings/alerts');
  try {
    await page.goto('/dashboard/alerts');
    await expect(page.getByTestId('alert-on-call')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
    await page.locator('input[name="escalateHighestMinutes"]').fill('10');
    await page.getByTestId('alert-on-call').click();
    await page.getByRole('option', { name: 'Noah Bennett' }).click();
    await page.keyboard.press('Escape');
    await save(page);
    const nurse = (await api.get<{ accountId: string; firstName: string }[]>('/providers?pageSize=100')).find(
      (p) => p.firstName === 'Noah',
    );
    expect(await api.get('/settings/alerts')).toMatchObject({
      escalateHighestMinutes: 10,
      onCall: [nurse?.accountId],
    });

    // Negative minutes are refused on the form and never sent.
    await page.locator('input[name="escalateHighMinutes"]').fill('-5');
    await page.getByTestId('settings-save').click();
    await expect(page.locator('input[name="escalateHighMinutes"]')).toHaveAttribute('aria-invalid', 'true');
    expect((await api.get<{ escalateHighMinutes: number }>('/settings/alerts')).escalateHighMinutes).toBe(60);
  } finally {
    await api.patch('/settings/alerts', saved);
  }
});

/** Saved under test-results/screenshots/ for people to look at, and attached to the report. */
async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('screenshots of the system areas in English and Arabic, desktop and phone', async ({
  adminPage: page,
}, testInfo) => {
  test.setTimeout(180_000);
  for (const language of LANGUAGES) {
    await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
    await inLanguage(page, language, async () => {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        for (const [name, path, ready] of [
          ['organization', '/dashboard/organization', 'settings-organization'],
          ['telemedicine', '/dashboard/telemedicine', 'telemedicine-config'],
          ['appointment-management', '/dashboard/appointment-management', 'slot-preview-date'],
          ['billing', '/dashboard/billing-and-payments', 'billing-table'],
          ['alerts', '/dashboard/alerts', 'alert-on-call'],
        ] as const) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
          await expect(page.getByTestId(ready)).toBeVisible();
          // A working day, so the preview shows its slots.
          if (name === 'appointment-management') {
            await page.getByTestId(ready).fill(nextMonday());
            await page.getByTestId(ready).blur();
            await expect(page.getByTestId('slot').first()).toBeVisible();
          }
          await page.waitForLoadState('networkidle');
          await expectNoHorizontalOverflow(page);
          // From the top, or the fixed header lands mid-page in the full-page shot.
          await page.evaluate(() => window.scrollTo(0, 0));
          await capture(page, testInfo, `system-${name}-${language.code}-${viewport.name}`);
        }
      }
    });
  }
});
