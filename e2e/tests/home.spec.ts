import { expect, test, type Page } from '@playwright/test';
import { apiAs } from './api-as';
import { axeViolations, WCAG_21_AA } from './axe';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { nowInNewYork } from './clinic-time';

/**
 * Each role's home against a real edge (issue 17): the physician's day (today's visits, open
 * alerts, patients behind on their readings) and the patient's today, in the first screen of a phone.
 */

/** The procedures each tRPC request of the page carries from now on (a batch names several: `/trpc/a,b?batch=1`). */
function proceduresAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/trpc/')) asked.push(...decodeURIComponent(path.slice('/trpc/'.length)).split(','));
  });
  return asked;
}

/** Whether one request carried all of `names` before the welcome was drawn (`welcomeAt`, which the test's init script records). */
function sentBeforeWelcome(page: Page, names: string[]): Promise<boolean> {
  return page.evaluate((names: string[]) => {
    const { welcomeAt } = window as unknown as { welcomeAt?: number };
    const batch = performance.getEntriesByType('resource').find((entry) => names.every((name) => decodeURIComponent(entry.name).includes(name)));
    return batch !== undefined && welcomeAt !== undefined && batch.startTime < welcomeAt;
  }, names);
}

test("the physician's home lists today's visit, with Join, and the open alert it raised", async ({
  page,
  request,
}) => {
  const physician = await apiAs(request, 'physician');
  const patient = await apiAs(request, 'patient2');
  // A video visit with Layla Haddad that began a minute ago, and a fever reading of hers.
  const created = await physician.post<{ code: string }>('/visits', {
    patientId: patient.accountId,
    type: 'tv',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    durationMinutes: 60,
  });
  // One open alert per patient and type: an earlier fever alert of hers (another spec may have
  // acknowledged it) is resolved first, so this reading opens one the home lists.
  const earlier = await physician.get<{ id: string; type: string; resolvedAt: string | null }[]>(
    `/alerts?patient=${patient.accountId}&status=all&pageSize=100`,
  );
  for (const alert of earlier.filter((a) => a.type === 'bt' && !a.resolvedAt))
    await physician.patch(`/alerts/${alert.id}/resolve`, {});
  await patient.post('/measurements', {
    type: 'bt',
    values: { temperature: 39.8 },
    takenAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
  });

  await logIn(page, 'physician', DEMO_PASSWORD);
  await expect(page.getByTestId('user-full-name')).toHaveText('Priya Raman');
  // Hers of today may be several (other specs book too): this one is found by its visit's code.
  const visit = page
    .getByTestId('home-visits')
    .getByTestId('home-visit')
    .filter({ has: page.locator(`a[href="/telehealth-visit/${created.code}"]`) });
  await expect(visit).toBeVisible();
  await expect(visit.getByTestId('home-visit-join')).toBeVisible();
  const alerts = page.getByTestId('home-alerts');
  await expect(alerts.getByTestId('home-alert').first()).toBeVisible();
  await expect(alerts.getByTestId('home-alert').first()).toHaveAttribute('data-range', /highest|lowest/);
  await expect(alerts.getByRole('link', { name: 'Alerts inbox' })).toHaveAttribute('href', '/alerts');
  // The physician's home does not load the patient's task calendar.
  await expect(page.getByTestId('selected-date')).toHaveCount(0);

  // A patient's name opens their snapshot.
  await visit.getByRole('link', { name: 'Layla Haddad', exact: true }).click();
  await expect(page).toHaveURL(`/patients/${patient.accountId}`);
});

