import { listAuditForResource } from '@opencare/api/audit/audit.repository';
import { hashToken } from '@opencare/api/auth/secrets';
import { accountRoles, accounts, invitations, patientProfiles, users as userRows } from '@opencare/api/db/schema';
import { and, count, eq } from 'drizzle-orm';
import { ROLES } from '@opencare/schemas/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
const tokens: Record<string, string> = {};
const users: Record<string, Json> = {};
const DEMO = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;

beforeAll(async () => {
  t = await startTestEdge();
  for (const name of DEMO) {
    const { token, body } = await t.login(name);
    tokens[name] = token;
    users[name] = body.data;
  }
});
afterAll(() => t.close());

const accountOf = (name: string) => users[name].accounts[0].id as string;

describe('GET and PATCH /api/v1/profile', () => {
  it('returns the user-profile response of the acting account', async () => {
    const res = await t.call('GET', '/api/v1/profile', { token: tokens.patient });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: users.patient.id,
      accountId: accountOf('patient'),
      user: { username: 'patient', email: 'patient@demo.opencare.test', isVerified: true, isLocked: false },
    });
    expect(res.body.data.user.profile).toMatchObject({ fullName: 'Pat Morgan', dateOfBirth: '1958-04-12', mrn: expect.stringMatching(/^MRN/) });
    expect(res.body.data.user.profile.age.value).toBeGreaterThanOrEqual(68);
  });

  it('saves one\'s own profile and rejects bad fields', async () => {
    const saved = await t.call('PATCH', '/api/v1/profile', { token: tokens.patient2, body: { preferredName: 'Lay', phone: '+44 20 7946 0958' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.user.profile.preferredName).toBe('Lay');
    expect(saved.body.data.user.phone).toBe('+44 20 7946 0958');
    const bad = await t.call('PATCH', '/api/v1/profile', { token: tokens.patient2, body: { firstName: '', phone: 'call me' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'This field is required.' },
        { field: 'phone', message: 'Enter a valid phone number.' },
      ]),
    );
    const long = await t.call('PATCH', '/api/v1/profile', { token: tokens.patient2, body: { lastName: 'x'.repeat(51) } });
    expect(long.body.errors).toEqual([{ field: 'lastName', message: 'Last name must be at most 50 characters.' }]);
  });
});

