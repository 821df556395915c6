import { createHash, randomBytes } from 'node:crypto';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { createTRPCClient, httpLink } from '@trpc/client';
import { hashPassword } from '@opencare/api/auth/secrets';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { auditLog, loginChallenges, sessions, twoFactorRecoveryCodes, userTwoFactor } from '@opencare/api/db/schema';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@opencare/api/demo/demo-data';
import { organisationOfUser } from '@opencare/api/settings/settings.repository';
import { insertUser } from '@opencare/api/users/users.repository';
import { ROLES, type RoleNumber } from '@opencare/schemas/roles';
import { and, eq, isNull } from 'drizzle-orm';
import type { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type TestEdge } from '../testing/test-edge';
import { createOutsider } from '../testing/fixtures';
import { authenticator } from '../testing/two-factor-login';

/**
 * Two-factor sign-in (TOTP) end to end over REST and tRPC, with codes from an independent
 * implementation (the `otpauth` package): enrolment, the second step, replay, recovery codes, the
 * enrolment gate for administrators and the organisation setting. Rows are counted in the database.
 */
let t: TestEdge;
let adminToken: string;
const db = () => t.edge.deps.db;
const STEP_MS = 30_000;
/** The code the app shows `offset` steps from now (the server accepts one step either side). */
const code = (app: TOTP, offset = 0) => app.generate({ timestamp: Date.now() + offset * STEP_MS });

beforeAll(async () => {
  t = await startTestEdge();
  adminToken = (await t.login('admin')).token;
}, 120_000);
afterAll(() => t.close());

/** A new user of the demo organisation, straight in the database. */
async function newUser(role: RoleNumber, type: 'prov' | 'pat' = 'prov') {
  const username = `tf${randomBytes(4).toString('hex')}`;
  const userId = await insertUser(db(), { username, email: `${username}@two-factor.test`, passwordHash: await hashPassword(DEMO_PASSWORD), isVerified: true });
  const adminId = (await t.call('GET', '/api/v1/users/me', { token: adminToken })).body.data.id as string;
  const organisationId = (await organisationOfUser(db(), adminId))!;
  await insertAccount(db(), { userId, organisationId, accountType: type, isDefault: true }, { firstName: 'Two', lastName: 'Factor' }, [role]);
  return { username, userId };
}

const sessionCount = async (userId: string) => (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
const password = (username: string) => t.call('POST', '/api/v1/auth/login', { body: { username, password: DEMO_PASSWORD } });
const answer = (challengeToken: string, value: string) => t.call('POST', '/api/v1/auth/login/two-factor', { body: { challengeToken, code: value } });

/** Enrols a signed-in user from Settings → Security; the app that now holds the secret, and the recovery codes. */
async function enrolSignedIn(token: string) {
  const setup = await t.call('POST', '/api/v1/auth/two-factor/setup', { token });
  expect(setup.status).toBe(200);
  const app = authenticator(setup.body.data.secret as string);
  const confirmed = await t.call('POST', '/api/v1/auth/two-factor/confirm', { token, body: { code: code(app) } });
  expect(confirmed.status).toBe(200);
  return { app, recoveryCodes: confirmed.body.data.recoveryCodes as string[], setup: setup.body.data };
}

describe('enrolment in Settings → Security', () => {
  it('shows a QR URI and the secret once, keeps it sealed, and confirms only with a right first code', async () => {
    const nurse = await newUser(ROLES.Nurse);
    const { token } = await t.login(nurse.username);
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token })).body.data).toEqual({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await t.call('POST', '/api/v1/auth/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri } = setup.body.data as { secret: string; otpauthUri: string };
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(uri.pathname)).toContain(nurse.username);
    // Stored sealed: the base32 secret is nowhere in the row.
    const [row] = await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, nurse.userId));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row?.enabledAt).toBeNull();

    const app = authenticator(secret);
    const wrong = await t.call('POST', '/api/v1/auth/two-factor/confirm', { token, body: { code: code(app, 3) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('twoFactorCodeInvalid');
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token })).body.data.enabled).toBe(false);

    const confirmed = await t.call('POST', '/api/v1/auth/two-factor/confirm', { token, body: { code: code(app) } });
    expect(confirmed.status).toBe(200);
    const recoveryCodes = confirmed.body.data.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Only hashes are kept.
    const stored = await db().select({ codeHash: twoFactorRecoveryCodes.codeHash }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, nurse.userId));
    expect(stored).toHaveLength(10);
    for (const recovery of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(recovery.replaceAll('-', ''));

    const status = (await t.call('GET', '/api/v1/auth/two-factor', { token })).body.data;
    expect(status).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // Never shown again: a second set-up is refused while enrolled.
    expect((await t.call('POST', '/api/v1/auth/two-factor/setup', { token })).body.key).toBe('twoFactorAlreadyEnabled');
  });

  it('evaluates at most ten codes of thirty sent at once, then refuses even the right one for a while', async () => {
    const nurse = await newUser(ROLES.Nurse);
    const { token } = await t.login(nurse.username);
    const setup = await t.call('POST', '/api/v1/auth/two-factor/setup', { token });
    const app = authenticator(setup.body.data.secret as string);
    const confirm = (value: string) => t.call('POST', '/api/v1/auth/two-factor/confirm', { token, body: { code: value } });

    // Each try's slot is reserved before its code is checked: no guess slips in beside a slow one
    // (on PostgreSQL, counting after the check let 19 of the 30 be evaluated).
    const tries = await Promise.all(Array.from({ length: 30 }, () => confirm(code(app, 5))));
    expect(tries.filter((r) => r.body.key === 'twoFactorCodeInvalid')).toHaveLength(10);
    expect(tries.filter((r) => r.status === 429 && r.body.key === 'rateLimited')).toHaveLength(20);
    expect((await confirm(code(app))).body.key).toBe('rateLimited');
    expect((await t.call('GET', '/api/v1/auth/two-factor', { token })).body.data.enabled).toBe(false);
  });

  it('is for staff: patients and caregivers are refused and never asked at sign-in', async () => {
    const { token } = await t.login('patient');
    const refused = await t.call('POST', '/api/v1/auth/two-factor/setup', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('twoFactorStaffOnly');
    expect((await password('caregiver')).headers.get('x-access-token')).toBeTruthy();
  });
});

