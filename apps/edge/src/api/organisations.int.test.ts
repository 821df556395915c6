import { randomBytes, randomUUID } from 'node:crypto';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { hashPassword } from '@opencare/api/auth/secrets';
import type { Database } from '@opencare/api/db/database';
import { accounts, alerts, gateways, invitations, measurements, users } from '@opencare/api/db/schema';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { insertUser } from '@opencare/api/users/users.repository';
import type { AccountType } from '@opencare/schemas/lookups';
import { ROLES } from '@opencare/schemas/roles';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
const tokens: Record<string, string> = {};
const DEMO = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'caregiver'] as const;
const HOUR = 3_600_000;
// A clinic of its own, whose rows this file controls exactly.
let clinic: { organisationId: string; admin: string; physician: string };

async function addMember(db: Database, organisationId: string, role: number, accountType: AccountType, status: 'active' | 'inactive' = 'active') {
  const username = `member${randomBytes(4).toString('hex')}`;
  const userId = await insertUser(db, {
    username,
    email: `${username}@clinic.example.org`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isVerified: true,
  });
  const accountId = await insertAccount(db, { userId, organisationId, accountType, isDefault: true, status }, { firstName: 'Sam', lastName: username }, [role]);
  return { username, accountId };
}

async function seedClinic(db: Database, organisationId: string) {
  const now = Date.now();
  const a = (await addMember(db, organisationId, ROLES.Patient, 'pat')).accountId;
  const b = (await addMember(db, organisationId, ROLES.Patient, 'pat')).accountId;
  await addMember(db, organisationId, ROLES.Patient, 'pat', 'inactive');
  await addMember(db, organisationId, ROLES.Nurse, 'prov', 'inactive');
  await addMember(db, organisationId, ROLES.User, 'car');

  const invitation = (status: 'pending' | 'accepted' | 'revoked', expiresIn: number) => ({
    organisationId,
    email: `invitee${randomBytes(4).toString('hex')}@clinic.example.org`,
    role: ROLES.Nurse,
    accountType: 'prov' as const,
    tokenHash: randomBytes(16).toString('hex'),
    status,
    expiresAt: new Date(now + expiresIn),
  });
  // Pending and still valid: two; expired, accepted and revoked ones are not pending.
  await db.insert(invitations).values([
    invitation('pending', 24 * HOUR),
    invitation('pending', 48 * HOUR),
    invitation('pending', -HOUR),
    invitation('accepted', 24 * HOUR),
    invitation('revoked', 24 * HOUR),
  ]);

  const gateway = (patient: string | null, isOnline: boolean) => ({
    mac: randomBytes(6).toString('hex').toUpperCase(),
    organisationId,
    patientAccountId: patient,
    displayName: 'Gateway',
    pairingCodeHash: randomBytes(16).toString('hex'),
    isOnline,
  });
  // Offline: the added gateways not connected (two); one online, one waiting to be paired.
  await db.insert(gateways).values([gateway(a, false), gateway(b, false), gateway(a, true), gateway(null, false)]);

  const reading = (patient: string, hoursAgo: number) => ({
    id: randomUUID(),
    organisationId,
    patientAccountId: patient,
    type: 'bp',
    values: { value: 1 },
    takenAt: new Date(now - hoursAgo * HOUR),
    source: 'manual' as const,
    rangeClass: 'high',
  });
  const recent = [reading(a, 1), reading(b, 5), reading(a, 23)];
  const older = [reading(a, 25), reading(b, 72)];
  await db.insert(measurements).values([...recent, ...older]);
  // Open: two; a third acknowledged and resolved (one open alert per patient and type).
  const alert = (patient: string, measurementId: string) => ({
    organisationId,
    patientAccountId: patient,
    type: 'bp',
    measurementId,
    rangeClass: 'high',
    severity: 1,
    lastReadingAt: new Date(now),
  });
  await db.insert(alerts).values([
    alert(a, recent[0]!.id),
    alert(b, older[0]!.id),
    { ...alert(a, recent[2]!.id), acknowledgedAt: new Date(now), resolvedAt: new Date(now) },
  ]);
}

beforeAll(async () => {
  t = await startTestEdge();
  for (const name of DEMO) tokens[name] = (await t.login(name)).token;
  const db = t.edge.deps.db;
  const admin = await createOutsider(db, ROLES.Admin, 'prov');
  const organisationId = admin.organisationId;
  const physician = await addMember(db, organisationId, ROLES.Physician, 'prov');
  await seedClinic(db, organisationId);
  clinic = {
    organisationId,
    admin: (await t.login(admin.username)).token,
    physician: (await t.login(physician.username)).token,
  };
});
afterAll(() => t.close());

const overview = (token?: string) => t.call('GET', '/api/v1/organisations/overview', { token });

describe('GET /api/v1/organisations/overview', () => {
  it("counts the admin's own organisation", async () => {
    const res = await overview(clinic.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      activePatients: 2,
      // The admin and the physician; the inactive nurse and the caregiver are not staff.
      staff: 2,
      pendingInvitations: 2,
      gatewaysOffline: 2,
      openAlerts: 2,
      readingsLastDay: 3,
    });
  });

  it("answers the demo admin with the demo clinic's rows, as the database counts them", async () => {
    const db = t.edge.deps.db;
    const [demo] = await db
      .select({ organisationId: accounts.organisationId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.username, 'admin'));
    const organisationId = demo!.organisationId;
    const [[patients], [open], [readings]] = await Promise.all([
      db.select({ n: count() }).from(accounts).where(and(eq(accounts.organisationId, organisationId), eq(accounts.accountType, 'pat'), eq(accounts.status, 'active'))),
      db.select({ n: count() }).from(alerts).where(and(eq(alerts.organisationId, organisationId), isNull(alerts.acknowledgedAt))),
      db.select({ n: count() }).from(measurements).where(and(eq(measurements.organisationId, organisationId), gte(measurements.takenAt, new Date(Date.now() - 24 * HOUR)))),
    ]);
    const res = await overview(tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ activePatients: patients!.n, openAlerts: open!.n, readingsLastDay: readings!.n });
    // The demo clinic has patients: the comparison is not 0 = 0.
    expect(res.body.data.activePatients).toBeGreaterThan(0);
  });

  it('is for admins only', async () => {
    for (const token of [clinic.physician, tokens.physician, tokens.nurse, tokens.assistant, tokens.patient, tokens.caregiver]) {
      const res = await overview(token);
      expect(res.status).toBe(403);
      expect(res.body.key).toBe('err_forbidden');
    }
    expect((await overview()).status).toBe(401);
  });

  it('answers the same through tRPC', async () => {
    const res = await t.call('GET', '/trpc/organisations.overview', { token: clinic.admin });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ activePatients: 2, staff: 2 });
  });
});
