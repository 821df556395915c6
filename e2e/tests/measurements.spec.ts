import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { expectNoHorizontalOverflow } from './layout';
import { nowInNewYork } from './clinic-time';

/** The light palette's range colours (apps/web/src/theme.ts), as the browser computes them. */
const RANGE_RGB = { high: 'rgb(201, 42, 42)', normal: 'rgb(35, 122, 54)' } as const;

/** An API session of a demo user: its token and a call helper. */
async function apiAs(request: APIRequestContext, username: string) {
  const login = await request.post('/api/v1/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const token = login.headers()['x-access-token'] ?? '';
  const call = async (method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res = await request.fetch(`/api/v1${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: unknown }).data as never;
  };
  return { call, token };
}

async function accountIdOf(request: APIRequestContext, username: string): Promise<string> {
  const profile: { accountId: string } = await (await apiAs(request, username)).call('GET', '/profile');
  return profile.accountId;
}

test('a patient records a blood pressure for a task; the physician finds it in the high range colour', async ({ page, browser, request }) => {
  // Two people's whole flow (patient, then physician): more than the default 30 s when both lanes share the cores.
  test.setTimeout(60_000);
  const patientId = await accountIdOf(request, 'patient');
  const physician = await apiAs(request, 'physician');
  const { date, time } = nowInNewYork();
  // A daily task due now, so it is on today's list and still to do.
  await physician.call('POST', '/schedules', { patientId, type: 'bp', startDate: date, frequency: 'daily', times: [time] });

  await logIn(page, 'patient', DEMO_PASSWORD);
  const twelveHour = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'UTC' }).format(
    new Date(`2000-01-01T${time}:00Z`),
  );
  const take = page.getByRole('link', { name: `Take measurement: Blood pressure at ${twelveHour}` });
  await expect(take).toBeVisible();
  await take.click();
  await expect(page).toHaveURL(/\/measurements\?type=bp&task=/);
  await expect(page.getByTestId('for-task')).toHaveText(`This completes your ${twelveHour} task.`);

  // A selection is required before sending (spec §5): here it came from the task; the values are next.
  const send = page.getByTestId('send-measurement');
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('send-why')).toHaveText('Enter the values marked as required.');
  await page.getByRole('textbox', { name: /^Systolic/ }).fill('150');
  await page.getByRole('textbox', { name: /^Diastolic/ }).fill('95');
  await page.getByRole('textbox', { name: /^Pulse/ }).fill('81');
  await expect(send).toHaveAttribute('aria-disabled', 'false');
  await send.click();

  const saved = page.getByTestId('measurement-saved');
  await expect(saved).toContainText('Measurement saved. Range: High.');
  const newest = page.getByTestId('history-item').first();
  await expect(newest.getByTestId('history-value').first()).toHaveText('150/95 mmHg');
  const badge = newest.getByTestId('range-badge');
  await expect(badge).toHaveText('High');
  await expect(badge).toHaveCSS('color', RANGE_RGB.high);

  // The task is done on the home screen.
  await page.goto('/');
  await expect(page.getByRole('link', { name: `Take measurement: Blood pressure at ${twelveHour}` })).toHaveCount(0);

  // The physician's side: the reading with its range class, the alert, and the palette's colour for it.
  const readings: { values: Record<string, number>; rangeClass: string; taskId: string | null }[] = await physician.call(
    'GET',
    `/measurements?user_id=${patientId}&type=bp&pageSize=1`,
  );
  expect(readings[0]).toMatchObject({ values: { systolic: 150, diastolic: 95, pulse: 81 }, rangeClass: 'high', taskId: expect.any(String) });
  // One open alert per patient and type: the reading is among its readings, its class at least high.
  const alerts: { type: string; rangeClass: string; readings: { values: Record<string, number> }[] }[] = await physician.call('GET', `/alerts?patient=${patientId}&status=all&pageSize=100`);
  expect(alerts.some((a) => a.type === 'bp' && ['high', 'highest'].includes(a.rangeClass) && a.readings.some((r) => r.values.systolic === 150))).toBe(true);
  const fhir = await request.get(`/api/v1/fhir/R4/Observation?patient=${patientId}&code=85354-9&_count=1`, {
    headers: { authorization: `Bearer ${physician.token}` },
  });
  expect(fhir.headers()['content-type']).toContain('application/fhir+json');
  const bundle = (await fhir.json()) as { entry: { resource: { interpretation?: { coding: { code: string }[] }[] } }[] };
  expect(bundle.entry[0]?.resource.interpretation?.[0]?.coding[0]?.code).toBe('H');

  const clinician = await browser.newPage();
  await logIn(clinician, 'physician', DEMO_PASSWORD);
  const palette = await clinician.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--oc-color-high').trim());
  expect(palette).toBe('#c92a2a');
  await clinician.close();
});

test('the send button says why it waits until a type is chosen', async ({ page }) => {
  await logIn(page, 'patient2', DEMO_PASSWORD);
  await page.goto('/measurements');
  const send = page.getByTestId('send-measurement');
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('send-why')).toHaveText('Choose a measurement type first.');
  // Playwright will not click what says it is disabled; a person can, and nothing is sent.
  await send.click({ force: true });
  await expect(page.getByTestId('measurement-saved')).toHaveCount(0);
  await page.getByTestId('measurement-type').getByText('Temperature', { exact: true }).click();
  await expect(page.getByTestId('send-why')).toHaveText('Enter the values marked as required.');
  await page.getByRole('textbox', { name: /^Temperature/ }).fill('98.6');
  await send.click();
  await expect(page.getByTestId('measurement-saved')).toContainText('Measurement saved. Range: Normal.');
  // Found by its value: a walk-lane test may record another temperature for Layla at the same moment.
  const saved = page.getByTestId('history-item').filter({ has: page.getByTestId('history-value').getByText('98.6 °F', { exact: true }) }).first();
  await expect(saved).toBeVisible();
  await expect(saved.getByTestId('range-badge')).toHaveCSS('color', RANGE_RGB.normal);
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
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.describe('screenshots', () => {
  // One worker, one care plan: the screens show the same tasks in every language and size.
  // Each shot loads the day, the form and the history: more than the default 30 s on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 60_000 });
  // One patient's care plan for all of them: a few schedules and a one-off task.
  test.beforeAll(async ({ request }) => {
    const patientId = await accountIdOf(request, 'patient2');
    const physician = await apiAs(request, 'physician');
    // beforeAll runs in every worker: the plan is made once.
    const existing: { type: string }[] = await physician.call('GET', `/schedules?patient=${patientId}`);
    if (existing.some((s) => s.type === 'bs')) return;
    const { date } = nowInNewYork();
    await physician.call('POST', '/schedules', { patientId, type: 'bp', startDate: date, frequency: 'daily', times: ['08:00', '20:00'] });
    await physician.call('POST', '/schedules', { patientId, type: 'bs', startDate: date, frequency: 'daily', times: ['07:30'], meal: 'before' });
    await physician.call('POST', '/schedules', { patientId, type: 'bw', startDate: date, frequency: 'weekly', times: ['09:00'] });
    await physician.call('POST', '/tasks', { patientId, type: 'ox', ...nowInNewYork(90) });
  });

  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      test(`of the daily tasks and measurements: ${language.code} ${viewport.name}`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto('/login');
        await page.getByTestId('language-switch').selectOption(language.code);
        await page.locator('input[name="username"]').fill('patient2');
        await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
        await page.locator('button[type="submit"]').click();
        await expect(page).toHaveURL('/');
        await expect(page.getByTestId('task-calendar')).toBeVisible();
        await expect(page.getByTestId('day-tasks')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
        await expectNoHorizontalOverflow(page);
        await capture(page, testInfo, `measurements-home-${language.code}-${viewport.name}`);

        await page.goto('/measurements?type=bp');
        await page.locator('input[name="systolic"]').fill('128');
        await page.locator('input[name="diastolic"]').fill('84');
        await page.getByTestId('send-measurement').click();
        await expect(page.getByTestId('measurement-saved')).toBeVisible();
        await page.goto('/measurements?type=bp');
        await expect(page.getByTestId('history-item').first()).toBeVisible();
        await page.locator('input[name="systolic"]').fill('128');
        await expectNoHorizontalOverflow(page);
        await capture(page, testInfo, `measurements-page-${language.code}-${viewport.name}`);

        await page.goto('/measurements');
        await expect(page.getByTestId('send-why')).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await capture(page, testInfo, `measurements-choose-${language.code}-${viewport.name}`);
      });
    }
  }
});
