import { auditLog, users } from '@opencare/api/db/schema';
import { testEnv } from '@opencare/api/testing/env';
import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener } from '../testing/smtp-listener';
import { startTestEdge, type TestEdge } from '../testing/test-edge';
import { startTwoEdges } from '../testing/two-edges';

/**
 * Issue 15, doors 4 and 5: the failed-login limits hold under a real race, per address and per
 * account, and neither the e-mail check nor a locked account tells a stranger anything.
 */

type Db = TestEdge['edge']['deps']['db'];
const userId = async (db: Db, username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const lastAuditId = async (db: Db) => (await db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
/** Logins that reached the password check and failed: each writes one denied audit row for the user. */
const evaluatedFailures = async (db: Db, id: string, after: number) =>
  (
    await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(gt(auditLog.id, after), eq(auditLog.action, 'auth.login'), eq(auditLog.outcome, 'denied'), eq(auditLog.resourceId, id)))
  )[0]!.n;

const wrongLogin = (edge: TestEdge, i: number, headers: Record<string, string> = {}) =>
  edge.call('POST', '/api/v1/auth/login', { body: { username: 'patient', password: `Wrong${i}!x` }, headers });

// One edge for the file (starting one is slow); each test comes from addresses of its own.
let edge: TestEdge;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
beforeAll(async () => {
  smtp = await startSmtpListener();
  edge = await startTestEdge({ env: { TRUST_PROXY: 'true', SMTP_URL: smtp.url } });
}, 120_000);
afterAll(async () => {
  await edge.close();
  await smtp.close();
});

describe('door 4: a hundred parallel wrong passwords', () => {
  it('evaluate at most the limit of ten on one edge (the rest 429 before any hashing)', async () => {
    const db = edge.edge.deps.db;
    const id = await userId(db, 'patient');
    const after = await lastAuditId(db);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => wrongLogin(edge, i, { 'x-forwarded-for': '192.0.2.1' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    expect(await evaluatedFailures(db, id, after)).toBe(10);
  }, 120_000);

  it.runIf(testEnv.REDIS_URL)('evaluate at most ten across two edges sharing Redis', async () => {
    const [a, b] = await startTwoEdges();
    try {
      const db = a.edge.deps.db;
      const id = await userId(db, 'patient');
      const after = await lastAuditId(db);
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => wrongLogin(i % 2 ? a : b, i)));
      expect(answers.filter((r) => r.status === 401)).toHaveLength(10);
      expect(await evaluatedFailures(db, id, after)).toBe(10);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});

describe('door 4: per-account lockout', () => {
  it('closes an account after ten failures from ten addresses, for a known and an unknown name alike', async () => {
    const db = edge.edge.deps.db;
    const id = await userId(db, 'nurse');
    const after = await lastAuditId(db);
    const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });
    const failures = await Promise.all(
      Array.from({ length: 30 }, (_, i) => edge.call('POST', '/api/v1/auth/login', { body: { username: 'nurse', password: `Wrong${i}!x` }, headers: from(i) })),
    );
    expect(failures.filter((r) => r.status === 401)).toHaveLength(10);
    expect(failures.filter((r) => r.status === 429).every((r) => r.body.key === 'loginTemporarilyLocked')).toBe(true);
    expect(await evaluatedFailures(db, id, after)).toBe(10);

    // Locked now even for the right password, from a fresh address; the answer does not confirm it.
    const right = await edge.call('POST', '/api/v1/auth/login', { body: { username: 'nurse', password: 'Passw0rd!' }, headers: from(200) });
    const wrong = await edge.call('POST', '/api/v1/auth/login', { body: { username: 'nurse', password: 'Nope0000!' }, headers: from(201) });
    expect(right.status).toBe(429);
    expect(right.body).toEqual(wrong.body);
    expect(right.body.key).toBe('loginTemporarilyLocked');

    // A name nobody has locks the same way, so the lockout tells nobody that an account exists.
    for (let i = 0; i < 10; i += 1) {
      await edge.call('POST', '/api/v1/auth/login', { body: { username: 'nobody-here', password: `Wrong${i}!x` }, headers: from(100 + i) });
    }
    const ghost = await edge.call('POST', '/api/v1/auth/login', { body: { username: 'nobody-here', password: 'Wrong!x1' }, headers: from(150) });
    expect(ghost.status).toBe(429);
    expect(ghost.body).toEqual(right.body);
  }, 60_000);

  it('lets other accounts and a successful sign-in through: successes do not count', async () => {
    for (let i = 0; i < 15; i += 1) {
      const res = await edge.call('POST', '/api/v1/auth/login', { body: { username: 'physician', password: 'Passw0rd!' }, headers: { 'x-forwarded-for': '192.0.2.77' } });
      expect(res.status).toBe(200);
    }
  });
});

describe('door 5: a locked account never confirms a password', () => {
  it('answers accountLocked for the right and a wrong password alike, and inactive likewise', async () => {
    {
      const db = edge.edge.deps.db;
      await db.update(users).set({ isLocked: true }).where(eq(users.username, 'assistant'));
      await db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'caregiver'));
      for (const [username, key] of [
        ['assistant', 'accountLocked'],
        ['caregiver', 'accountInactive'],
      ] as const) {
        const right = await edge.call('POST', '/api/v1/auth/login', { body: { username, password: 'Passw0rd!' }, headers: { 'x-forwarded-for': '198.51.100.1' } });
        const wrong = await edge.call('POST', '/api/v1/auth/login', { body: { username, password: 'Wrong0ne!' }, headers: { 'x-forwarded-for': '198.51.100.2' } });
        expect(right.status).toBe(403);
        expect(right.body.key).toBe(key);
        expect(wrong.body).toEqual(right.body);
        expect(wrong.status).toBe(right.status);
      }
    }
  });
});

