import { accounts, signupRequests } from '@opencare/api/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener } from '../testing/smtp-listener';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

const adultBirthDate = `${new Date().getUTCFullYear() - 30}-05-17`;

let counter = 0;
function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const email = `new.person${counter}.${Date.now()}@example.org`;
  return {
    username: `newperson${counter}x${Date.now() % 100000}`,
    password: 'Str0ng!pass',
    passwordConfirmation: 'Str0ng!pass',
    firstName: 'Rosa',
    lastName: 'Delgado',
    dateOfBirth: adultBirthDate,
    gender: 'f',
    emailAddress: email,
    emailAddressConfirmation: email,
    phoneNumber: '+1 555 123 4567',
    phoneNumberConfirmation: '+1 555 123 4567',
    accountType: 'pat',
    termsAccepted: true,
    ...overrides,
  };
}

const tokenIn = (text: string) => /signup\/verify\?token=([\w-]+)/.exec(text)?.[1];

describe('self sign-up through a real SMTP server', () => {
  let t: TestEdge;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await startTestEdge({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://care.example.org' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a verification mail whose link verifies, completes and lets the person log in', async () => {
    const body = signupBody();
    const created = await t.call('POST', '/api/v1/auth/signup', { body });
    expect(created.status).toBe(201);
    expect(created.body.data.email).toBe(body.emailAddress);

    const mail = await smtp.next();
    expect(mail.to).toEqual([body.emailAddress]);
    expect(mail.text).toContain('https://care.example.org/signup/verify?token=');
    const token = tokenIn(mail.text);
    expect(token).toBeTruthy();

    // Logging in before completing is not possible: the user does not exist yet.
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: body.username, password: body.password } })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/signup/complete', { body: { token } })).body.key).toBe('signupNotVerified');

    const verified = await t.call('POST', '/api/v1/auth/signup/verify', { body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ email: body.emailAddress, username: body.username });

    const complete = await t.call('POST', '/api/v1/auth/signup/complete', { body: { token } });
    expect(complete.status).toBe(201);
    expect(complete.body.data).toMatchObject({ username: body.username, fullName: 'Rosa Delgado', isVerified: true });
    expect(complete.body.data.accounts).toHaveLength(1);
    expect(complete.body.data.accounts[0]).toMatchObject({ isDefault: true, roles: { Patient: 104 }, accountType: { code: 'pat' } });
    expect(complete.body.data.accounts[0].profile.mrn).toMatch(/^MRN\d+$/);

    const again = await t.call('POST', '/api/v1/auth/signup/complete', { body: { token } });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('alreadyActivated');

    // The clinic checks patients who sign up themselves before they join (patientManagement.approveSelfSignups, on by default).
    expect(complete.body.data.accounts[0].status.code).toBe('pending');
    const waiting = await t.call('POST', '/api/v1/auth/login', { body: { username: body.username, password: body.password } });
    expect(waiting.status).toBe(403);
    expect(waiting.body.key).toBe('accountAwaitingApproval');
    const nurse = await t.login('nurse');
    const accountId = complete.body.data.accounts[0].id as string;
    expect((await t.call('POST', `/api/v1/patients/${accountId}/approve`, { token: nurse.token })).status).toBe(200);

    const login = await t.call('POST', '/api/v1/auth/login', { body: { username: body.username, password: body.password } });
    expect(login.status).toBe(200);
    // An admin's e-mail check sees the new patient (a stranger's is "not told": login-limits.int.test.ts).
    const admin = await t.login('admin');
    expect((await t.call('POST', '/api/v1/auth/email-check', { token: admin.token, body: { email: body.emailAddress } })).body.data).toEqual({
      email: body.emailAddress,
      isExistingUser: true,
      accountType: 'pat',
    });
  });

  it('refuses a second sign-up for the same e-mail and resends at most every 5 minutes', async () => {
    const body = signupBody();
    expect((await t.call('POST', '/api/v1/auth/signup', { body })).status).toBe(201);
    await smtp.next();
    const twice = await t.call('POST', '/api/v1/auth/signup', { body: { ...body, username: `${body.username}b` } });
    expect(twice.status).toBe(409);
    expect(twice.body.key).toBe('signupRequestExists');
    const resend = await t.call('POST', '/api/v1/auth/signup/resend-verification', { body: { email: body.emailAddress } });
    expect(resend.status).toBe(429);
    expect(resend.body.key).toBe('verificationRecentlySent');
    const none = await t.call('POST', '/api/v1/auth/signup/resend-verification', { body: { email: 'nobody@example.org' } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No active sign-up request was found. Please sign up again.');
    // The pending sign-up holds its username.
    const available = await t.call('GET', `/api/v1/users/username/${body.username}/available`);
    expect(available.body.data).toEqual({ username: body.username, available: false });
  });

  it('resends after 5 minutes with a new link; the old one stops working', async () => {
    const body = signupBody();
    await t.call('POST', '/api/v1/auth/signup', { body });
    const oldToken = tokenIn((await smtp.next()).text);
    // Six minutes pass.
    await t.edge.deps.db
      .update(signupRequests)
      .set({ lastSentAt: new Date(Date.now() - 6 * 60_000) })
      .where(sql`lower(${signupRequests.email}) = ${body.emailAddress}`);
    const resend = await t.call('POST', '/api/v1/auth/signup/resend-verification', { body: { email: body.emailAddress.toUpperCase() } });
    expect(resend.status).toBe(200);
    const newToken = tokenIn((await smtp.next()).text);
    expect(newToken).not.toBe(oldToken);
    expect((await t.call('POST', '/api/v1/auth/signup/verify', { body: { token: oldToken } })).body.key).toBe('invalidActivationCode');
    expect((await t.call('POST', '/api/v1/auth/signup/verify', { body: { token: newToken } })).status).toBe(200);
    const badEmail = await t.call('POST', '/api/v1/auth/signup/resend-verification', { body: { email: 'not-an-email' } });
    expect(badEmail.body.errors).toEqual([{ field: 'email', message: 'Enter a valid e-mail address.' }]);
  });

  it('refuses taken names, under-age people, provider self sign-up and bad codes', async () => {
    const taken = await t.call('POST', '/api/v1/auth/signup', { body: signupBody({ username: 'physician' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.key).toBe('usernameOrEmailTaken');

    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
    const young = await t.call('POST', '/api/v1/auth/signup', { body: signupBody({ dateOfBirth: seventeen }) });
    expect(young.status).toBe(400);
    expect(young.body.errors).toContainEqual({ field: 'dateOfBirth', message: 'You must be at least 18 years old.' });

    const mismatch = await t.call('POST', '/api/v1/auth/signup', { body: signupBody({ emailAddressConfirmation: 'other@example.org' }) });
    expect(mismatch.body.errors).toContainEqual({ field: 'emailAddressConfirmation', message: 'E-mail fields must match.' });

    const provider = await t.call('POST', '/api/v1/auth/signup', { body: signupBody({ accountType: 'prov' }) });
    expect(provider.status).toBe(403);
    expect(provider.body.key).toBe('accountTypeByInvitation');

    const noType = await t.call('POST', '/api/v1/auth/signup', { body: signupBody({ accountType: undefined }) });
    expect(noType.body.errors).toContainEqual({ field: 'accountType', message: expect.any(String) });

    const badCode = await t.call('POST', '/api/v1/auth/signup/verify', { body: { token: 'not-a-real-code' } });
    expect(badCode.status).toBe(400);
    expect(badCode.body.key).toBe('invalidActivationCode');
    expect((await t.call('POST', '/api/v1/auth/signup/verify', { body: {} })).body.errors).toEqual([
      { field: 'token', message: 'This field is required.' },
    ]);
  });

  it('tells whether a username is free', async () => {
    expect((await t.call('GET', '/api/v1/users/username/physician/available')).body.data.available).toBe(false);
    expect((await t.call('GET', '/api/v1/users/username/Physician/available')).body.data.available).toBe(false);
    expect((await t.call('GET', '/api/v1/users/username/freename123/available')).body.data.available).toBe(true);
    const bad = await t.call('GET', '/api/v1/users/username/no%20spaces/available');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: 'name', message: 'Username may contain only letters and numbers.' });
  });
});

describe('patients who sign up wait for approval', () => {
  let t: TestEdge;
  beforeAll(async () => {
    t = await startTestEdge();
  });
  afterAll(() => t.close());

  /** Sign up, verify through the dev outbox, complete: the completed user. */
  async function signedUp(overrides: Record<string, unknown> = {}) {
    const body = signupBody(overrides);
    expect((await t.call('POST', '/api/v1/auth/signup', { body })).status).toBe(201);
    const { token: admin } = await t.login('admin');
    const outbox = await t.call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(body.emailAddress)}`, { token: admin });
    const token = tokenIn(outbox.body.data[0].text as string);
    expect((await t.call('POST', '/api/v1/auth/signup/verify', { body: { token } })).status).toBe(200);
    const complete = await t.call('POST', '/api/v1/auth/signup/complete', { body: { token } });
    expect(complete.status).toBe(201);
    return { body, accountId: complete.body.data.accounts[0].id as string, status: complete.body.data.accounts[0].status.code as string };
  }
  const statusOf = async (accountId: string) =>
    (await t.edge.deps.db.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, accountId)))[0]?.status;
  const logIn = (body: { username: string; password: string }) => t.call('POST', '/api/v1/auth/login', { body: { username: body.username, password: body.password } });
  const listed = async (token: string, name: string) =>
    ((await t.call('GET', `/api/v1/patients?search=${encodeURIComponent(name)}`, { token })).body.data as { accountId?: string; id?: string }[]).length;

  it('are off the patient list until staff approve them; a wrong password is not told they wait', async () => {
    const lastName = `Waiting${Date.now() % 100_000}`;
    const { body, accountId, status } = await signedUp({ lastName });
    expect(status).toBe('pending');
    expect(await statusOf(accountId)).toBe('pending');
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: body.username, password: 'Wr0ng!pass' } })).status).toBe(401);
    expect((await logIn(body)).body.key).toBe('accountAwaitingApproval');

    const { token: nurse } = await t.login('nurse');
    expect(await listed(nurse, lastName)).toBe(0);
    const awaiting = await t.call('GET', '/api/v1/patients/awaiting-approval', { token: nurse });
    expect(awaiting.status).toBe(200);
    expect(awaiting.body.data).toContainEqual(expect.objectContaining({ accountId, fullName: `Rosa ${lastName}`, email: body.emailAddress }));

    // Neither an assistant nor a patient decides; nothing changes.
    for (const who of ['assistant', 'patient']) {
      const { token } = await t.login(who);
      expect((await t.call('POST', `/api/v1/patients/${accountId}/approve`, { token })).status).toBe(403);
      expect((await t.call('GET', '/api/v1/patients/awaiting-approval', { token })).status).toBe(403);
    }
    expect(await statusOf(accountId)).toBe('pending');

    const { token: admin } = await t.login('admin');
    expect((await t.call('POST', `/api/v1/patients/${accountId}/approve`, { token: admin })).status).toBe(200);
    expect(await statusOf(accountId)).toBe('active');
    expect(await listed(nurse, lastName)).toBe(1);
    expect((await logIn(body)).status).toBe(200);
    const twice = await t.call('POST', `/api/v1/patients/${accountId}/approve`, { token: nurse });
    expect(twice.status).toBe(409);
    expect(twice.body.key).toBe('patientNotAwaitingApproval');
  });

  it('declined, the account is inactive and cannot sign in', async () => {
    const { body, accountId } = await signedUp();
    const { token: physician } = await t.login('physician');
    expect((await t.call('POST', `/api/v1/patients/${accountId}/decline`, { token: physician })).status).toBe(200);
    expect(await statusOf(accountId)).toBe('inactive');
    expect((await logIn(body)).body.key).toBe('accountInactive');
  });

  it('join at once when the organisation turns approval off; caregivers never wait', async () => {
    const caregiver = await signedUp({ accountType: 'car' });
    expect(caregiver.status).toBe('active');
    const { token: admin } = await t.login('admin');
    expect((await t.call('PATCH', '/api/v1/settings/patientManagement', { token: admin, body: { approveSelfSignups: false } })).status).toBe(200);
    const { body, status } = await signedUp();
    expect(status).toBe('active');
    expect((await logIn(body)).status).toBe(200);
    expect((await t.call('PATCH', '/api/v1/settings/patientManagement', { token: admin, body: { approveSelfSignups: true } })).status).toBe(200);
  });
});

describe('dev outbox when no SMTP server is configured', () => {
  it('keeps the mail and serves it so the link can be followed', async () => {
    const t = await startTestEdge();
    try {
      const body = signupBody();
      expect((await t.call('POST', '/api/v1/auth/signup', { body })).status).toBe(201);
      // Read as an admin of the organisation the person signs up to (dev-outbox.int.test.ts: who else may).
      const { token: admin } = await t.login('admin');
      const outbox = await t.call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(body.emailAddress)}`, { token: admin });
      expect(outbox.status).toBe(200);
      expect(outbox.body.data).toHaveLength(1);
      const token = tokenIn(outbox.body.data[0].text as string);
      expect((await t.call('POST', '/api/v1/auth/signup/verify', { body: { token } })).status).toBe(200);
      expect((await t.call('POST', '/api/v1/auth/signup/complete', { body: { token } })).status).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('is closed in production (where mail goes to SMTP or is disabled)', async () => {
    const t = await startTestEdge({ env: { NODE_ENV: 'production', MAIL_DISABLED: 'true' } });
    try {
      expect((await t.call('GET', '/api/v1/dev/outbox')).status).toBe(404);
      const { token: admin } = await t.login('admin');
      expect((await t.call('GET', '/api/v1/dev/outbox', { token: admin })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
