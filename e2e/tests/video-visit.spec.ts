import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { apiAs } from './api-as';
import { CALL_LAUNCH_OPTIONS, closeOtherContexts, expectRemoteVideoPlaying, joinCall, letIn, visitNow } from './video-call';

/**
 * A video visit between two browsers through the edge (issue 6): the physician and the patient join
 * the same visit over Simple Peer (the e2e edge has no LiveKit) and each sees the other's camera
 * playing; the patient takes the visit over from a second device; joining a visit of tomorrow is
 * refused with the minutes; a reading the patient takes during the call shows in the physician's
 * call view; the physician ends and completes the visit, which reaches the timeline. On a weak
 * network (Chromium's emulation) the patient's camera pauses by itself and the call says so.
 */

test.use({ launchOptions: CALL_LAUNCH_OPTIONS });
test.afterEach(closeOtherContexts);

async function personPage(
  browser: Browser,
  username: string,
  { viewport = { width: 1280, height: 800 }, language = 'en-US' } = {},
): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'], viewport });
  // The language this device was set to (the switch keeps it in the browser).
  if (language !== 'en-US') await context.addInitScript((code) => localStorage.setItem('opencare.language', code), language);
  const page = await context.newPage();
  await logIn(page, username, DEMO_PASSWORD);
  return page;
}

/** Open the visit and join; a patient waits until `letInBy`, the physician in the call, lets them in. */
async function joinVisit(page: Page, code: string, letInBy?: Page) {
  await page.goto(`/telehealth-visit/${code}`);
  await joinCall(page, letInBy);
}

test('a physician and a patient see each other, the patient takes over from a second device, the physician completes the visit', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const visit = await visitNow(request, 'patient');
  const physician = await personPage(browser, 'physician');
  const patient = await personPage(browser, 'patient');

  await joinVisit(physician, visit.code);
  await expect(physician.getByTestId('engine-notice')).toBeVisible();
  await joinVisit(patient, visit.code, physician);

  // The camera starts muted (spec §3); both turn it on.
  for (const page of [physician, patient]) {
    await expect(page.getByTestId('toggle-video')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('toggle-video').click();
    await expect(page.getByTestId('toggle-video')).toHaveAttribute('aria-pressed', 'false');
  }
  await expectRemoteVideoPlaying(physician);
  await expectRemoteVideoPlaying(patient);
  await expect(physician.getByTestId('visit-timer')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);

  // A reading the patient records during the call shows in the physician's call view at once.
  const readings = physician.getByTestId('call-readings');
  await expect(readings).toBeVisible();
  const during = await (await apiAs(request, 'patient')).post<{ id: string }>('/measurements', {
    type: 'bp',
    values: { systolic: 151, diastolic: 97, pulse: 88 },
    takenAt: new Date().toISOString(),
  });
  const shown = readings.locator(`[data-testid="timeline-item"][data-ref-id="${during.id}"]`);
  await expect(shown).toContainText('151/97');

  // The same patient on a second device: told the visit is active elsewhere, takes it over.
  const second = await personPage(browser, 'patient');
  await second.goto(`/telehealth-visit/${visit.code}`);
  await second.getByTestId('join-visit').click();
  await expect(second.getByTestId('active-elsewhere')).toContainText('another device');
  await second.getByTestId('take-over').click();
  await expect(second.getByTestId('call-view')).toBeVisible();
  await expect(patient.getByTestId('call-takenOver')).toBeVisible();
  await second.getByTestId('toggle-video').click();
  await expectRemoteVideoPlaying(physician);
  await expectRemoteVideoPlaying(second);

  // The physician ends and completes the visit with a summary.
  await physician.getByTestId('end-visit').click();
  await expect(physician.getByTestId('call-ended')).toBeVisible();
  await expect(second.getByTestId('call-ended')).toBeVisible();
  await physician.getByTestId('complete-visit').click();
  const summary = `Video visit summary ${Date.now()}`;
  await physician.getByTestId('visit-summary').fill(summary);
  await physician.getByTestId('visit-notes').fill('Discussed the readings over video.');
  await physician.getByTestId('complete-visit-submit').click();
  await expect(physician.getByTestId('visit-completed')).toBeVisible();

  await physician.goto(`/patients/${visit.patientId}`);
  const completed = physician.locator('[data-testid="timeline-item"][data-kind="visit"]').first();
  await expect(completed).toContainText('Visit completed');
});

