import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { apiAs } from './api-as';
import { seriousViolations } from './axe';
import { logIn } from './login-helpers';
import { CALL_LAUNCH_OPTIONS, closeOtherContexts, letInOverApi, visitNow } from './video-call';

/**
 * The pre-call check on the pre-join screen (issue 18): it runs by itself and gives a plain verdict
 * (on loopback, with no STUN/TURN configured, good — or fair on a loaded machine); the camera's on/off is chosen there, kept
 * on the device across a reload, and the call starts with the camera as chosen.
 */

test.use({ launchOptions: CALL_LAUNCH_OPTIONS });
test.afterEach(closeOtherContexts);

/** The verdict's headline: good on loopback, or fair when a loaded machine answers slowly (never poor). */
const HEADLINE = {
  'en-US': { good: 'Your connection is ready for a video visit.', fair: 'Your connection should work, but the video may not be smooth.' },
  ar: { good: 'اتصالك جاهز لزيارة الفيديو.', fair: 'يُفترض أن يعمل اتصالك، لكن قد لا يكون الفيديو سلسًا.' },
} as const;

async function patientPage(browser: Browser, language: keyof typeof HEADLINE, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'], viewport });
  await context.addInitScript((code) => localStorage.setItem('opencare.language', code), language);
  const page = await context.newPage();
  await logIn(page, 'patient', DEMO_PASSWORD);
  return page;
}

/** The camera's switch (Mantine's input is visually hidden; its label is what a person clicks). */
const cameraSwitch = (page: Page) => page.getByTestId('camera-switch');
async function setCamera(page: Page, on: boolean) {
  const input = cameraSwitch(page);
  if ((await input.isChecked()) !== on) await input.click({ force: true });
  await expect(input).toBeChecked({ checked: on });
}

const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

for (const language of ['en-US', 'ar'] as const) {
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    test(`pre-join (${language}, ${width}): the check gives a verdict; camera off is kept after a reload and the call starts with it off`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const visit = await visitNow(request, 'patient');
      const page = await patientPage(browser, language, viewport);
      await page.goto(`/telehealth-visit/${visit.code}`);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

      const verdict = page.getByTestId('network-verdict');
      await expect(verdict).toBeVisible({ timeout: 20_000 });
      await expect(verdict).toHaveAttribute('data-verdict', /^(good|fair)$/);
      const judged = (await verdict.getAttribute('data-verdict')) as 'good' | 'fair';
      await expect(verdict).toContainText(HEADLINE[language][judged]);
      // The way for video is open on loopback whatever the load.
      await expect(page.getByTestId('network-measurements')).toContainText(language === 'ar' ? 'شبكتك تسمح بمكالمات الفيديو' : 'Your network allows video calls');
      await expect(page.getByTestId('network-measurements')).toBeVisible();
      expect(await seriousViolations(page, { include: '[data-testid="pre-join"]' })).toEqual([]);

      // Camera on: the live preview shows; the choice survives a reload.
      await expect(page.getByTestId('pre-call-check')).toHaveAttribute('data-media', 'open');
      await setCamera(page, true);
      const preview = page.getByTestId('preview-video');
      await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 }).toBeGreaterThan(0);
      await page.reload();
      await expect(cameraSwitch(page)).toBeChecked();
      await expect(page.getByTestId('preview-video')).toBeVisible();

      // Camera off: no preview, kept after a reload, and the call starts with the camera off.
      await setCamera(page, false);
      await expect(page.getByTestId('preview-off')).toBeVisible();
      await page.reload();
      await expect(cameraSwitch(page)).not.toBeChecked();
      await expect(page.getByTestId('preview-video')).toHaveCount(0);
      await expect(page.getByTestId('pre-call-check')).toHaveAttribute('data-media', 'open');
      await page.getByTestId('join-visit').click();
      await letInOverApi(request, page, visit.id);
      await expect(page.getByTestId('call-view')).toBeVisible();
      await expect(page.getByTestId('toggle-video')).toHaveAttribute('aria-pressed', 'true');
      await page.context().close();
    });
  }
}

test('with the camera chosen on before joining, the call starts with the camera on', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const visit = await visitNow(request, 'patient');
  const page = await patientPage(browser, 'en-US', WIDTHS.desktop);
  await page.goto(`/telehealth-visit/${visit.code}`);
  await expect(page.getByTestId('pre-call-check')).toHaveAttribute('data-media', 'open');
  await setCamera(page, true);
  await page.getByTestId('join-visit').click();
  await letInOverApi(request, page, visit.id);
  await expect(page.getByTestId('call-view')).toBeVisible();
  await expect(page.getByTestId('toggle-video')).toHaveAttribute('aria-pressed', 'false');
  const own = page.locator('[data-testid="local-stream"] video').first();
  await expect.poll(() => own.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 }).toBeGreaterThan(0);
  await page.context().close();
});

test('a guest, signed out, runs the same check with their link and gets a verdict before joining', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const visit = await visitNow(request, 'patient2');
  const email = `guest.check.${Date.now()}@example.org`;
  await (await apiAs(request, 'physician')).post('/telehealth-invitations', { visitId: visit.id, fullName: 'Gus Guest', email });
  const outbox = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const text = ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(text)?.[1] ?? '';
  expect(key).not.toBe('');

  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const guest = await context.newPage();
  await guest.goto(`/telehealth-invitations?key=${key}`);
  await expect(guest.getByTestId('network-verdict')).toHaveAttribute('data-verdict', /^(good|fair)$/, { timeout: 20_000 });
  await expect(guest.getByTestId('network-measurements')).toContainText('Your network allows video calls');
  await expect(guest.getByTestId('pre-call-check')).toHaveAttribute('data-media', 'open');
  await guest.getByTestId('join-visit').click();
  await letInOverApi(request, guest, visit.id);
  await expect(guest.getByTestId('call-view')).toBeVisible();
  await expect(guest.getByTestId('toggle-video')).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});
