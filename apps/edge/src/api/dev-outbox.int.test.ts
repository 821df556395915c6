import { randomBytes } from 'node:crypto';
import { auditLog, invitations, outbox, signupRequests, telehealthInvitations } from '@opencare/api/db/schema';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAppointmentWithVisit, organisationOf, signInCast, type Cast } from '../testing/appointment-fixtures';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * The dev outbox holds invitation tokens, sign-up verification tokens and guest visit keys: it is
 * read by the admins of the organisation each mail was sent for, by anyone only on an edge started
 * with DEV_OUTBOX=true, and no line of the edge's log carries a token, a key, a link or an address.
 */

const adultBirthDate = `${new Date().getUTCFullYear() - 30}-05-17`;
const unique = () => randomBytes(4).toString('hex');
function signupBody() {
  const email = `outbox.signup.${unique()}@example.org`;
  return {
    username: `outboxsignup${unique()}`,
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
  };
}
const readOutbox = (t: TestEdge, token?: string, to?: string) =>
  t.call('GET', `/api/v1/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, { token });
const addressesOf = (res: { body: Json }) => ((res.body.data ?? []) as Json[]).map((m) => m.to as string);

describe('without DEV_OUTBOX: the organisation’s admins only', () => {
  let t: TestEdge;
  let cast: Cast;
  let signup: ReturnType<typeof signupBody>;
  let invitee: string;
  let otherAdmin: string;
  let otherInvitee: string;
  beforeAll(async () => {
    t = await startTestEdge();
    cast = await signInCast(t);
    const outsider = await createOutsider(t.edge.deps.db, ROLES.Admin, 'prov');
    otherAdmin = (await t.login(outsider.username)).token;
    signup = signupBody();
    expect((await t.call('POST', '/api/v1/auth/signup', { body: signup })).status).toBe(201);
    invitee = `outbox.invitee.${unique()}@example.org`;
    const invite = (token: string, email: string) =>
      t.call('POST', '/api/v1/invitations', { token, body: { email, role: 'Nurse', accountType: 'prov' } });
    expect((await invite(cast.token.admin, invitee)).status).toBe(201);
    otherInvitee = `outbox.other.${unique()}@example.org`;
    expect((await invite(otherAdmin, otherInvitee)).status).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses the anonymous read (401), with or without an address', async () => {
    for (const to of [undefined, signup.emailAddress, invitee]) {
      const res = await readOutbox(t, undefined, to);
      expect(res.status, to).toBe(401);
      expect(res.body).toMatchObject({ success: false, key: 'tokenRequired' });
      expect(JSON.stringify(res.body)).not.toContain('token=');
    }
  });

  it('refuses the organisation’s clinicians and patients (403), and audits the refusal', async () => {
    for (const who of ['physician', 'nurse', 'assistant', 'patient', 'caregiver', 'outsider'] as const) {
      const res = await readOutbox(t, cast.token[who], invitee);
      expect(res.status, who).toBe(403);
      expect(JSON.stringify(res.body), who).not.toContain('token=');
    }
    const denied = await t.edge.deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.read'), eq(auditLog.outcome, 'denied'), eq(auditLog.actorAccountId, cast.id.physician)));
    expect(denied).toHaveLength(1);
  });

  it('shows an admin the mail of their own organisation: its invitations and the sign-ups to it', async () => {
    const all = await readOutbox(t, cast.token.admin);
    expect(all.status).toBe(200);
    expect(addressesOf(all)).toEqual(expect.arrayContaining([signup.emailAddress, invitee]));
    expect(addressesOf(all)).not.toContain(otherInvitee);
    const verification = await readOutbox(t, cast.token.admin, signup.emailAddress);
    expect(verification.body.data).toHaveLength(1);
    expect(verification.body.data[0].text).toMatch(/signup\/verify\?token=/);
  });

  it('shows an admin of another organisation none of it, only their own organisation’s mail', async () => {
    for (const to of [signup.emailAddress, invitee]) expect((await readOutbox(t, otherAdmin, to)).body.data, to).toEqual([]);
    expect(addressesOf(await readOutbox(t, otherAdmin))).toEqual([otherInvitee]);
  });

  it('ties every mail kept to an organisation (rows counted in the database)', async () => {
    const rows = await t.edge.deps.db.select({ organisationId: outbox.organisationId, to: outbox.to }).from(outbox);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.organisationId === null)).toEqual([]);
  });
});

describe('with DEV_OUTBOX=true (e2e, a developer’s machine)', () => {
  it('lets anyone read it without a token', async () => {
    const t = await startTestEdge({ env: { DEV_OUTBOX: 'true' } });
    try {
      const body = signupBody();
      expect((await t.call('POST', '/api/v1/auth/signup', { body })).status).toBe(201);
      const res = await readOutbox(t, undefined, body.emailAddress);
      expect(res.status).toBe(200);
      expect(res.body.data[0].text).toMatch(/signup\/verify\?token=/);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('with MAIL_DISABLED=true', () => {
  const lines: string[] = [];
  let t: TestEdge;
  let cast: Cast;
  beforeAll(async () => {
    t = await startTestEdge({ env: { MAIL_DISABLED: 'true', LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
    cast = await signInCast(t);
  });
  afterAll(() => t.close());
  const count = async (table: typeof signupRequests | typeof invitations | typeof telehealthInvitations, column: Json, value: string) =>
    (await t.edge.deps.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(column, value)))[0]?.n;

  it('refuses the flows that only mail a link, before creating anything, and has no outbox', async () => {
    const body = signupBody();
    const signup = await t.call('POST', '/api/v1/auth/signup', { body });
    expect(signup.status).toBe(503);
    expect(signup.body.key).toBe('mailDisabled');
    expect(await count(signupRequests, signupRequests.email, body.emailAddress)).toBe(0);

    const email = `disabled.${unique()}@example.org`;
    const invited = await t.call('POST', '/api/v1/invitations', { token: cast.token.admin, body: { email, role: 'Nurse', accountType: 'prov' } });
    expect(invited.body.key).toBe('mailDisabled');
    expect(await count(invitations, invitations.email, email)).toBe(0);

    const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: await organisationOf(t.edge.deps.db, cast.id.patient),
      patientAccountId: cast.id.patient,
      providerAccountId: cast.id.physician,
      startsAt: new Date(Date.now() + 5 * 60_000),
      status: 'confirmed',
      type: 'tv',
    });
    const guest = await t.call('POST', '/api/v1/telehealth-invitations', {
      token: cast.token.physician,
      body: { visitId, fullName: 'Sam Guest', email },
    });
    expect(guest.body.key).toBe('mailDisabled');
    expect(await count(telehealthInvitations, telehealthInvitations.email, email)).toBe(0);

    expect((await readOutbox(t, cast.token.admin)).status).toBe(404);
  });

  it('drops other mail, and the log says only that a mail was not sent', async () => {
    const email = `dropped.${unique()}@example.org`;
    await t.edge.deps.mailer.send({ organisationId: null, to: email, subject: 'A notice', text: `See ${t.url}/x?token=abc123secret` });
    const dropped = lines.filter((line) => line.includes('mail not sent'));
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).not.toMatch(/@|token|https?:|A notice/);
    expect((await t.edge.deps.db.select({ id: outbox.id }).from(outbox)).length).toBe(0);
  });
});

describe('the edge’s log while mail is sent', () => {
  it('holds no token, key, link or e-mail address through sign-up, invitation and guest-link flows', async () => {
    const lines: string[] = [];
    // The most talkative level: whatever any line could carry shows here.
    const t = await startTestEdge({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (line) => void lines.push(line) } });
    const secrets: string[] = [];
    try {
      const cast = await signInCast(t);
      const newestMail = async (to: string) => (await readOutbox(t, cast.token.admin, to)).body.data[0]?.text as string;

      // Self sign-up: verification mail, verify, complete.
      const body = signupBody();
      expect((await t.call('POST', '/api/v1/auth/signup', { body })).status).toBe(201);
      const signupToken = /signup\/verify\?token=([\w-]+)/.exec(await newestMail(body.emailAddress))?.[1] ?? '';
      expect(signupToken).not.toBe('');
      expect((await t.call('POST', '/api/v1/auth/signup/verify', { body: { token: signupToken } })).status).toBe(200);
      expect((await t.call('POST', '/api/v1/auth/signup/complete', { body: { token: signupToken } })).status).toBe(201);
      secrets.push(signupToken, body.emailAddress);

      // Invitation: mail, verify, complete.
      const invitee = `log.invitee.${unique()}@example.org`;
      const invited = await t.call('POST', '/api/v1/invitations', {
        token: cast.token.admin,
        body: { email: invitee, role: 'Nurse', accountType: 'prov' },
      });
      expect(invited.status).toBe(201);
      const invitationToken = /invitations\/verify\?token=([\w-]+)/.exec(await newestMail(invitee))?.[1] ?? '';
      expect(invitationToken).not.toBe('');
      expect((await t.call('POST', '/api/v1/invitations/verify', { body: { token: invitationToken } })).status).toBe(200);
      const accepted = await t.call('POST', '/api/v1/invitations/complete', {
        body: {
          token: invitationToken,
          username: `lognurse${unique()}`,
          password: 'J0in!now99',
          passwordConfirmation: 'J0in!now99',
          firstName: 'Nia',
          lastName: 'Brooks',
          dateOfBirth: '1990-06-01',
          termsAccepted: true,
        },
      });
      expect(accepted.status).toBe(201);
      secrets.push(invitationToken, invitee);

      // Telehealth guest link: mail, open, join, revoke.
      const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
        organisationId: await organisationOf(t.edge.deps.db, cast.id.patient),
        patientAccountId: cast.id.patient,
        providerAccountId: cast.id.physician,
        startsAt: new Date(Date.now() + 5 * 60_000),
        status: 'confirmed',
        type: 'tv',
      });
      const guestEmail = `log.guest.${unique()}@example.org`;
      const guest = await t.call('POST', '/api/v1/telehealth-invitations', {
        token: cast.token.physician,
        body: { visitId, fullName: 'Sam Guest', email: guestEmail },
      });
      expect(guest.status).toBe(201);
      const key = /telehealth-invitations\?key=([\w-]+)/.exec(await newestMail(guestEmail))?.[1] ?? '';
      expect(key).not.toBe('');
      expect((await t.call('GET', `/api/v1/telehealth-invitations?key=${key}`)).status).toBe(200);
      const joined = await t.call('POST', '/api/v1/telehealth-invitations/join', { body: { key, deviceId: `tab-${unique()}` } });
      expect(joined.status).toBe(200);
      const revoked = await t.call('PATCH', `/api/v1/telehealth-invitations/${guest.body.data.id}/revoke`, { token: cast.token.physician });
      expect(revoked.status).toBe(200);
      // A wrong or used link, too.
      expect((await t.call('GET', `/api/v1/telehealth-invitations?key=${key}`)).status).toBe(400);
      expect((await t.call('POST', '/api/v1/auth/signup/verify', { body: { token: signupToken } })).status).toBeGreaterThanOrEqual(400);
      secrets.push(key, guestEmail, joined.body.data.guestToken as string);
    } finally {
      await t.close();
    }

    // The log was captured: three mails were kept, and requests were logged.
    expect(lines.filter((line) => line.includes('mail kept in the dev outbox'))).toHaveLength(3);
    expect(lines.length).toBeGreaterThan(30);
    const leaks = lines.filter(
      (line) =>
        secrets.some((secret) => line.includes(secret)) ||
        /token=|key=|https?:\/\/[^"\s]*\/(signup|invitations|telehealth-invitations)/.test(line) ||
        /[\w.+-]+@[\w-]+(\.[\w-]+)+/.test(line),
    );
    expect(leaks).toEqual([]);
  }, 180_000);
});
