import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousViolations, WCAG_21_AA } from './axe';
import { expect, inLanguage, test } from './admin-page';
import { apiAs } from './api-as';
import { DEMO_PASSWORD } from './demo-users';
import { logIn } from './login-helpers';

/**
 * SMART App Launch from the browser (issue 21): an admin registers an app on the integrations
 * screen; the app sends a signed-out patient to the authorize endpoint; they sign in, land on the
 * consent page (axe-clean in Arabic), allow with the keyboard, and the browser arrives at the app's
 * redirect URI with a code, which the app exchanges (PKCE) for a token that reads their readings.
 * Then the EHR launch: the app registered with a launch URL, a physician opens it from a patient's
 * page, and the token the app gets reads that patient only.
 */
const REDIRECT = 'http://localhost:7777/smart/callback';

/** The admin registers an app on the integrations screen (its scopes by their labels): its client id, as the row shows it. */
async function registerApp(adminPage: Page, name: string, scopes: string[], launchUrl?: string): Promise<string> {
  await adminPage.goto('/dashboard/integrations');
  await adminPage.getByTestId('smart-app-register').click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByTestId('smart-app-name').fill(name);
  await dialog.getByTestId('smart-app-redirect-uris').fill(REDIRECT);
  if (launchUrl) await dialog.getByTestId('smart-app-launch-url').fill(launchUrl);
  for (const scope of scopes) await dialog.getByRole('checkbox', { name: scope }).check();
  await dialog.getByTestId('smart-app-submit').click();
  await expect(dialog).toBeHidden();
  const row = adminPage.getByTestId('smart-client-row').filter({ hasText: name });
  await expect(row).toContainText(launchUrl ?? REDIRECT);
  return (await row.getByTestId('smart-client-id').textContent())!.trim();
}

test('a patient allows an app from its authorize link, and the app reads their readings with the code', async ({ adminPage, browser, request }, testInfo) => {
  const name = `Pressure Diary ${randomUUID().slice(0, 6)}`;
  const clientId = await registerApp(adminPage, name, ['Which patient (launch/patient)', 'One patient’s record: Readings (Observation)']);

  const origin = new URL(adminPage.url()).origin;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomUUID();
  const authorize = `/fhir/R4/auth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'launch/patient patient/Observation.rs',
    state,
    aud: `${origin}/fhir/R4`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()}`;

  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  // The app's own page: nothing listens there in the test, so the browser's arrival is answered here.
  await page.route(`${REDIRECT}**`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'the app' }));
  await page.goto(authorize);
  // Not signed in: the consent page sends the patient to sign in first, and brings them back.
  await page.locator('input[name="username"]').fill('patient');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  const consent = page.getByTestId('smart-consent');
  await expect(consent).toContainText(name);
  // The name is isolated for right-to-left text (FSI … PDI around it).
  await expect(consent).toContainText(/Pat Morgan\u2069? \(you\)/);
  await expect(consent).toContainText('Your readings');
  await page.screenshot({ path: testInfo.outputPath('smart-consent.png'), fullPage: true });
  await inLanguage(page, { code: 'ar', dir: 'rtl' }, async () => {
    await expect(page.getByRole('button', { name: 'سماح' })).toBeVisible();
    expect(await seriousViolations(page, { tags: WCAG_21_AA })).toEqual([]);
  });

  await page.getByTestId('smart-consent-allow').focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${REDIRECT}?**`);
  const answer = new URL(page.url());
  expect(answer.searchParams.get('state')).toBe(state);
  const code = answer.searchParams.get('code')!;

  const token = await request.post('/fhir/R4/auth/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: clientId },
  });
  expect(token.status()).toBe(200);
  const granted = (await token.json()) as { access_token: string; patient: string; scope: string };
  expect(granted.scope).toBe('launch/patient patient/Observation.rs');
  const readings = await request.get(`/fhir/R4/Observation?patient=${granted.patient}&_count=1`, { headers: { authorization: `Bearer ${granted.access_token}` } });
  expect(readings.status()).toBe(200);
  // The code is spent.
  expect((await request.post('/fhir/R4/auth/token', { form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: clientId } })).status()).toBe(400);
  await context.close();
});

test('a physician opens an app from a patient’s page, and the app reads that patient’s record only', async ({ adminPage, browser, request }) => {
  const name = `Chart Viewer ${randomUUID().slice(0, 6)}`;
  const launchUrl = 'http://localhost:7777/smart/launch';
  const clientId = await registerApp(adminPage, name, ['One patient’s record: Everything (all FHIR resources)'], launchUrl);

  const physician = await apiAs(request, 'physician');
  const patients = await physician.get<{ accountId: string; fullName: string }[]>('/patients?search=Morgan');
  const patient = patients.find((p) => p.fullName === 'Pat Morgan')!;
  const origin = new URL(adminPage.url()).origin;
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await logIn(page, 'physician', DEMO_PASSWORD);
  // The app's pages: nothing listens there in the test, so the browser's arrivals are answered here.
  await context.route('http://localhost:7777/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'the app' }));
  await page.goto(`/patients/${patient.accountId}`);
  await page.getByTestId('open-in-app').click();
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('open-in-app-item').filter({ hasText: name }).click()]);
  await tab.waitForURL(`${launchUrl}?**`);
  const opened = new URL(tab.url());
  expect(opened.searchParams.get('iss')).toBe(`${origin}/fhir/R4`);
  // The app was not given a way back into the clinician's page.
  expect(await tab.evaluate(() => window.opener)).toBeNull();

  // The app, opened with iss and launch, asks to be authorized with the launch.
  const verifier = randomBytes(32).toString('base64url');
  const state = randomUUID();
  await tab.goto(
    `/fhir/R4/auth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: 'launch patient/*.read',
      launch: opened.searchParams.get('launch')!,
      state,
      aud: opened.searchParams.get('iss')!,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString()}`,
  );
  const consent = tab.getByTestId('smart-consent');
  await expect(consent).toContainText(name);
  await expect(tab.getByTestId('smart-consent-patient')).toContainText('Pat Morgan');
  await expect(tab.getByTestId('smart-consent-patient')).not.toContainText('(you)');
  await tab.getByTestId('smart-consent-allow').click();
  await tab.waitForURL(`${REDIRECT}?**`);
  const code = new URL(tab.url()).searchParams.get('code')!;
  const token = await request.post('/fhir/R4/auth/token', { form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: clientId } });
  const granted = (await token.json()) as { access_token: string; patient: string };
  expect(granted.patient).toBe(patient.accountId);
  const bearer = { authorization: `Bearer ${granted.access_token}` };
  expect((await request.get(`/fhir/R4/Patient/${patient.accountId}`, { headers: bearer })).status()).toBe(200);
  const other = patients.find((p) => p.accountId !== patient.accountId) ?? (await physician.get<{ accountId: string }[]>('/patients')).find((p) => p.accountId !== patient.accountId)!;
  expect((await request.get(`/fhir/R4/Patient/${other.accountId}`, { headers: bearer })).status()).toBe(403);
  await context.close();
});