describe('signing in with a second step', () => {
  it('issues no token and no session for the password alone; the challenge is no access token', async () => {
    const physician = await newUser(ROLES.Physician);
    const { app } = await enrolSignedIn((await t.login(physician.username)).token);
    const before = await sessionCount(physician.userId);

    const first = await password(physician.username);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-access-token')).toBeNull();
    expect(first.headers.get('set-cookie')).toBeNull();
    const challenge = first.body.data.twoFactor as { challengeToken: string; kind: string; expiresAt: string };
    expect(challenge.kind).toBe('code');
    expect(new Date(challenge.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(await sessionCount(physician.userId)).toBe(before);
    expect((await t.call('GET', '/api/v1/profile', { token: challenge.challengeToken })).status).toBe(401);

    const wrong = await answer(challenge.challengeToken, code(app, 5));
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('twoFactorCodeInvalid');
    expect(wrong.headers.get('x-access-token')).toBeNull();
    expect(await sessionCount(physician.userId)).toBe(before);

    const right = await answer(challenge.challengeToken, code(app, 1));
    expect(right.status).toBe(200);
    expect(right.body.data.username).toBe(physician.username);
    const token = right.headers.get('x-access-token')!;
    expect((await t.call('GET', '/api/v1/profile', { token })).status).toBe(200);
    expect(await sessionCount(physician.userId)).toBe(before + 1);
    // One challenge, one session: it is spent.
    expect((await answer(challenge.challengeToken, code(app, 1))).body.key).toBe('twoFactorChallengeExpired');
  });

  it('refuses a code used once already (replay), even on a new challenge', async () => {
    const nurse = await newUser(ROLES.Nurse);
    const { app } = await enrolSignedIn((await t.login(nurse.username)).token);
    const value = code(app, 1);
    const first = await password(nurse.username);
    expect((await answer(first.body.data.twoFactor.challengeToken, value)).status).toBe(200);
    const again = await password(nurse.username);
    const replay = await answer(again.body.data.twoFactor.challengeToken, value);
    expect(replay.status).toBe(400);
    expect(replay.body.key).toBe('twoFactorCodeInvalid');
    // An earlier step than the one spent is no good either.
    expect((await answer(again.body.data.twoFactor.challengeToken, code(app, 0))).status).toBe(400);
  });

  it('takes each recovery code once, and new codes replace the old', async () => {
    const assistant = await newUser(ROLES.Assistant);
    const { app, recoveryCodes } = await enrolSignedIn((await t.login(assistant.username)).token);
    const [one, two] = recoveryCodes as [string, string];
    const first = await password(assistant.username);
    const signed = await answer(first.body.data.twoFactor.challengeToken, one.toUpperCase().replaceAll('-', ' '));
    expect(signed.status).toBe(200);
    const used = await db().select({ id: twoFactorRecoveryCodes.id }).from(twoFactorRecoveryCodes).where(and(eq(twoFactorRecoveryCodes.userId, assistant.userId), isNull(twoFactorRecoveryCodes.usedAt)));
    expect(used).toHaveLength(9);
    const again = await password(assistant.username);
    expect((await answer(again.body.data.twoFactor.challengeToken, one)).body.key).toBe('twoFactorCodeInvalid');

    const token = signed.headers.get('x-access-token')!;
    const renewed = await t.call('POST', '/api/v1/auth/two-factor/recovery-codes', { token, body: { code: code(app, 1) } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.recoveryCodes).toHaveLength(10);
    expect((await answer(again.body.data.twoFactor.challengeToken, two)).body.key).toBe('twoFactorCodeInvalid');
    expect((await answer(again.body.data.twoFactor.challengeToken, renewed.body.data.recoveryCodes[0])).status).toBe(200);
  });

  it('answers over tRPC the same way', async () => {
    const physician = await newUser(ROLES.Physician);
    const { app } = await enrolSignedIn((await t.login(physician.username)).token);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc` })] });
    const first = await trpc.auth.login.mutate({ username: physician.username, password: DEMO_PASSWORD });
    if (!('twoFactor' in first)) throw new Error('expected a second step');
    expect(first.twoFactor.kind).toBe('code');
    const signed = await trpc.auth.twoFactorLogin.mutate({ challengeToken: first.twoFactor.challengeToken, code: code(app, 1) });
    expect(signed.user.username).toBe(physician.username);
    expect((await t.call('GET', '/api/v1/profile', { token: signed.accessToken })).status).toBe(200);
  });

  it('lets optional staff turn it off with password and code, and no one else', async () => {
    const physician = await newUser(ROLES.Physician);
    const { token } = await t.login(physician.username);
    const { app } = await enrolSignedIn(token);
    const badPassword = await t.call('POST', '/api/v1/auth/two-factor/disable', { token, body: { password: 'Wrong!pass1', code: code(app, 1) } });
    expect(badPassword.body.key).toBe('currentPasswordIncorrect');
    const badCode = await t.call('POST', '/api/v1/auth/two-factor/disable', { token, body: { password: DEMO_PASSWORD, code: '000000' } });
    expect(badCode.body.key).toBe('twoFactorCodeInvalid');
    const off = await t.call('POST', '/api/v1/auth/two-factor/disable', { token, body: { password: DEMO_PASSWORD, code: code(app, 1) } });
    expect(off.status).toBe(200);
    expect(off.body.data.enabled).toBe(false);
    expect(await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, physician.userId))).toHaveLength(0);
    expect(await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, physician.userId))).toHaveLength(0);
    expect((await password(physician.username)).headers.get('x-access-token')).toBeTruthy();
  });
});

describe('an admin resets a user who lost their authenticator', () => {
  const liveSessions = async (userId: string) =>
    (await db().select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))).length;

  it('removes the secret and recovery codes, signs the user out everywhere, audits it, and the next sign-in asks no code', async () => {
    const nurse = await newUser(ROLES.Nurse);
    const { token } = await t.login(nurse.username);
    const { app } = await enrolSignedIn(token);
    await answer((await password(nurse.username)).body.data.twoFactor.challengeToken, code(app, 1));
    expect(await liveSessions(nurse.userId)).toBe(2);
    const path = `/api/v1/users/${nurse.userId}/two-factor`;
    expect((await t.call('GET', path, { token: adminToken })).body.data).toMatchObject({ enabled: true, required: false });

    const reset = await t.call('DELETE', path, { token: adminToken });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ enabled: false, enabledAt: null, required: false });
    expect(await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, nurse.userId))).toHaveLength(0);
    expect(await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, nurse.userId))).toHaveLength(0);
    expect(await liveSessions(nurse.userId)).toBe(0);
    expect((await t.call('GET', '/api/v1/users/me', { token })).status).toBe(401);
    const [entry] = await db()
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, nurse.userId), eq(auditLog.action, 'users.twoFactor.reset')));
    expect(entry?.outcome).toBe('allowed');
    // Optional for a nurse: the password alone signs in again, and they may enrol anew.
    expect((await password(nurse.username)).headers.get('x-access-token')).toBeTruthy();
  });

  it('makes a required user enrol a new authenticator at their next sign-in', async () => {
    const admin = await newUser(ROLES.Admin);
    await t.login(admin.username); // enrols through the login's enrolment step
    expect((await password(admin.username)).body.data.twoFactor.kind).toBe('code');
    const reset = await t.call('DELETE', `/api/v1/users/${admin.userId}/two-factor`, { token: adminToken });
    expect(reset.body.data).toMatchObject({ enabled: false, required: true });
    const next = await password(admin.username);
    expect(next.headers.get('x-access-token')).toBeNull();
    expect(next.body.data.twoFactor.kind).toBe('enrol');
  });

  it('is for admins of the user\'s organisation only, never for their own, and a refusal changes nothing', async () => {
    const nurse = await newUser(ROLES.Nurse);
    const { token } = await t.login(nurse.username);
    await enrolSignedIn(token);
    const path = `/api/v1/users/${nurse.userId}/two-factor`;
    const physician = await newUser(ROLES.Physician);
    const outsider = await createOutsider(db(), ROLES.Admin, 'prov');
    const adminId = (await t.call('GET', '/api/v1/users/me', { token: adminToken })).body.data.id as string;
    const refusals = [
      [await t.call('DELETE', path, { token }), 403],
      [await t.call('DELETE', path, { token: (await t.login(physician.username)).token }), 403],
      [await t.call('DELETE', path, { token: (await t.login('patient')).token }), 403],
      [await t.call('DELETE', path, { token: (await t.login(outsider.username)).token }), 404],
      [await t.call('GET', path, { token: (await t.login(outsider.username)).token }), 404],
      [await t.call('DELETE', `/api/v1/users/${adminId}/two-factor`, { token: adminToken }), 403],
      [await t.call('DELETE', '/api/v1/users/not-a-uuid/two-factor', { token: adminToken }), 400],
    ] as const;
    expect(refusals.map(([res]) => res.status)).toEqual(refusals.map(([, status]) => status));
    expect(await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, nurse.userId))).toHaveLength(1);
    expect(await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, adminId))).toHaveLength(1);
    expect((await t.call('GET', '/api/v1/users/me', { token })).status).toBe(200);
  });
});

describe('required two-factor', () => {
  it('gives an administrator without it only enrolment, and signs in once enrolled', async () => {
    const admin = await newUser(ROLES.Admin);
    const first = await password(admin.username);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-access-token')).toBeNull();
    const { challengeToken, kind } = first.body.data.twoFactor;
    expect(kind).toBe('enrol');
    expect(await sessionCount(admin.userId)).toBe(0);
    // An enrolment challenge is no second step, and no access token.
    expect((await answer(challengeToken, '123456')).body.key).toBe('twoFactorChallengeExpired');
    expect((await t.call('GET', '/api/v1/users', { token: challengeToken })).status).toBe(401);

    const setup = await t.call('POST', '/api/v1/auth/login/two-factor/setup', { body: { challengeToken } });
    expect(setup.status).toBe(200);
    const app = authenticator(setup.body.data.secret);
    const wrong = await t.call('POST', '/api/v1/auth/login/two-factor/enrol', { body: { challengeToken, code: '000000' } });
    expect(wrong.body.key).toBe('twoFactorCodeInvalid');
    expect(await sessionCount(admin.userId)).toBe(0);
    const enrolled = await t.call('POST', '/api/v1/auth/login/two-factor/enrol', { body: { challengeToken, code: code(app) } });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.data.recoveryCodes).toHaveLength(10);
    expect(enrolled.body.data.user.username).toBe(admin.username);
    const token = enrolled.headers.get('x-access-token')!;
    expect((await t.call('GET', '/api/v1/users?page=1&pageSize=5', { token })).status).toBe(200);
    expect(await sessionCount(admin.userId)).toBe(1);

    expect((await t.call('GET', '/api/v1/auth/two-factor', { token })).body.data).toMatchObject({ enabled: true, required: true });
    const refused = await t.call('POST', '/api/v1/auth/two-factor/disable', { token, body: { password: DEMO_PASSWORD, code: code(app, 1) } });
    expect(refused.body.key).toBe('twoFactorRequiredByPolicy');
    const next = await password(admin.username);
    expect(next.body.data.twoFactor.kind).toBe('code');
    expect((await answer(next.body.data.twoFactor.challengeToken, code(app, 1))).status).toBe(200);
    const audited = await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.resourceId, admin.userId), eq(auditLog.action, 'auth.twoFactor.enable')));
    expect(audited.length).toBeGreaterThanOrEqual(2); // the wrong code (denied) and the enrolment
  });

  it('follows the organisation setting that requires it of all staff, and still never asks patients', async () => {
    const nurse = await newUser(ROLES.Nurse);
    expect((await password(nurse.username)).headers.get('x-access-token')).toBeTruthy();
    const on = await t.call('PATCH', '/api/v1/settings/security', { token: adminToken, body: { twoFactorForAllStaff: true } });
    expect(on.status).toBe(200);
    try {
      const gated = await password(nurse.username);
      expect(gated.headers.get('x-access-token')).toBeNull();
      expect(gated.body.data.twoFactor.kind).toBe('enrol');
      expect((await password('patient')).headers.get('x-access-token')).toBeTruthy();
    } finally {
      await t.call('PATCH', '/api/v1/settings/security', { token: adminToken, body: { twoFactorForAllStaff: false } });
    }
    expect((await password(nurse.username)).headers.get('x-access-token')).toBeTruthy();
  });

  it('takes the demo admin\'s published secret in demo mode', async () => {
    const demo = await startTestEdge({ env: { DEMO: 'true' } });
    try {
      const first = await demo.call('POST', '/api/v1/auth/login', { body: { username: 'admin', password: DEMO_PASSWORD } });
      expect(first.body.data.twoFactor.kind).toBe('code');
      const signed = await demo.call('POST', '/api/v1/auth/login/two-factor', {
        body: { challengeToken: first.body.data.twoFactor.challengeToken, code: code(authenticator(DEMO_TOTP_SECRET)) },
      });
      expect(signed.status).toBe(200);
      expect(signed.headers.get('x-access-token')).toBeTruthy();
    } finally {
      await demo.close();
    }
  }, 120_000);
});

describe('limits on the second step (an edge of its own: the per-address count is shared)', () => {
  let edge: TestEdge;
  beforeAll(async () => {
    edge = await startTestEdge();
  }, 120_000);
  afterAll(() => edge.close());
  const login = (username: string) => edge.call('POST', '/api/v1/auth/login', { body: { username, password: DEMO_PASSWORD } });
  const reply = (challengeToken: string, value: string) => edge.call('POST', '/api/v1/auth/login/two-factor', { body: { challengeToken, code: value } });

  it('refuses the demo admin\'s published secret outside demo mode: the admin must enrol', async () => {
    const first = await login('admin');
    expect(first.headers.get('x-access-token')).toBeNull();
    expect(first.body.data.twoFactor.kind).toBe('enrol');
  });

  it('spends a challenge after five codes, each try reserved before it is checked, and then closes the address', async () => {
    // The admin enrols through the enrolment the login demands.
    const enrolChallenge = (await login('admin')).body.data.twoFactor.challengeToken;
    const secret = (await edge.call('POST', '/api/v1/auth/login/two-factor/setup', { body: { challengeToken: enrolChallenge } })).body.data.secret;
    const app = authenticator(secret);
    expect((await edge.call('POST', '/api/v1/auth/login/two-factor/enrol', { body: { challengeToken: enrolChallenge, code: code(app) } })).status).toBe(200);

    const { challengeToken } = (await login('admin')).body.data.twoFactor;
    const tries = await Promise.all(Array.from({ length: 8 }, () => reply(challengeToken, '000000')));
    expect(tries.filter((r) => r.body.key === 'twoFactorCodeInvalid')).toHaveLength(5);
    expect(tries.filter((r) => r.body.key === 'twoFactorChallengeExpired')).toHaveLength(3);
    expect((await reply(challengeToken, code(app, 1))).body.key).toBe('twoFactorChallengeExpired');
    const [row] = await edge.edge.deps.db
      .select({ attempts: loginChallenges.attempts })
      .from(loginChallenges)
      .where(eq(loginChallenges.tokenHash, createHash('sha256').update(challengeToken).digest('hex')));
    expect(row?.attempts).toBe(5);

    // Ten wrong codes from one address within a minute: the right code is refused too, for now.
    for (let i = 0; i < 5; i += 1) await reply((await login('admin')).body.data.twoFactor.challengeToken, '000000');
    const limited = await reply((await login('admin')).body.data.twoFactor.challengeToken, code(app, 1));
    expect(limited.status).toBe(429);
    expect(limited.body.key).toBe('rateLimited');
  });
});