test('joining a visit of a later day is refused with the minutes one may join early', async ({
  page,
  request,
}) => {
  const physician = await apiAs(request, 'physician');
  const { accountId } = await apiAs(request, 'patient2');
  // The next clinic day with a free slot of the physician's.
  let appointment: { visit: { code: string } | null } | null = null;
  for (let days = 1; days <= 10 && !appointment; days += 1) {
    const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const slots = await physician.get<{ startsAt: string }[]>(
      `/appointments/slots?date=${date}&providerId=${physician.accountId}`,
    );
    const slot = slots[Math.floor(slots.length / 2)];
    if (!slot) continue;
    appointment = await physician.post('/appointments', {
      providerId: physician.accountId,
      patientId: accountId,
      type: 'tv',
      startsAt: slot.startsAt,
    });
  }
  const code = appointment?.visit?.code ?? '';
  expect(code).not.toBe('');

  await logIn(page, 'patient2', DEMO_PASSWORD);
  await page.goto(`/telehealth-visit/${code}`);
  await page.getByTestId('join-visit').click();
  await expect(page.getByTestId('join-error')).toHaveText(
    /You cannot join more than \d+ minutes before the start\./,
  );
});

test('a guest opens the invitation link signed out and joins the physician over video', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const visit = await visitNow(request, 'patient2');
  const physicianApi = await apiAs(request, 'physician');
  const email = `guest.${Date.now()}@example.org`;
  await physicianApi.post('/telehealth-invitations', { visitId: visit.id, fullName: 'Gail Guest', email });
  const outbox = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const text = ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(text)?.[1] ?? '';
  expect(key).not.toBe('');

  const guestContext = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const guest = await guestContext.newPage();
  await guest.goto(`/telehealth-invitations?key=${key}`);
  await expect(guest.getByTestId('invitation-view')).toContainText('Gail Guest');
  await guest.getByTestId('join-visit').click();
  // The guest waits until the physician, once in the call, lets them in.
  await expect(guest.getByTestId('waiting-room')).toBeVisible();
  const physician = await personPage(browser, 'physician');
  await joinVisit(physician, visit.code);
  await letIn(guest, physician);
  await expect(guest.getByTestId('call-view')).toBeVisible();
  await guest.getByTestId('toggle-video').click();
  await physician.getByTestId('toggle-video').click();
  await expectRemoteVideoPlaying(physician);
  await expectRemoteVideoPlaying(guest);

  // A made-up key shows the invalid-invitation message.
  await guest.goto('/telehealth-invitations?key=not-a-real-invitation-key-0000');
  await expect(guest.getByTestId('invitation-invalid')).toBeVisible();
});

