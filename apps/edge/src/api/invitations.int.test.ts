import { invitations } from '@opencare/api/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
let admin: string;
beforeAll(async () => {
  t = await startTestEdge();
  admin = (await t.login('admin')).token;
});
afterAll(() => t.close());

let n = 0;
const email = () => `invitee${++n}.${Date.now()}@example.org`;

/** The newest invitation link in the dev outbox for an address, read as the organisation's admin. */
async function tokenFor(address: string): Promise<string> {
  const outbox = await t.call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(address)}`, { token: admin });
  const token = /invitations\/verify\?token=([\w-]+)/.exec(outbox.body.data[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail for ${address}`);
  return token;
}

async function invite(body: Record<string, unknown>): Promise<Json> {
  const res = await t.call('POST', '/api/v1/invitations', { token: admin, body });
  expect(res.status).toBe(201);
  return res.body.data;
}

const acceptance = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  username: `joiner${n}${Date.now() % 100000}`,
  password: 'J0in!now99',
  passwordConfirmation: 'J0in!now99',
  firstName: 'Nia',
  lastName: 'Brooks',
  dateOfBirth: '1990-06-01',
  termsAccepted: true,
  ...overrides,
});

describe('invitations', () => {
  it('an invited nurse verifies, completes and logs in with the invited role', async () => {
    const address = email();
    const created = await invite({ email: address, role: 'Nurse', accountType: 'prov', expiresInDays: 3 });
    expect(created).toMatchObject({ email: address, role: 'Nurse', accountType: 'prov', status: 'pending' });
    const token = await tokenFor(address);

    const preview = await t.call('POST', '/api/v1/invitations/verify', { body: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ email: address, role: 'Nurse', accountType: 'prov', organisationName: 'Demo Clinic' });

    const body = acceptance(token);
    const done = await t.call('POST', '/api/v1/invitations/complete', { body });
    expect(done.status).toBe(201);
    expect(done.body.data.accounts[0]).toMatchObject({ roles: { Nurse: 102 }, isDefault: true });
    expect((await t.login(body.username, body.password)).body.data.fullName).toBe('Nia Brooks');

    const again = await t.call('POST', '/api/v1/invitations/complete', { body: acceptance(token) });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ key: 'invalidInvitation', message: 'This invitation is no longer valid.' });
    const listed = await t.call('GET', '/api/v1/invitations?status=accepted', { token: admin });
    expect(listed.body.data.map((i: Json) => i.id)).toContain(created.id);
    expect((await t.call('DELETE', `/api/v1/invitations/${created.id}`, { token: admin })).status).toBe(400);
  });

  it('checks the invitee: 18 or older, matching passwords, a free username', async () => {
    const address = email();
    await invite({ email: address, role: 'Patient', accountType: 'pat' });
    const token = await tokenFor(address);
    const young = await t.call('POST', '/api/v1/invitations/complete', { body: acceptance(token, { dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-01` }) });
    expect(young.status).toBe(400);
    expect(young.body.errors).toContainEqual({ field: 'dateOfBirth', message: 'You must be at least 18 years old.' });
    const mismatch = await t.call('POST', '/api/v1/invitations/complete', { body: acceptance(token, { passwordConfirmation: 'Other!pass1' }) });
    expect(mismatch.body.errors).toContainEqual({ field: 'passwordConfirmation', message: 'Password fields must match.' });
    const taken = await t.call('POST', '/api/v1/invitations/complete', { body: acceptance(token, { username: 'physician' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.key).toBe('usernameNotAvailable');
    expect((await t.call('POST', '/api/v1/invitations/verify', { body: { token: 'made-up' } })).body.key).toBe('invalidInvitation');
  });

  it('resends at most every 5 minutes; a resent link replaces the old one', async () => {
    const address = email();
    const created = await invite({ email: address, role: 'Assistant', accountType: 'prov' });
    const first = await tokenFor(address);
    const tooSoon = await t.call('PATCH', `/api/v1/invitations/${created.id}/resend`, { token: admin });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toBe('You can resend only once every 5 minutes.');
    await t.edge.deps.db.update(invitations).set({ lastSentAt: new Date(Date.now() - 6 * 60_000) }).where(eq(invitations.id, created.id));
    expect((await t.call('PATCH', `/api/v1/invitations/${created.id}/resend`, { token: admin })).status).toBe(200);
    const second = await tokenFor(address);
    expect(second).not.toBe(first);
    expect((await t.call('POST', '/api/v1/invitations/verify', { body: { token: first } })).body.key).toBe('invalidInvitation');
    expect((await t.call('POST', '/api/v1/invitations/verify', { body: { token: second } })).status).toBe(200);
  });

  it('revoked and expired invitations no longer work; pending ones can be edited and deleted', async () => {
    const revokedAddress = email();
    const revoked = await invite({ email: revokedAddress, role: 'Patient', accountType: 'pat' });
    const revokedToken = await tokenFor(revokedAddress);
    expect((await t.call('PATCH', `/api/v1/invitations/${revoked.id}/revoke`, { token: admin })).body.data.status).toBe('revoked');
    expect((await t.call('POST', '/api/v1/invitations/verify', { body: { token: revokedToken } })).body.key).toBe('invalidInvitation');

    const expiredAddress = email();
    const expired = await invite({ email: expiredAddress, role: 'Patient', accountType: 'pat' });
    const expiredToken = await tokenFor(expiredAddress);
    await t.edge.deps.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, expired.id));
    expect((await t.call('GET', `/api/v1/invitations/${expired.id}`, { token: admin })).body.data.status).toBe('expired');
    expect((await t.call('POST', '/api/v1/invitations/verify', { body: { token: expiredToken } })).body.key).toBe('invalidInvitation');
    const expiredList = await t.call('GET', '/api/v1/invitations?status=expired', { token: admin });
    expect(expiredList.body.data.map((i: Json) => i.id)).toEqual([expired.id]);

    const pending = await invite({ email: email(), role: 'Patient', accountType: 'pat' });
    const edited = await t.call('PATCH', `/api/v1/invitations/${pending.id}`, { token: admin, body: { role: 'Nurse', accountType: 'prov' } });
    expect(edited.body.data).toMatchObject({ role: 'Nurse', accountType: 'prov' });
    expect((await t.call('DELETE', `/api/v1/invitations/${pending.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/invitations/${pending.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses an address that already has an account, bad input, and non-admins', async () => {
    const existing = await t.call('POST', '/api/v1/invitations', { token: admin, body: { email: 'nurse@demo.opencare.test', role: 'Nurse', accountType: 'prov' } });
    expect(existing.status).toBe(409);
    const bad = await t.call('POST', '/api/v1/invitations', { token: admin, body: { email: 'x', role: 'Super', accountType: 'zzz', expiresInDays: 99 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Json) => e.field).sort()).toEqual(['accountType', 'email', 'expiresInDays', 'role']);
    for (const name of ['physician', 'nurse', 'patient', 'caregiver']) {
      const { token } = await t.login(name);
      expect((await t.call('GET', '/api/v1/invitations', { token })).status, name).toBe(403);
      expect((await t.call('POST', '/api/v1/invitations', { token, body: { email: email(), role: 'Admin', accountType: 'prov' } })).status, name).toBe(403);
    }
    const page = await t.call('GET', '/api/v1/invitations?page=1&pageSize=2', { token: admin });
    expect(page.body.meta).toMatchObject({ page: 1, pageSize: 2, hasPreviousPage: false });
  });
});
