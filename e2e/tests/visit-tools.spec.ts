import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * The visit screen's capture tool end to end: a physician in a video visit captures the camera's
 * frame, draws on it, crops it, and saves it with a caption; the patient's record then has the
 * camera measurement, marked as captured in a visit.
 */
test.use({
  permissions: ['camera', 'microphone'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

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
  await expect(page.getByTestId('preview-video')).toBeVisible();
  await page.getByTestId('join-visit').click();
  await expect(page.getByTestId('call-view')).toBeVisible();
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