describe('door 5: the e-mail check', () => {
  const check = (body: Record<string, unknown>, token?: string) => edge.call('POST', '/api/v1/auth/email-check', { body, token });

  it('gives an anonymous caller the same answer for a staff address and a new one', async () => {
    const staff = await check({ email: 'admin@demo.opencare.test' });
    const fresh = await check({ email: 'admin@demo.opencare.test'.replace('admin', 'nobody') });
    expect(staff.status).toBe(200);
    expect(staff.body.data).toEqual({ email: 'admin@demo.opencare.test', isExistingUser: null, accountType: null });
    expect({ ...fresh.body, data: { ...fresh.body.data, email: 'x' } }).toEqual({ ...staff.body, data: { ...staff.body.data, email: 'x' } });
    // Over tRPC too.
    const trpc = await edge.call('GET', `/trpc/auth.emailCheck?input=${encodeURIComponent(JSON.stringify({ email: 'admin@demo.opencare.test' }))}`);
    expect(trpc.body.result.data).toEqual(staff.body.data);
  });

  it('gives an admin the full answer, and a patient nothing more than a stranger', async () => {
    const admin = (await edge.login('admin')).token;
    expect((await check({ email: 'physician@demo.opencare.test' }, admin)).body.data).toEqual({
      email: 'physician@demo.opencare.test',
      isExistingUser: true,
      accountType: 'prov',
    });
    expect((await check({ email: 'nobody@demo.opencare.test' }, admin)).body.data.isExistingUser).toBe(false);
    const patient = (await edge.login('patient2')).token;
    expect((await check({ email: 'physician@demo.opencare.test' }, patient)).body.data.isExistingUser).toBeNull();
  });

  it('gives the holder of a pending invitation the answer for the invited address only', async () => {
    const admin = (await edge.login('admin')).token;
    const address = `invited.${Date.now()}@example.org`;
    expect((await edge.call('POST', '/api/v1/invitations', { token: admin, body: { email: address, role: 'Nurse', accountType: 'prov' } })).status).toBe(201);
    const mail = await smtp.next();
    const invitationToken = /invitations\/verify\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(invitationToken).toBeTruthy();
    expect((await check({ email: address, invitationToken })).body.data).toEqual({ email: address, isExistingUser: false, accountType: null });
    // Another address with the same token, or a made-up token: the stranger's answer.
    expect((await check({ email: 'physician@demo.opencare.test', invitationToken })).body.data.isExistingUser).toBeNull();
    expect((await check({ email: address, invitationToken: 'not-a-token' })).body.data.isExistingUser).toBeNull();
  });
});
