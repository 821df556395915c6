import { join } from 'node:path';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { apiAs } from './api-as';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * Triage and escalation (issue 17): two fevers of one patient make one alert, which rises in
 * severity, live in both inboxes; left unacknowledged, it escalates to the patient's primary provider
 * after the organisation's minutes (one minute here; the edge's rounds run every minute), and the
 * physician and a nurse both see it live, with no reload. The settings are put back afterwards, as
 * other specs share the server.
 */

interface AlertDto {
  id: string;
  type: string;
  measurementId: string | null;
  resolvedAt: string | null;
}

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, username, DEMO_PASSWORD);
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  return page;
}

/** Saved under test-results/screenshots/ for people to look at, and attached to the report. */
async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('two fevers make one alert that rises to highest; unacknowledged, it escalates to the primary provider, and a physician and a nurse see each step live', async ({ browser, request }, testInfo) => {
  test.setTimeout(300_000);
  const admin = await apiAs(request, 'admin');
  const physician = await apiAs(request, 'physician');
  const patient = await apiAs(request, 'patient');
  const saved = await admin.get<Record<string, unknown>>('/settings/alerts');
  const before = await physician.get<{ primaryProvider: { accountId: string } | null }>(`/patients/${patient.accountId}`);
  let nursePage: Page | undefined;
  try {
    await admin.patch('/settings/alerts', { escalateHighestMinutes: 1, escalateHighMinutes: 600, onCall: [] });
    await physician.patch(`/patients/${patient.accountId}`, { primaryProviderId: physician.accountId });
    // One open alert per patient and type: an earlier fever alert of his is resolved first.
    const earlier = await physician.get<AlertDto[]>(`/alerts?patient=${patient.accountId}&status=all&pageSize=100`);
    for (const alert of earlier.filter((a) => a.type === 'bt' && !a.resolvedAt)) await physician.patch(`/alerts/${alert.id}/resolve`, {});

    const physicianPage = await signedIn(browser, 'physician');
    // The nurse reads the inbox in Arabic (put back below: the language is a saved preference).
    nursePage = await signedIn(browser, 'nurse');
    await nursePage.getByTestId('language-switch').first().selectOption('ar');
    await expect(nursePage.locator('html')).toHaveAttribute('dir', 'rtl');

    // A fever (high), then a worse one twenty minutes later: one alert, which rises to highest.
    const fever = (temperature: number, minutesAgo: number) =>
      patient.post<{ id: string }>('/measurements', {
        type: 'bt',
        values: { temperature },
        takenAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      });
    const openFevers = async () =>
      (await physician.get<AlertDto[]>(`/alerts?patient=${patient.accountId}&pageSize=100`)).filter((a) => a.type === 'bt');
    const first = await fever(38.4, 30);
    const alertId = (await openFevers()).find((a) => a.measurementId === first.id)?.id ?? '';
    expect(alertId, 'the reading opened an alert').not.toBe('');

    // Opened: both inboxes show it without a reload.
    for (const page of [physicianPage, nursePage]) {
      await expect(page.locator(`[data-alert-id="${alertId}"]`)).toHaveAttribute('data-status', 'open');
      await expect(page.locator(`[data-alert-id="${alertId}"]`)).toHaveAttribute('data-range', 'high');
    }
    await fever(39.8, 10);
    expect((await openFevers()).map((a) => a.id)).toEqual([alertId]);
    for (const page of [physicianPage, nursePage]) {
      await expect(page.locator(`[data-alert-id="${alertId}"]`)).toHaveAttribute('data-range', 'highest');
    }

    // Within the minute and the next round, the physician is told, and both inboxes show the step.
    await expect(physicianPage.getByText('An unacknowledged alert was escalated to you.')).toBeVisible({ timeout: 180_000 });
    const history = (page: Page) => page.locator(`[data-alert-id="${alertId}"]`).getByTestId('alert-history');
    await expect(history(physicianPage)).toContainText('Escalated to the primary provider');
    await expect(history(nursePage)).toContainText('صُعِّد إلى مقدم الرعاية الأساسي');
    await capture(physicianPage, testInfo, 'alert-escalated-physician-desktop');
    await nursePage.setViewportSize({ width: 390, height: 844 });
    await capture(nursePage, testInfo, 'alert-escalated-nurse-ar-phone');
    const mail = await request.get('/api/v1/dev/outbox?to=physician@demo.opencare.test');
    const mails = ((await mail.json()) as { data: { subject: string }[] }).data;
    expect(mails.some((m) => m.subject === 'An alert waits for acknowledgement')).toBe(true);

    // The physician acknowledges it; the nurse's inbox drops it from the open ones live.
    await physicianPage.locator(`[data-alert-id="${alertId}"]`).getByRole('button', { name: 'Acknowledge the alert for Pat Morgan' }).click();
    await expect(nursePage.locator(`[data-alert-id="${alertId}"]`)).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await nursePage?.setViewportSize({ width: 1280, height: 720 });
    await nursePage?.getByTestId('language-switch').first().selectOption('en-US');
    await nursePage?.locator('html[dir="ltr"]').waitFor();
    await nursePage?.waitForLoadState('networkidle');
    await admin.patch('/settings/alerts', saved);
    await physician.patch(`/patients/${patient.accountId}`, { primaryProviderId: before.primaryProvider?.accountId ?? null });
  }
});