test('on a weak network the patient’s camera pauses by itself and says so (Arabic, phone)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const visit = await visitNow(request, 'patient');
  const physician = await personPage(browser, 'physician');
  const patient = await personPage(browser, 'patient', { viewport: { width: 390, height: 844 }, language: 'ar' });
  // Chromium's network emulation slows the patient's call to a second's round trip and loses some
  // packets. It applies to calls connected after it is set, so it is set before joining.
  const network = await patient.context().newCDPSession(patient);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 600,
    downloadThroughput: -1,
    uploadThroughput: -1,
    packetLoss: 10,
  });
  await joinVisit(physician, visit.code);
  await joinVisit(patient, visit.code, physician);
  await expect(patient.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const page of [physician, patient]) await page.getByTestId('toggle-video').click();
  await expect(patient.getByTestId('toggle-video')).toHaveAttribute('aria-pressed', 'false');

  // The call connects, finds the link poor, pauses the patient's camera and says so; audio goes on.
  await expect(patient.locator('[data-testid="local-stream"] [data-testid="link-quality"]')).toHaveAttribute(
    'data-level',
    'poor',
    { timeout: 45_000 },
  );
  const notice = patient.getByTestId('weak-network');
  await expect(notice).toHaveAttribute('data-state', 'videoPaused', { timeout: 15_000 });
  await expect(notice).toContainText('اتصالك ضعيف');
  await expect(patient.getByTestId('toggle-video')).toHaveAttribute('aria-pressed', 'true');
  await expect(patient.getByTestId('toggle-audio')).toHaveAttribute('aria-pressed', 'false');
  // The physician sees the patient's camera off, and a weak link on the patient's tile.
  const patientTile = physician.locator('[data-testid="remote-stream"]').first();
  await expect(patientTile.getByTestId('link-quality')).not.toHaveAttribute('data-level', 'good', { timeout: 15_000 });
  await expect(patientTile.locator('video')).toBeHidden();
});

/** The physician at a desk and the patient on a phone in a call, cameras on, each seeing the other. */
async function physicianAndPatientOnPhone(browser: Browser, request: APIRequestContext) {
  const visit = await visitNow(request, 'patient');
  const physician = await personPage(browser, 'physician');
  const patient = await personPage(browser, 'patient', { viewport: { width: 390, height: 844 } });
  await joinVisit(physician, visit.code);
  await joinVisit(patient, visit.code, physician);
  for (const page of [physician, patient]) await page.getByTestId('toggle-video').click();
  await expectRemoteVideoPlaying(patient);
  await expectRemoteVideoPlaying(physician);
  return { physician, patient };
}

test('a screen the physician shares becomes the main stream on the patient’s phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { physician, patient } = await physicianAndPatientOnPhone(browser, request);

  // Sharing adds a stream to the connected call: whichever side offered first, it reaches the other.
  await physician.getByTestId('toggle-screen').click();
  await expect(physician.getByTestId('toggle-screen')).toHaveAttribute('aria-pressed', 'true');
  const main = patient.locator('[data-testid="remote-stream"][data-main="true"]');
  await expect(main.getByText(/^Screen of /)).toBeVisible({ timeout: 20_000 });
  const size = await main.boundingBox();
  expect(size?.width ?? 0).toBeGreaterThan(300);
  await expect(patient.getByTestId('call-failure')).toBeHidden();
});

test('after a short loss of the network the patient stays in the visit, and the call and its chat go on', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { physician, patient } = await physicianAndPatientOnPhone(browser, request);

  // The patient's connection drops for a few seconds: the call says it is reconnecting, and stays.
  await patient.context().setOffline(true);
  await expect(patient.getByTestId('call-reconnecting')).toBeVisible({ timeout: 60_000 });
  await expect(patient.getByTestId('call-reconnecting')).toContainText('Reconnecting');
  await patient.context().setOffline(false);
  await expect(patient.getByTestId('call-reconnecting')).toBeHidden({ timeout: 30_000 });
  await expect(patient.getByTestId('call-view')).toBeVisible();

  // Back in the visit's room: the video plays on both sides and a chat message reaches the physician.
  await expectRemoteVideoPlaying(physician);
  await expectRemoteVideoPlaying(patient);
  await patient.getByTestId('toggle-chat').click();
  await patient.getByTestId('chat-input').fill('Back again.');
  await patient.getByTestId('chat-send').click();
  await expect(patient.getByTestId('chat-error')).toBeHidden();
  await physician.getByTestId('toggle-chat').click();
  await expect(physician.getByTestId('chat-message-body')).toHaveText('Back again.');
});
