import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiAs } from './api-as';
import { CHROMIUM } from './browser';

/**
 * What the video-visit specs share. Chromium's fake camera and microphone, allowed without a
 * prompt; browsers of one machine reach each other over loopback.
 */
export const CALL_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
  ],
};

/** A telemedicine visit of the physician with `patient` that began a minute ago and lasts an hour. */
export async function visitNow(request: APIRequestContext, patient = 'patient') {
  const physician = await apiAs(request, 'physician');
  const { accountId } = await apiAs(request, patient);
  const visit = await physician.post<{ id: string; code: string }>('/visits', {
    patientId: accountId,
    type: 'tv',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    durationMinutes: 60,
  });
  return { ...visit, patientId: accountId };
}

/**
 * Join from the pre-join screen once the camera and microphone are open. A patient or guest waits in
 * the waiting room (issue 18) until `letInBy` — a clinician's page in the call — lets them in.
 */
export async function joinCall(page: Page, letInBy?: Page) {
  await expect(page.getByTestId('pre-call-check')).toHaveAttribute('data-media', 'open');
  await page.getByTestId('join-visit').click();
  if (letInBy) await letIn(page, letInBy);
  await expect(page.getByTestId('call-view')).toBeVisible();
}

/** `waiting` is in the waiting room, and the clinician in the call lets it in. */
export async function letIn(waiting: Page, clinician: Page) {
  await expect(waiting.getByTestId('waiting-room')).toBeVisible();
  await clinician.getByTestId('waiting-to-join').getByTestId('admit-one').first().click();
}

/** The physician lets everyone waiting for the visit in, over the API (when no clinician's page is in the call). */
export async function letInOverApi(request: APIRequestContext, waiting: Page, visitId: string) {
  await expect(waiting.getByTestId('waiting-room')).toBeVisible();
  await (await apiAs(request, 'physician')).post(`/visits/${visitId}/admit`, {});
}

/** The other side's camera plays: frames have a size and the playhead moves on. */
export async function expectRemoteVideoPlaying(page: Page) {
  const video = page.locator('[data-testid="remote-stream"] video').first();
  await expect(video).toBeAttached({ timeout: 20_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(first);
}

/**
 * After each test: close the browser contexts the test opened for its people (the worker's browser
 * is shared, and a left-over call keeps its fake camera and peer connection running into the next
 * test). The test's own `context` fixture is Playwright's to close.
 */
export async function closeOtherContexts({ browser, context }: { browser: Browser; context: BrowserContext }) {
  await Promise.all(browser.contexts().filter((c) => c !== context).map((c) => c.close()));
}

/** Every other person's camera plays on this page: `count` remote tiles, each with moving frames. */
export async function expectRemoteVideosPlaying(page: Page, count: number) {
  const videos = page.locator('[data-testid="remote-stream"] video');
  await expect(videos).toHaveCount(count, { timeout: 30_000 });
  for (let i = 0; i < count; i += 1) {
    const video = videos.nth(i);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(first);
  }
}