test("the physician's home lists a patient behind on their readings, and opens their chart", async ({
  page,
  request,
}) => {
  const physician = await apiAs(request, 'physician');
  const patient = await apiAs(request, 'patient2');
  // Layla Haddad has a daily schedule, and missed a weight two hours ago (its window closed unmeasured).
  await physician.post('/schedules', {
    patientId: patient.accountId,
    type: 'bw',
    startDate: nowInNewYork().date,
    frequency: 'daily',
    times: ['23:59'],
  });
  await physician.post('/tasks', { patientId: patient.accountId, type: 'bw', ...nowInNewYork(-120) });

  await logIn(page, 'physician', DEMO_PASSWORD);
  const behind = page.getByTestId('home-behind');
  await expect(behind.getByRole('heading', { name: 'Behind on readings' })).toBeVisible();
  const row = behind.getByTestId('home-behind-patient').filter({ hasText: 'Layla Haddad' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('home-behind-adherence')).toHaveText(/% done in 7 days$/);
  await expect(row.getByTestId('home-behind-why')).toContainText('Missed in the last 24 hours: 1');
  // The section itself passes axe's WCAG 2.1 A/AA rules (badge contrast, names of links).
  const found = await axeViolations(page, { include: '[data-testid="home-behind"]', tags: WCAG_21_AA });
  expect(found.map((v) => v.id)).toEqual([]);
  await row.getByRole('link', { name: 'Layla Haddad', exact: true }).click();
  await expect(page).toHaveURL(`/patients/${patient.accountId}`);
});

test('home opens in one piece: a reload asks for its data with its code, draws the home the device showed last without a loader first, and Quit forgets it', async ({
  page,
  browser,
}) => {
  await logIn(page, 'physician', DEMO_PASSWORD);
  await expect(page.getByTestId('clinician-home')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('opencare.lastHome'))).toBe('clinician');

  // The signed-in tab reloaded with a cold cache (a new context with its storage), as after an
  // update: every chunk is fetched again.
  const reloaded = await browser.newContext({ storageState: await page.context().storageState() });
  await reloaded.addInitScript((tab: Record<string, string>) => {
    for (const [key, value] of Object.entries(tab)) sessionStorage.setItem(key, value);
    // What the page's root shows, in order: the frame's loader, if any, and the first moment the
    // welcome is there, with or without the clinician's sections beside it.
    const seen: string[] = [];
    const page = window as unknown as { seen: string[]; welcomeAt?: number };
    page.seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="page-loader"]') && !seen.includes('loader')) seen.push('loader');
      if (document.querySelector('[data-testid="user-full-name"]') && !seen.some((s) => s.startsWith('welcome'))) {
        seen.push(document.querySelector('[data-testid="clinician-home"]') ? 'welcome with the home' : 'welcome alone');
        page.welcomeAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  }, await page.evaluate(() => ({ ...sessionStorage })));
  const tab = await reloaded.newPage();
  const asked = proceduresAsked(tab);
  await tab.goto('/');
  await expect(tab.getByTestId('clinician-home')).toBeVisible();
  expect(await tab.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['welcome with the home']);
  // Home's data went out with its code, before the first render, in one request; the sections then
  // found it in the cache: each of their queries was asked once (the open alerts once more when the
  // live socket connects: a change between the two would be missed otherwise).
  await expect(tab.getByTestId('home-alerts').getByTestId('home-alerts-count').or(tab.getByTestId('home-alerts').getByTestId('empty-state'))).toBeVisible();
  await tab.waitForLoadState('networkidle');
  const homeBatch = ['visits.waitingRoom', 'mail.unreadCount', 'mail.threads', 'appointments.list', 'alerts.list', 'adherence.behind', 'visits.incomplete'];
  expect(await sentBeforeWelcome(tab, homeBatch), "home's queries in one request, sent before the first render").toBe(true);
  for (const name of homeBatch.filter((n) => n !== 'alerts.list')) {
    expect(asked.filter((a) => a === name), name).toHaveLength(1);
  }

  // Quit: the next person on this device does not inherit the hint.
  await tab.getByRole('button', { name: 'Account menu' }).click();
  await tab.getByRole('menuitem', { name: 'Quit' }).click();
  await expect(tab).toHaveURL('/login');
  expect(await tab.evaluate(() => localStorage.getItem('opencare.lastHome'))).toBeNull();
  await reloaded.close();
});

test("a new tab restores the session with the page's code: one refresh, and home's data asked for once, before the first render", async ({
  page,
  browser,
}) => {
  await logIn(page, 'nurse', DEMO_PASSWORD);
  // A new tab the next morning: the refresh cookie and the session marker, not the first tab's token,
  // and a cold cache (in a warm one the code is there before the refresh's answer, and home may
  // render and ask for its data in the same moment).
  const morning = await browser.newContext({ storageState: await page.context().storageState() });
  const tab = await morning.newPage();
  await tab.addInitScript(() => {
    new MutationObserver(() => {
      const page = window as unknown as { welcomeAt?: number };
      if (page.welcomeAt === undefined && document.querySelector('[data-testid="user-full-name"]')) page.welcomeAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const asked = proceduresAsked(tab);
  await tab.goto('/');
  await expect(tab.getByTestId('clinician-home')).toBeVisible();
  await expect(tab.getByTestId('user-full-name')).toHaveText('Noah Bennett');
  await tab.waitForLoadState('networkidle');
  // Refresh tokens rotate: the session provider took over the refresh the page started, rather than sending its own.
  expect(asked.filter((name) => name === 'auth.refresh')).toHaveLength(1);
  const homeBatch = ['visits.waitingRoom', 'mail.unreadCount', 'mail.threads', 'appointments.list', 'adherence.behind', 'visits.incomplete'];
  for (const name of homeBatch) expect(asked.filter((a) => a === name), name).toHaveLength(1);
  expect(await sentBeforeWelcome(tab, homeBatch), "home's queries in one request, sent before the first render").toBe(true);
  await morning.close();
});

for (const language of [
  { code: 'en-US', dir: 'ltr', bloodPressure: 'Blood pressure' },
  { code: 'ar', dir: 'rtl', bloodPressure: 'ضغط الدم' },
] as const) {
  test(`a patient on a phone sees today's tasks in the first screen (${language.code})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await page.getByTestId('language-switch').selectOption(language.code);
    // The demo's care plan (blood pressure at 8:00 and 20:00, glucose at 7:30): no set-up needed.
    await logIn(page, 'patient', DEMO_PASSWORD);
    try {
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      const tasks = page.getByTestId('day-tasks');
      await expect(tasks.locator('li').first()).toBeInViewport();
      await expect(tasks).toContainText(language.bloodPressure);
      await expect(page.getByTestId('selected-date')).toHaveAttribute('data-date', nowInNewYork().date);
      // No identity card on home: the tabs come right after the welcome, on one line.
      const first = await page.getByTestId('home-tab-dailyTasks').boundingBox();
      const last = await page.getByTestId('home-tab-appointments').boundingBox();
      expect(first && last && Math.abs(first.y - last.y) < 2, 'the tabs share one line').toBe(true);
      await expect(page.getByRole('tablist')).toBeVisible();
    } finally {
      // The language is the patient's saved preference, and other specs sign in as him.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('language-switch').first().selectOption('en-US');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await page.waitForLoadState('networkidle');
    }
  });
}
