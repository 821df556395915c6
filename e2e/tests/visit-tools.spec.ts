import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { CALL_LAUNCH_OPTIONS, closeOtherContexts, joinCall, visitNow } from './video-call';

/**
 * The visit screen's capture tool end to end: a physician in a video visit captures the camera's
 * frame, draws on it, crops it, and saves it with a caption; the patient's record then has the
 * camera measurement, marked as captured in a visit.
 */
test.use({
  permissions: ['camera', 'microphone'],
  launchOptions: CALL_LAUNCH_OPTIONS,
});
test.afterEach(closeOtherContexts);

async function tokenOf(request: APIRequestContext, username: string) {
  const login = await request.post('/api/v1/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { data: { accounts: { id: string; isDefault: boolean }[] } };
  return {
    headers: { authorization: `Bearer ${login.headers()['x-access-token']}` },
    accountId: body.data.accounts.find((a) => a.isDefault)?.id ?? '',
  };
}

test('a physician captures, annotates, crops and saves a snapshot to the patient record', async ({
  page,
  request,
}) => {
  // A call, a capture and an upload: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  const physician = await tokenOf(request, 'physician');
  const patient = await tokenOf(request, 'patient');
  const created = await request.post('/api/v1/visits', {
    headers: physician.headers,
    data: {
      patientId: patient.accountId,
      type: 'tv',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      durationMinutes: 60,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const visit = ((await created.json()) as { data: { code: string } }).data;
  const caption = `Visit tools check ${Date.now()}`;

  await logIn(page, 'physician', DEMO_PASSWORD);
  await page.goto(`/telehealth-visit/${visit.code}`);
  await joinCall(page);
  await page.getByRole('button', { name: 'Turn camera on' }).click();
  await expect(page.getByTestId('local-stream')).toBeVisible();

  // Drawing over the video: the overlay takes the pointer, and undo appears once there is a line.
  await page.getByTestId('call-more').click();
  await page.getByTestId('toggle-drawing').click();
  const overlay = page.getByTestId('drawing-overlay');
  const area = (await overlay.boundingBox())!;
  await page.mouse.move(area.x + area.width * 0.3, area.y + area.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.7, area.y + area.height * 0.4, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Undo line' })).toBeEnabled();
  await page.screenshot({ path: '/tmp/h5-out/drawing-overlay.png' });

  await page.getByTestId('capture-snapshot').click();
  const editor = page.getByRole('dialog', { name: 'Snapshot' });
  const canvas = editor.getByTestId('snapshot-canvas');
  await expect(canvas).toBeVisible();
  // The captured frame has the camera's size (the fake camera's, or 640×480 before it has one).
  const size = await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
  expect(size[0]).toBeGreaterThan(0);

  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 5 });
  await page.mouse.up();
  await expect(editor.getByRole('button', { name: 'Undo' })).toBeEnabled();

  await editor.getByText('Crop', { exact: true }).click();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.8, { steps: 5 });
  await page.mouse.up();
  await editor.getByRole('button', { name: 'Apply crop' }).click();
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeLessThan(size[0]!);
  await page.screenshot({ path: '/tmp/h5-out/snapshot-editor.png' });

  await editor.getByLabel('Caption').fill(caption);
  await editor.getByRole('button', { name: 'Save to patient record' }).click();
  await expect(page.getByText("Snapshot saved to the patient's record.")).toBeVisible();

  const readings = await request.get(
    `/api/v1/measurements?patient=${patient.accountId}&type=camera&pageSize=100`,
    { headers: physician.headers },
  );
  const saved = (
    (await readings.json()) as { data: { note: string; source: string; fileId: string }[] }
  ).data.find((m) => m.note === caption);
  expect(saved).toMatchObject({ source: 'visit', fileId: expect.any(String) });
  const photo = await request.get(`/api/v1/files/${saved!.fileId}`, { headers: patient.headers });
  expect(((await photo.json()) as { data: { contentType: string } }).data.contentType).toBe('image/jpeg');
});

async function personPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await logIn(page, username, DEMO_PASSWORD);
  return page;
}

/** Open the visit and join; the patient waits until `letInBy`, the physician in the call, lets them in. */
async function joinVisit(page: Page, code: string, letInBy?: Page) {
  await page.goto(`/telehealth-visit/${code}`);
  await joinCall(page, letInBy);
}

/** How many pixels of a drawing canvas are painted (what a person sees as the line). */
const paintedPixels = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
    return painted;
  });

