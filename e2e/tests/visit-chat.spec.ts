import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs } from './api-as';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { CALL_LAUNCH_OPTIONS, closeOtherContexts, joinCall, letInOverApi, visitNow } from './video-call';

/**
 * The chat of a video visit (issue 18): the physician writes during the call, the patient sees the
 * unread count on the Chat button at once, opens the chat and answers; after the call both
 * messages are on the visit's record.
 */

test.use({ launchOptions: CALL_LAUNCH_OPTIONS });
test.afterEach(closeOtherContexts);

/** Signed in and in the call; the patient waits until `letInBy`, the physician in the call, lets them in. */
async function inCall(browser: Browser, username: string, code: string, letInBy?: Page): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'], viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await logIn(page, username, DEMO_PASSWORD);
  await page.goto(`/telehealth-visit/${code}`);
  await joinCall(page, letInBy);
  return page;
}

test('a message sent during the call is seen live, answered, and kept on the visit record', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const visit = await visitNow(request);
  const physician = await inCall(browser, 'physician', visit.code);
  const patient = await inCall(browser, 'patient', visit.code, physician);
  await expect(physician.getByTestId('call-view')).toContainText('In the visit: 2');

  // The physician writes; Enter sends.
  await physician.getByTestId('toggle-chat').click();
  await expect(physician.getByTestId('chat-empty')).toBeVisible();
  const question = `Please keep the cuff on your left arm ${Date.now()}`;
  await physician.getByTestId('chat-input').fill(question);
  await expect(physician.getByTestId('chat-count')).toHaveText(`${question.length} / 2000`);
  await physician.getByTestId('chat-input').press('Enter');
  await expect(physician.getByTestId('chat-message')).toHaveAttribute('data-own', 'true');
  await expect(physician.getByTestId('chat-message')).toContainText('You');
  await expect(physician.getByTestId('chat-input')).toHaveValue('');

  // The patient's Chat button shows one unread message, live.
  await expect(patient.getByTestId('chat-unread')).toHaveAttribute('data-count', '1');
  await expect(patient.getByTestId('toggle-chat')).toHaveAccessibleName('Chat, unread messages: 1');
  await patient.getByTestId('toggle-chat').click();
  await expect(patient.getByTestId('chat-unread')).toHaveAttribute('data-count', '0');
  const received = patient.getByTestId('chat-message');
  await expect(received).toContainText('Priya Raman');
  await expect(received).toContainText(question);
  await expect(received).toHaveAttribute('data-own', 'false');

  // The patient answers on two lines (Shift+Enter), and the physician, with the chat open, reads it.
  const input = patient.getByTestId('chat-input');
  await input.pressSequentially('Done.');
  await input.press('Shift+Enter');
  await input.pressSequentially('It feels tight.');
  await expect(input).toHaveValue('Done.\nIt feels tight.');
  await input.press('Enter');
  await expect(physician.getByTestId('chat-message-body').nth(1)).toHaveText('Done.\nIt feels tight.');
  await expect(physician.getByTestId('chat-unread')).toHaveAttribute('data-count', '0');

  // The call ends; both messages are on the visit's record, for the physician and the patient.
  await physician.keyboard.press('Escape');
  await physician.getByTestId('end-visit').click();
  await expect(physician.getByTestId('call-ended')).toBeVisible();
  for (const page of [physician, patient]) {
    await page.goto(`/visits/${visit.id}`);
    const messages = page.getByTestId('visit-chat-message');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0)).toContainText('Priya Raman');
    await expect(messages.nth(0)).toContainText(question);
    await expect(messages.nth(1)).toContainText('Pat Morgan');
    await expect(messages.nth(1)).toContainText('It feels tight.');
  }
});

test('a guest invited by link reads the chat so far and writes to the physician', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const visit = await visitNow(request);
  const physicianApi = await apiAs(request, 'physician');
  const email = `chat.guest.${Date.now()}@example.org`;
  await physicianApi.post('/telehealth-invitations', { visitId: visit.id, fullName: 'Gail Guest', email });
  const outbox = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  const text = ((await outbox.json()) as { data: { text: string }[] }).data[0]?.text ?? '';
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(text)?.[1] ?? '';
  expect(key).not.toBe('');

  const physician = await inCall(browser, 'physician', visit.code);
  await physician.getByTestId('toggle-chat').click();
  await physician.getByTestId('chat-input').fill('Welcome, Gail.');
  await physician.getByTestId('chat-send').click();
  await expect(physician.getByTestId('chat-message')).toHaveCount(1);

  // The guest, signed out, joins by the link: the message sent before they came is waiting, unread.
  const guest = await (await browser.newContext({ permissions: ['camera', 'microphone'] })).newPage();
  await guest.goto(`/telehealth-invitations?key=${key}`);
  await guest.getByTestId('join-visit').click();
  // The physician, busy in the chat, lets the guest in from the home's waiting room (here, the API).
  await letInOverApi(request, guest, visit.id);
  await expect(guest.getByTestId('call-view')).toBeVisible();
  await expect(guest.getByTestId('chat-unread')).toHaveAttribute('data-count', '1');
  await guest.getByTestId('toggle-chat').click();
  await expect(guest.getByTestId('chat-message')).toContainText('Welcome, Gail.');
  await guest.getByTestId('chat-input').fill('Thank you, I can see you.');
  await guest.getByTestId('chat-input').press('Enter');
  await expect(guest.getByTestId('chat-message').nth(1)).toHaveAttribute('data-own', 'true');

  const fromGuest = physician.getByTestId('chat-message').nth(1);
  await expect(fromGuest).toContainText('Gail Guest');
  await expect(fromGuest).toContainText('Thank you, I can see you.');
});