describe('accounts and the acting account', () => {
  it('a caregiver holds two accounts, the caregiver one by default, and may act as the other', async () => {
    const caregiver = users.caregiver;
    expect(caregiver.accounts).toHaveLength(2);
    expect(caregiver.accounts[0]).toMatchObject({ isDefault: true, accountType: { code: 'car' }, roles: { User: 1 } });
    expect(caregiver.accounts[1]).toMatchObject({ isDefault: false, accountType: { code: 'pat' }, roles: { Patient: 104 } });
    const patientAccount = caregiver.accounts[1].id as string;

    const asDefault = await t.call('GET', '/api/v1/profile', { token: tokens.caregiver });
    expect(asDefault.body.data.accountId).toBe(caregiver.accounts[0].id);
    const asPatient = await t.call('GET', '/api/v1/profile', { token: tokens.caregiver, headers: { 'x-account-id': patientAccount } });
    expect(asPatient.body.data.accountId).toBe(patientAccount);

    // Naming someone else's account is refused, not ignored.
    const foreign = await t.call('GET', '/api/v1/profile', { token: tokens.caregiver, headers: { 'x-account-id': accountOf('patient') } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.key).toBe('err_forbidden');
  });

  it('refuses to act as an inactive account of one\'s own, named or the default', async () => {
    const [own, other] = users.caregiver.accounts as Array<{ id: string }>;
    const setStatus = (id: string, status: 'active' | 'inactive') =>
      t.edge.deps.db.update(accounts).set({ status }).where(eq(accounts.id, id));
    const profileAs = (accountId?: string) =>
      t.call('GET', '/api/v1/profile', {
        token: tokens.caregiver,
        headers: accountId ? { 'x-account-id': accountId } : {},
      });
    try {
      await setStatus(other!.id, 'inactive');
      const named = await profileAs(other!.id);
      expect([named.status, named.body.key]).toEqual([403, 'accountInactive']);
      expect((await profileAs()).status).toBe(200);
      await setStatus(own!.id, 'inactive');
      const byDefault = await profileAs();
      expect([byDefault.status, byDefault.body.key]).toEqual([403, 'accountInactive']);
    } finally {
      await setStatus(own!.id, 'active');
      await setStatus(other!.id, 'active');
    }
  });

  it('lists one\'s own accounts; an admin sees the organisation\'s, paged', async () => {
    const own = await t.call('GET', '/api/v1/accounts', { token: tokens.caregiver });
    expect(own.body.data.map((a: Json) => a.id)).toEqual(users.caregiver.accounts.map((a: Json) => a.id));
    const all = await t.call('GET', '/api/v1/accounts?page=1&pageSize=3', { token: tokens.admin });
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(3);
    expect(all.body.meta).toEqual({ total: 8, page: 1, pageSize: 3, totalPages: 3, hasNextPage: true, hasPreviousPage: false });
    expect((await t.call('GET', '/api/v1/accounts?pageSize=500', { token: tokens.admin })).status).toBe(400);
    const othersOfUser = await t.call('GET', `/api/v1/accounts?userId=${users.caregiver.id}`, { token: tokens.patient });
    expect(othersOfUser.status).toBe(403);
  });

  it('a patient reads only their own records; clinicians read the organisation\'s patients', async () => {
    const patientAccount = accountOf('patient');
    expect((await t.call('GET', `/api/v1/accounts/${patientAccount}/profile`, { token: tokens.patient })).status).toBe(200);
    const other = await t.call('GET', `/api/v1/accounts/${patientAccount}/profile`, { token: tokens.patient2 });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Sorry, you do not have permission to access this page.');
    for (const clinician of ['physician', 'nurse', 'assistant', 'admin']) {
      const res = await t.call('GET', `/api/v1/accounts/${patientAccount}/profile`, { token: tokens[clinician] });
      expect(res.status, clinician).toBe(200);
      expect(res.body.data.fullName).toBe('Pat Morgan');
    }
    // A caregiver's own (default) account is not a clinician's business.
    expect((await t.call('GET', `/api/v1/accounts/${accountOf('caregiver')}`, { token: tokens.physician })).status).toBe(403);
    // Both the allowed and the refused reads are in the audit log, without patient data.
    const trail = await listAuditForResource(t.edge.deps.db, 'account', patientAccount);
    expect(trail).toContainEqual(expect.objectContaining({ action: 'accounts.profile.read', outcome: 'denied', actorUserId: users.patient2.id }));
    expect(trail).toContainEqual(expect.objectContaining({ action: 'accounts.profile.read', outcome: 'allowed', actorUserId: users.physician.id }));
  });

  it('an account comes with every role it holds, and a patient\'s profile names their primary provider', async () => {
    const [patient, physician, nurse] = [accountOf('patient2'), accountOf('physician'), accountOf('nurse')];
    const db = t.edge.deps.db;
    await db.update(patientProfiles).set({ primaryProviderId: physician }).where(eq(patientProfiles.accountId, patient));
    await db.insert(accountRoles).values({ accountId: nurse, role: ROLES.Physician });
    try {
      const doctor = await t.call('GET', `/api/v1/accounts/${physician}/profile`, { token: tokens.admin });
      const profile = await t.call('GET', `/api/v1/accounts/${patient}/profile`, { token: tokens.admin });
      expect(profile.body.data.primaryProvider).toEqual({ accountId: physician, fullName: `${doctor.body.data.firstName} ${doctor.body.data.lastName}` });
      const nurseAccount = await t.call('GET', `/api/v1/accounts/${nurse}`, { token: tokens.admin });
      expect(nurseAccount.body.data.roles).toEqual({ Physician: ROLES.Physician, Nurse: ROLES.Nurse });
      // Without a primary provider, none is named.
      const other = await t.call('GET', `/api/v1/accounts/${accountOf('patient')}/profile`, { token: tokens.admin });
      expect(other.body.data.primaryProvider).toBeNull();
    } finally {
      await db.update(patientProfiles).set({ primaryProviderId: null }).where(eq(patientProfiles.accountId, patient));
      await db.delete(accountRoles).where(and(eq(accountRoles.accountId, nurse), eq(accountRoles.role, ROLES.Physician)));
    }
  });

  it('an admin of another organisation sees nothing of ours', async () => {
    const outsider = await createOutsider(t.edge.deps.db, ROLES.Admin, 'prov');
    const { token } = await t.login(outsider.username);
    // Another organisation's people are not found at all (404, as an unknown id), so ids cannot be probed.
    expect((await t.call('GET', `/api/v1/accounts/${accountOf('patient')}/profile`, { token })).status).toBe(404);
    expect((await t.call('GET', `/api/v1/users/${users.patient.id}`, { token })).status).toBe(404);
    expect((await t.call('PATCH', `/api/v1/users/${users.patient.id}`, { token, body: { isLocked: true } })).status).toBe(404);
    const list = await t.call('GET', '/api/v1/users', { token });
    expect(list.body.data.map((u: Json) => u.username)).toEqual([outsider.username]);
    // And ours cannot see theirs.
    expect((await t.call('GET', `/api/v1/accounts/${outsider.accountId}`, { token: tokens.admin })).status).toBe(404);
  });

  it('an admin adds an account to a user, makes it default, and cannot deactivate a default account', async () => {
    const created = await t.call('POST', '/api/v1/accounts', {
      token: tokens.admin,
      body: { userId: users.patient2.id, accountType: 'car', accountLabel: 'Caring for mother' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ accountLabel: 'Caring for mother', isDefault: false, roles: { User: 1 } });
    const id = created.body.data.id as string;
    expect((await t.call('POST', '/api/v1/accounts', { token: tokens.physician, body: { accountType: 'car' } })).status).toBe(403);

    const def = await t.call('PATCH', `/api/v1/accounts/${id}`, { token: tokens.admin, body: { isDefault: true } });
    expect(def.body.data.isDefault).toBe(true);
    const refused = await t.call('DELETE', `/api/v1/accounts/${id}`, { token: tokens.admin });
    expect(refused.status).toBe(409);
    expect(refused.body.key).toBe('defaultAccountRequired');
    // The owner switches the default back, then the admin deactivates the extra account.
    const back = await t.call('PATCH', `/api/v1/accounts/${accountOf('patient2')}`, { token: tokens.patient2, body: { isDefault: true } });
    expect(back.body.data.isDefault).toBe(true);
    const mine = await t.call('GET', '/api/v1/accounts', { token: tokens.patient2 });
    expect(mine.body.data.filter((a: Json) => a.isDefault)).toHaveLength(1);
    const gone = await t.call('DELETE', `/api/v1/accounts/${id}`, { token: tokens.admin });
    expect(gone.status).toBe(200);
    expect(gone.body.data.status.code).toBe('inactive');
    // A patient cannot change an account's status, even their own.
    const self = await t.call('PATCH', `/api/v1/accounts/${accountOf('patient2')}`, { token: tokens.patient2, body: { status: 'inactive' } });
    expect(self.status).toBe(403);
    expect((await t.call('PATCH', `/api/v1/accounts/${accountOf('patient')}`, { token: tokens.patient2, body: { accountLabel: 'x' } })).status).toBe(403);
  });

  it('keeps preferences per account', async () => {
    const res = await t.call('PATCH', `/api/v1/accounts/${accountOf('nurse')}`, { token: tokens.nurse, body: { preferences: { language: 'es', textSize: 'lg' } } });
    expect(res.body.data.preferences).toEqual({ language: 'es', textSize: 'lg' });
    const bad = await t.call('PATCH', `/api/v1/accounts/${accountOf('nurse')}`, { token: tokens.nurse, body: { preferences: { language: 'fr' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('preferences.language');
    expect((await t.call('GET', '/api/v1/accounts/not-a-uuid', { token: tokens.nurse })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/accounts/00000000-0000-4000-8000-000000000000', { token: tokens.admin })).status).toBe(404);
  });
});

describe('users', () => {
  it('only admins list, create and deactivate users', async () => {
    for (const name of ['physician', 'nurse', 'assistant', 'patient', 'caregiver']) {
      const res = await t.call('GET', '/api/v1/users', { token: tokens[name] });
      expect(res.status, name).toBe(403);
      expect(res.body.key).toBe('err_forbidden');
    }
    const list = await t.call('GET', '/api/v1/users?search=pat&pageSize=10', { token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: Json) => u.username)).toEqual(['patient', 'patient2']);
    expect(list.body.meta).toMatchObject({ total: 2, page: 1, pageSize: 10, totalPages: 1 });
    const nurses = await t.call('GET', '/api/v1/users?role=Nurse', { token: tokens.admin });
    expect(nurses.body.data.map((u: Json) => u.username)).toEqual(['nurse']);
    expect((await t.call('GET', '/api/v1/users?locked=true', { token: tokens.admin })).body.data).toEqual([]);
    expect((await t.call('GET', '/api/v1/users?locked=maybe', { token: tokens.admin })).status).toBe(400);
  });

  it('an admin creates a nurse who can then log in', async () => {
    const body = {
      username: 'nursejoy',
      email: 'joy@demo.opencare.test',
      password: 'Welc0me!now',
      role: 'Nurse',
      accountType: 'prov',
      specialty: '50',
      profile: { firstName: 'Joy', lastName: 'Okafor' },
    };
    expect((await t.call('POST', '/api/v1/users', { token: tokens.physician, body })).status).toBe(403);
    const created = await t.call('POST', '/api/v1/users', { token: tokens.admin, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ username: 'nursejoy', fullName: 'Joy Okafor' });
    expect(created.body.data.accounts[0].roles).toEqual({ Nurse: 102 });
    expect((await t.call('POST', '/api/v1/users', { token: tokens.admin, body })).body.key).toBe('usernameOrEmailTaken');
    const weak = await t.call('POST', '/api/v1/users', { token: tokens.admin, body: { ...body, username: 'other1', email: 'o@x.org', password: 'password' } });
    expect(weak.body.errors[0]).toEqual({
      field: 'password',
      message: 'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.',
    });
    const superUser = await t.call('POST', '/api/v1/users', { token: tokens.admin, body: { ...body, username: 'other2', email: 'p@x.org', role: 'Super' } });
    expect(superUser.status).toBe(400);
    expect((await t.login('nursejoy', 'Welc0me!now')).body.data.username).toBe('nursejoy');
  });

  it('reads oneself, lets oneself change contact details but not one\'s lock', async () => {
    expect((await t.call('GET', `/api/v1/users/${users.patient.id}`, { token: tokens.patient })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/users/${users.patient.id}`, { token: tokens.patient2 })).status).toBe(403);
    const phone = await t.call('PATCH', `/api/v1/users/${users.assistant.id}`, { token: tokens.assistant, body: { phone: '+1 555 222 3333' } });
    expect(phone.status).toBe(200);
    expect((await t.call('PATCH', `/api/v1/users/${users.assistant.id}`, { token: tokens.assistant, body: { isLocked: false } })).status).toBe(403);
    const taken = await t.call('PATCH', `/api/v1/users/${users.assistant.id}`, { token: tokens.assistant, body: { email: 'nurse@demo.opencare.test' } });
    expect(taken.status).toBe(409);
  });

  it('never locks out the last admin', async () => {
    const res = await t.call('PATCH', `/api/v1/users/${users.admin.id}`, { token: tokens.admin, body: { isLocked: true } });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('lastAdmin');
    expect((await t.call('DELETE', `/api/v1/users/${users.admin.id}`, { token: tokens.admin })).body.key).toBe('lastAdmin');
    expect((await t.call('GET', '/api/v1/profile', { token: tokens.admin })).status).toBe(200);
  });

  it('deactivating a user signs them out and keeps their record', async () => {
    const { token, body } = await t.login('nursejoy', 'Welc0me!now');
    const res = await t.call('DELETE', `/api/v1/users/${body.data.id}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/v1/profile', { token })).status).toBe(401);
    expect((await t.call('GET', `/api/v1/users/${body.data.id}`, { token: tokens.admin })).body.data.username).toBe('nursejoy');
  });
});

describe('lookups and client error reports', () => {
  it('serves every lookup and each by type, to signed-in users', async () => {
    const all = await t.call('GET', '/api/v1/lookups', { token: tokens.patient });
    expect(Object.keys(all.body.data).sort()).toEqual(
      ['accountTypes', 'appointmentTypes', 'durationUnits', 'genders', 'measurementCodes', 'placements', 'roomCodes', 'specialtyCodes', 'specialtyTypes'].sort(),
    );
    const genders = await t.call('GET', '/api/v1/lookups/genders', { token: tokens.patient });
    expect(genders.body.data.map((g: Json) => g.code)).toEqual(['m', 'f', 'unk', 'na']);
    expect((await t.call('GET', '/api/v1/lookups/planets', { token: tokens.patient })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/lookups')).status).toBe(401);
  });

  it('stores client error reports with or without a session', async () => {
    const entry = { key: 'err_network', message: 'Network Error', environment: { url: '/home', mode: 'production' } };
    expect((await t.call('POST', '/api/v1/logs', { body: entry })).status).toBe(201);
    expect((await t.call('POST', '/api/v1/logs', { body: entry, token: tokens.patient })).status).toBe(201);
    const bad = await t.call('POST', '/api/v1/logs', { body: { message: 'x'.repeat(3000), environment: {} } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('message');
  });

  it('answers unknown API paths with the catalogue 404', async () => {
    const res = await t.call('GET', '/api/v1/nothing-here', { token: tokens.patient });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, key: 'notFound', message: 'We could not find what you asked for.' });
  });
});

describe('role and account type (issue 15, door 6)', () => {
  const MISMATCH = { field: 'role', message: 'This role is not allowed for this account type.' };
  const counted = async () => ({
    users: (await t.edge.deps.db.select({ n: count() }).from(userRows))[0]?.n,
    accounts: (await t.edge.deps.db.select({ n: count() }).from(accounts))[0]?.n,
    invitations: (await t.edge.deps.db.select({ n: count() }).from(invitations))[0]?.n,
  });
  let n = 0;
  const unique = () => `mix${++n}x${Date.now() % 1_000_000}`;

  it('refuses a patient account with a physician’s role on every path, as a field error on role', async () => {
    const before = await counted();
    const user = (role: string, accountType: string) => {
      const name = unique();
      return { username: name, email: `${name}@example.org`, password: 'Welc0me!now', role, accountType, profile: { firstName: 'Mix', lastName: 'Up' } };
    };
    const refusals = [
      await t.call('POST', '/api/v1/users', { token: tokens.admin, body: user('Physician', 'pat') }),
      await t.call('POST', '/api/v1/users', { token: tokens.admin, body: user('Patient', 'prov') }),
      await t.call('POST', '/api/v1/users', { token: tokens.admin, body: user('Admin', 'car') }),
      await t.call('POST', `/trpc/users.create`, { token: tokens.admin, body: user('Nurse', 'pat') }),
      await t.call('POST', '/api/v1/accounts', { token: tokens.admin, body: { userId: users.caregiver.id, accountType: 'pat', role: 'Nurse' } }),
      await t.call('POST', '/api/v1/invitations', { token: tokens.admin, body: { email: `${unique()}@example.org`, role: 'Physician', accountType: 'pat' } }),
      await t.call('POST', '/api/v1/auth/signup', {
        body: {
          username: unique(),
          password: 'Str0ng!pass',
          passwordConfirmation: 'Str0ng!pass',
          firstName: 'Rosa',
          lastName: 'Delgado',
          dateOfBirth: '1980-01-01',
          gender: 'f',
          emailAddress: 'mix.signup@example.org',
          emailAddressConfirmation: 'mix.signup@example.org',
          phoneNumber: '+1 555 123 4567',
          phoneNumberConfirmation: '+1 555 123 4567',
          accountType: 'pat',
          role: 'Physician',
          termsAccepted: true,
        },
      }),
    ];
    for (const [i, res] of refusals.entries()) {
      expect(res.status, `case ${i}: ${JSON.stringify(res.body)}`).toBe(400);
      const issues = res.body.errors ?? res.body.error?.data?.fields ?? res.body.error?.json?.data?.fields;
      if (res.body.key) expect(res.body.key, `case ${i}`).toBe('validationFailed');
      if (issues) expect(issues, `case ${i}`).toContainEqual(MISMATCH);
    }
    // Nothing was made.
    expect(await counted()).toEqual(before);
    // The pairs the table allows still work.
    expect((await t.call('POST', '/api/v1/users', { token: tokens.admin, body: user('Physician', 'prov') })).status).toBe(201);
  });

  it('an invitation cannot be changed into a contradiction, nor completed as one', async () => {
    const address = `${unique()}@example.org`;
    const created = await t.call('POST', '/api/v1/invitations', { token: tokens.admin, body: { email: address, role: 'Patient', accountType: 'pat' } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const changed = await t.call('PATCH', `/api/v1/invitations/${id}`, { token: tokens.admin, body: { role: 'Physician' } });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toContainEqual(MISMATCH);
    const [row] = await t.edge.deps.db.select({ role: invitations.role }).from(invitations).where(eq(invitations.id, id));
    expect(row?.role).toBe(ROLES.Patient);

    // One written before the table existed (straight into the database) makes no account either.
    const token = `stale-${unique()}`;
    await t.edge.deps.db.update(invitations).set({ role: ROLES.Physician, tokenHash: hashToken(token) }).where(eq(invitations.id, id));
    const before = await counted();
    const completed = await t.call('POST', '/api/v1/invitations/complete', {
      body: { token, username: unique(), password: 'J0in!now99', passwordConfirmation: 'J0in!now99', firstName: 'Nia', lastName: 'Brooks', dateOfBirth: '1990-06-01', termsAccepted: true },
    });
    expect(completed.status).toBe(400);
    expect(completed.body.errors).toContainEqual(MISMATCH);
    expect(await counted()).toEqual(before);
  });
});