test("the physician's drawing on the patient's camera shows on the patient's screen; a capture of a camera that is off is refused; the saved capture opens full size from the patient's timeline and the visit's record", async ({
  browser,
  request,
}) => {
  // Two people in a call, drawing, a refused and a saved capture: like the other video specs, 90 s.
  test.setTimeout(90_000);
  const visit = await visitNow(request, 'patient');
  const caption = `Shared drawing check ${Date.now()}`;

  const physician = await personPage(browser, 'physician');
  const patient = await personPage(browser, 'patient');
  await joinVisit(physician, visit.code);
  await joinVisit(patient, visit.code, physician);

  // The patient's camera arrives as the physician's main stream, still off: nothing to capture.
  const patientOnPhysician = physician.locator('[data-testid="remote-stream"][data-main="true"]');
  await expect(patientOnPhysician).toBeVisible({ timeout: 20_000 });
  // Her initials stand in for the picture once her device says the camera is off.
  await expect(patientOnPhysician.getByText('PM', { exact: true })).toBeVisible();
  await physician.getByTestId('capture-snapshot').click();
  await expect(physician.getByText(/camera is off — ask them to turn it on/)).toBeVisible();
  await expect(physician.getByRole('dialog', { name: 'Snapshot' })).toHaveCount(0);

  await patient.getByRole('button', { name: 'Turn camera on' }).click();
  const video = patientOnPhysician.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);

  // The physician draws a line over the patient's camera…
  await physician.getByTestId('call-more').click();
  await physician.getByTestId('toggle-drawing').click();
  const area = (await patientOnPhysician.boundingBox())!;
  await physician.mouse.move(area.x + area.width * 0.3, area.y + area.height * 0.5);
  await physician.mouse.down();
  await physician.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.4, { steps: 8 });
  await physician.mouse.up();
  await expect(patientOnPhysician.getByTestId('drawing-overlay')).toHaveAttribute('data-strokes', '1');

  // …and the patient sees it on their own camera's tile.
  const onPatient = patient.getByTestId('local-stream').getByTestId('drawing-overlay');
  await expect(onPatient).toHaveAttribute('data-strokes', '1', { timeout: 10_000 });
  await expect.poll(() => paintedPixels(onPatient)).toBeGreaterThan(50);
  await patient.screenshot({ path: '/tmp/h5-out/drawing-on-patient.png' });

  // Clearing on the physician's side clears it for the patient too.
  await physician.getByRole('button', { name: 'Clear drawing' }).click();
  await expect(onPatient).toHaveCount(0);

  await physician.getByTestId('capture-snapshot').click();
  const editor = physician.getByRole('dialog', { name: 'Snapshot' });
  await expect(editor.getByTestId('snapshot-canvas')).toBeVisible();
  await editor.getByLabel('Caption').fill(caption);
  // At 1280×800 the save button is in sight, not below the fold of the dialog.
  const save = editor.getByRole('button', { name: 'Save to patient record' });
  await expect(save).toBeInViewport();
  await save.click();
  await expect(physician.getByText("Snapshot saved to the patient's record.")).toBeVisible();

  await physician.goto(`/patients/${visit.patientId}`);
  const thumbnail = physician.getByRole('button', { name: 'Open the photo full size' }).first();
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail.locator('img')).toHaveJSProperty('complete', true);
  expect(await thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await thumbnail.focus();
  await physician.keyboard.press('Enter');
  const full = physician.getByRole('dialog').getByTestId('photo-full');
  await expect(full).toBeVisible();
  expect((await full.boundingBox())!.width).toBeGreaterThan((await thumbnail.boundingBox())!.width);

  // The visit's record keeps the snapshot with its caption, for the patient too.
  await patient.goto(`/visits/${visit.id}`);
  const kept = patient.getByTestId('visit-capture');
  await expect(kept).toContainText(caption);
  await kept.getByTestId('photo-thumbnail').click();
  await expect(patient.getByRole('dialog').getByTestId('photo-full')).toBeVisible();
  await physician.context().close();
  await patient.context().close();
});
