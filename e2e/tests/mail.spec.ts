import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { expectNoHorizontalOverflow } from './layout';

/**
 * Secure mail between the demo physician and the demo patient, on a real edge: a message with a
 * photo, the patient's unread badge, their reply, and the physician reading it. Then screenshots
 * of both mailboxes. Serial: the unread counts are shared state.
 */
test.describe.configure({ mode: 'serial' });

const run = randomBytes(3).toString('hex');
const SUBJECT = `Your blood pressure ${run}`;

/** A small picture (a teal-to-orange gradient) as a real PNG, so the preview shows something. */
function gradientPng(width = 96, height = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) {
      const t = x / (width - 1);
      rows.push(Math.round(18 + t * 220), Math.round(150 - t * 20), Math.round(140 - t * 100));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signedIn(browser: Browser, username: string, options: { language?: 'en-US' | 'ar'; width?: number; height?: number } = {}) {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
  const page = await context.newPage();
  if (options.language) {
    await page.goto('/login');
    await page.getByTestId('language-switch').selectOption(options.language);
  }
  await logIn(page, username, DEMO_PASSWORD);
  return page;
}

test('the physician writes with a photo, the patient reads and replies, the physician reads the reply', async ({ browser }) => {
  test.setTimeout(120_000);
  const physician = await signedIn(browser, 'physician');
  await physician.goto('/mail');
  await expect(physician.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  // The patient-facing emergency disclaimer is not repeated to staff.
  await expect(physician.getByTestId('disclaimer')).toHaveCount(0);

  await physician.getByTestId('new-thread').click();
  const form = physician.getByTestId('new-thread-form');
  await form.getByLabel('Patient').fill('Morgan');
  await physician.getByRole('option', { name: /Pat Morgan/ }).click();
  await form.getByTestId('new-thread-subject').fill(SUBJECT);
  await form.getByTestId('new-thread-body').fill('Your readings were a little high this week.\nPlease measure twice a day.');
  await form.locator('input[type=file]').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: gradientPng() });
  await expect(form.getByTestId('draft-file')).toHaveAttribute('data-status', 'ready');
  await form.getByTestId('send-new-thread').click();

  const sent = physician.getByTestId('thread-view');
  await expect(sent.getByRole('heading', { name: SUBJECT })).toBeVisible();
  await expect(sent.getByTestId('attachment')).toContainText('chart.png');
  await expect(sent.getByTestId('attachment').locator('img')).toBeVisible();

  const patient = await signedIn(browser, 'patient');
  const tab = patient.getByTestId('home-tab-messages');
  const badge = tab.getByTestId('mail-unread-badge');
  await expect(badge).toBeVisible();
  // Other specs on this edge may have written to the patient too (a nurse's care-time message).
  const unreadBefore = Number(await badge.locator('[aria-hidden]').innerText());
  await tab.click();
  const item = patient.getByTestId('thread-item').filter({ hasText: SUBJECT });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await item.click();
  const thread = patient.getByTestId('thread-view');
  await expect(thread.getByText('Please measure twice a day.')).toBeVisible();
  await expect(thread.getByText('Priya Raman')).toBeVisible();
  await expect(thread.getByTestId('attachment').locator('img')).toBeVisible();
  await expect(item).toHaveAttribute('data-unread', 'false');
  if (unreadBefore === 1) await expect(badge).toHaveCount(0);
  else await expect(badge.locator('[aria-hidden]')).toHaveText(String(unreadBefore - 1));

  await thread.getByTestId('reply-body').fill('Thank you, I will. It was 150/95 this morning.');
  await thread.getByTestId('send-reply').click();
  await expect(thread.getByTestId('mail-message')).toHaveCount(2);

  await physician.goto('/mail');
  const mine = physician.getByTestId('thread-item').filter({ hasText: SUBJECT });
  await expect(mine).toHaveAttribute('data-unread', 'true');
  await expect(physician.getByTestId('nav-menu').getByTestId('mail-unread-badge')).toBeVisible();
  await mine.click();
  await expect(physician.getByTestId('thread-view').getByText('It was 150/95 this morning.')).toBeVisible();
  await expect(mine).toHaveAttribute('data-unread', 'false');

  await physician.context().close();
  await patient.context().close();
});

async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const) {
  for (const language of ['en-US', 'ar'] as const) {
    test(`mail screenshots: ${language} ${viewport.name}`, async ({ browser }, testInfo) => {
      // Two people signed in and four screens each.
      test.setTimeout(120_000);
      const size = { language, width: viewport.width, height: viewport.height };
      const physician = await signedIn(browser, 'physician', size);
      await physician.goto('/mail');
      await expect(physician.getByTestId('thread-item').first()).toBeVisible();
      await expectNoHorizontalOverflow(physician);
      await capture(physician, testInfo, `mail-${language}-${viewport.name}`);
      await physician.getByTestId('thread-item').filter({ hasText: SUBJECT }).click();
      await expect(physician.getByTestId('thread-view').getByTestId('attachment').locator('img')).toBeVisible();
      await expectNoHorizontalOverflow(physician);
      await capture(physician, testInfo, `mail-thread-${language}-${viewport.name}`);
      await physician.getByTestId('new-thread').click();
      await expect(physician.getByTestId('new-thread-form')).toBeVisible();
      await capture(physician, testInfo, `mail-new-${language}-${viewport.name}`);
      await physician.keyboard.press('Escape');
      await expect(physician.getByTestId('new-thread-form')).toHaveCount(0);

      const patient = await signedIn(browser, 'patient', size);
      await patient.goto('/?tab=messages');
      await expect(patient.getByTestId('thread-item').first()).toBeVisible();
      await expectNoHorizontalOverflow(patient);
      await capture(patient, testInfo, `messages-tab-${language}-${viewport.name}`);
      await patient.getByTestId('thread-item').filter({ hasText: SUBJECT }).click();
      await expect(patient.getByTestId('thread-view').getByTestId('mail-message')).toHaveCount(2);
      await expectNoHorizontalOverflow(patient);
      await capture(patient, testInfo, `messages-thread-${language}-${viewport.name}`);

      await physician.context().close();
      await patient.context().close();
    });
  }
}
