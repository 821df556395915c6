import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';
import { CALL_LAUNCH_OPTIONS, closeOtherContexts, expectRemoteVideoPlaying, joinCall, visitNow } from './video-call';

/**
 * The waiting room of a video visit (issue 18), with the organisation's default (admit required):
 * the patient joins and waits, seeing their place in line; the physician, on their home, hears the
 * knock and sees the waiting room, says they are running late (the patient reads it at once), opens
 * the visit from the knock, joins and lets the patient in; both then see each other's video.
 */

test.use({ launchOptions: CALL_LAUNCH_OPTIONS });
test.afterEach(closeOtherContexts);

async function personPage(browser: Browser, username: string, language: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'], viewport });
  await context.addInitScript((code) => localStorage.setItem('opencare.language', code), language);
  const page = await context.newPage();
  await logIn(page, username, DEMO_PASSWORD);
  return page;
}

const WORDS = {
  'en-US': { place: /^(You are next\.|You are number \d+ in line\.)$/, late: '10 minutes late', leave: 'Leave the waiting room' },
  ar: { place: /^(أنت التالي\.|ترتيبك في الدور: \d+\.)$/, late: 'متأخر حوالي 10 دقيقة', leave: 'مغادرة غرفة الانتظار' },
} as const;

for (const [language, viewport] of [
  ['en-US', { width: 1280, height: 800 }],
  ['ar', { width: 390, height: 844 }],
] as const) {
  test(`the patient waits and sees their place; the physician hears the knock, says they are late and lets them in (${language}, ${viewport.width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const visit = await visitNow(request, 'patient');
    const physician = await personPage(browser, 'physician', 'en-US', { width: 1280, height: 800 });
    await physician.goto('/');
    await expect(physician.getByTestId('clinician-home')).toBeVisible();

    // The patient joins and waits: their place in line, and nothing of the call.
    const patient = await personPage(browser, 'patient', language, viewport);
    await patient.goto(`/telehealth-visit/${visit.code}`);
    await expect(patient.getByTestId('pre-call-check')).toHaveAttribute('data-media', 'open');
    await patient.getByTestId('join-visit').click();
    await expect(patient.getByTestId('waiting-room')).toBeVisible();
    await expect(patient.getByTestId('waiting-place')).toHaveText(WORDS[language].place);
    await expect(patient.getByTestId('leave-waiting-room')).toHaveText(WORDS[language].leave);
    await expect(patient.getByTestId('call-view')).toHaveCount(0);

    // The knock reaches the physician's home at once, and the home's waiting room lists the patient.
    const knock = physician.getByTestId('notifications').getByText('Pat Morgan is in the waiting room');
    await expect(knock).toBeVisible();
    const row = physician.getByTestId('waiting-visit').filter({ hasText: 'Pat Morgan' });
    await expect(row).toBeVisible();

    // Running late: the patient reads it live, in their language.
    await row.getByTestId('waiting-late-select').selectOption('10');
    await expect(patient.getByTestId('waiting-late')).toContainText(WORDS[language].late);

    // From the knock to the visit; the physician joins and lets the patient in from the call.
    await physician.getByTestId('knock-open').click();
    await expect(physician).toHaveURL(new RegExp(`/telehealth-visit/${visit.code}$`));
    await joinCall(physician);
    const waiting = physician.getByTestId('waiting-to-join');
    await expect(waiting).toContainText('Pat Morgan');
    await waiting.getByTestId('admit-one').click();
    await expect(patient.getByTestId('call-view')).toBeVisible();
    await expect(waiting).toHaveCount(0);

    for (const page of [physician, patient]) await page.getByTestId('toggle-video').click();
    await expectRemoteVideoPlaying(physician);
    await expectRemoteVideoPlaying(patient);
    await physician.context().close();
    await patient.context().close();
  });
}
