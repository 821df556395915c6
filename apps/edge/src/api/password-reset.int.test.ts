import { auditLog, passwordResetTokens, sessions, users } from '@opencare/api/db/schema';
import { and, count, eq, gt, isNull, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type ReceivedMail } from '../testing/smtp-listener';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/** Password reset by e-mail (issue 15): one real edge, mail through a real SMTP server. */

let t: TestEdge;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestEdge({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://care.example.org', TRUST_PROXY: 'true' } });
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.edge.deps.db;
const userId = async (username: string) => (await db().select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const tokenIn = (mail: ReceivedMail) => /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
let address = 0;
/** Each test asks from addresses of its own, so the per-address limit of one does not reach another. */
const from = () => ({ 'x-forwarded-for': `198.18.0.${++address}` });
const request = (login: string, headers = from()) => t.call('POST', '/api/v1/auth/password-reset/request', { body: { login }, headers });
const confirm = (token: string, password: string, passwordConfirmation = password) =>
  t.call('POST', '/api/v1/auth/password-reset/confirm', { body: { token, password, passwordConfirmation }, headers: from() });
const mailsTo = (mails: ReceivedMail[], to: string) => mails.filter((m) => m.to.includes(to));
/** The mails received so far and not yet taken (a mail is in before the request that sends it answers). */
const drain = (): ReceivedMail[] => smtp.received.splice(0);

describe('POST /api/v1/auth/password-reset/request', () => {
  it('answers the same for a known address, a known username and an unknown one; only the known get mail', async () => {
    drain();
    const known = await request('patient2@demo.opencare.test');
    const byName = await request('PATIENT2');
    const unknown = await request('nobody.at.all@example.org');
    expect(known.status).toBe(202);
    expect(byName.body).toEqual(known.body);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, message: expect.any(String), data: null });
    const mails = drain();
    expect(mailsTo(mails, 'patient2@demo.opencare.test')).toHaveLength(2);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('https://care.example.org/reset-password?token=');
    // Stored hashed: the token in the mail is nowhere in the table; only the newest link is kept.
    const rows = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, await userId('patient2')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(tokenIn(mails[1]!));
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends at most three links an account per window, silently: the answer stays the same', async () => {
    drain();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await request('caregiver'));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(mailsTo(drain(), 'caregiver@demo.opencare.test')).toHaveLength(3);
  });

  it('refuses a sixth request from one address within the window with 429, whatever the name', async () => {
    const here = from();
    for (let i = 0; i < 5; i += 1) expect((await request(`someone${i}@example.org`, here)).status).toBe(202);
    const limited = await request('someone@example.org', here);
    expect(limited.status).toBe(429);
    expect(limited.body.key).toBe('rateLimited');
  });

  it('validates its input with field messages', async () => {
    const res = await t.call('POST', '/api/v1/auth/password-reset/request', { body: { login: '', extra: 1 }, headers: from() });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('validationFailed');
  });
});

describe('POST /api/v1/auth/password-reset/confirm', () => {
  it('sets the password once, signs out every session, and the link cannot be used again', async () => {
    drain();
    const id = await userId('physician');
    const a = await t.login('physician');
    const b = await t.login('physician');
    expect((await request('physician@demo.opencare.test')).status).toBe(202);
    const token = tokenIn((drain())[0]!)!;

    // The organisation's policy (and the shared rules) first: a refused password leaves the link usable.
    const weak = await confirm(token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual(expect.arrayContaining([{ field: 'password', message: 'Password must be at least 8 characters.' }]));

    const auditBefore = (await db().select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
    const done = await confirm(token, 'R3set!passw0rd');
    expect(done.status).toBe(200);
    // Every session of the user ended, in the database and for both access tokens.
    expect((await db().select({ n: count() }).from(sessions).where(and(eq(sessions.userId, id), isNull(sessions.revokedAt))))[0]!.n).toBe(0);
    expect((await t.call('GET', '/api/v1/profile', { token: a.token })).status).toBe(401);
    expect((await t.call('GET', '/api/v1/profile', { token: b.token })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/refresh', { headers: { cookie: a.cookie } })).status).toBe(401);
    // Old password refused, new one works.
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: 'physician', password: 'Passw0rd!' }, headers: from() })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: 'physician', password: 'R3set!passw0rd' }, headers: from() })).status).toBe(200);

    const again = await confirm(token, 'An0ther!pass');
    expect(again.status).toBe(400);
    expect(again.body.key).toBe('passwordResetInvalid');
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: 'physician', password: 'An0ther!pass' }, headers: from() })).status).toBe(401);

    const audited = await db()
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(gt(auditLog.id, auditBefore), eq(auditLog.action, 'auth.password.reset'), eq(auditLog.resourceId, id)));
    expect(audited.map((r) => r.outcome).sort()).toEqual(['allowed', 'denied']);
  });

  it('refuses an expired link and a made-up one', async () => {
    drain();
    expect((await request('nurse')).status).toBe(202);
    const token = tokenIn((drain())[0]!)!;
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, await userId('nurse')));
    const expired = await confirm(token, 'R3set!passw0rd');
    expect(expired.status).toBe(400);
    expect(expired.body.key).toBe('passwordResetExpired');
    expect((await confirm('made-up-token', 'R3set!passw0rd')).body.key).toBe('passwordResetInvalid');
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: 'nurse', password: 'Passw0rd!' }, headers: from() })).status).toBe(200);
  });

  it('lets two racing confirmations of one link change the password once', async () => {
    drain();
    expect((await request('patient')).status).toBe(202);
    const token = tokenIn((drain())[0]!)!;
    const [x, y] = await Promise.all([confirm(token, 'Rac3!first1'), confirm(token, 'Rac3!second2')]);
    expect([x.status, y.status].sort()).toEqual([200, 400]);
  });

  it('lifts the per-account sign-in lockout', async () => {
    drain();
    for (let i = 0; i < 10; i += 1) {
      await t.call('POST', '/api/v1/auth/login', { body: { username: 'assistant', password: `Wrong${i}!x` }, headers: from() });
    }
    const locked = await t.call('POST', '/api/v1/auth/login', { body: { username: 'assistant', password: 'Passw0rd!' }, headers: from() });
    expect(locked.body.key).toBe('loginTemporarilyLocked');
    expect((await request('assistant')).status).toBe(202);
    const token = tokenIn((drain())[0]!)!;
    expect((await confirm(token, 'Unl0ck!me99')).status).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: 'assistant', password: 'Unl0ck!me99' }, headers: from() })).status).toBe(200);
  });

  it('has tRPC twins with the same behaviour', async () => {
    drain();
    const asked = await t.call('POST', '/trpc/auth.requestPasswordReset', { body: { login: 'nobody@example.org' }, headers: from() });
    expect(asked.status).toBe(200);
    expect(asked.body.result.data).toBeNull();
    const refused = await t.call('POST', '/trpc/auth.confirmPasswordReset', {
      body: { token: 'made-up', password: 'R3set!passw0rd', passwordConfirmation: 'R3set!passw0rd' },
      headers: from(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.key).toBe('passwordResetInvalid');
  });
});
