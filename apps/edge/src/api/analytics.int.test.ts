import { randomBytes, randomUUID } from 'node:crypto';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { hashPassword } from '@opencare/api/auth/secrets';
import type { Database } from '@opencare/api/db/database';
import { appointments, measurements, tasks, visits } from '@opencare/api/db/schema';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { upsertAreaValues } from '@opencare/api/settings/settings.repository';
import { insertUser } from '@opencare/api/users/users.repository';
import type { AccountType } from '@opencare/schemas/lookups';
import { ROLES } from '@opencare/schemas/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
const tokens: Record<string, string> = {};
const DEMO = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'caregiver'] as const;
// A clinic of its own (time zone UTC), with figures this file controls exactly.
let clinic: { organisationId: string; physician: string; nurse: string; assistant: string };
const DAY = 86_400_000;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const at = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000);
const today = () => new Date().toISOString().slice(0, 10);
// A Monday five weeks back: the period is its week and the next.
const MONDAY = (() => {
  const day = addDays(today(), -35);
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
})();
const FROM = MONDAY;
const TO = addDays(MONDAY, 13);

async function addMember(
  db: Database,
  organisationId: string,
  role: number,
  accountType: AccountType,
  status: 'active' | 'inactive' = 'active',
) {
  const username = `member${randomBytes(4).toString('hex')}`;
  const userId = await insertUser(db, {
    username,
    email: `${username}@clinic.example.org`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isVerified: true,
  });
  const accountId = await insertAccount(
    db,
    { userId, organisationId, accountType, isDefault: true, status },
    { firstName: 'Sam', lastName: username },
    [role],
  );
  return { username, accountId };
}

async function seedClinic(db: Database, organisationId: string) {
  const a = (await addMember(db, organisationId, ROLES.Patient, 'pat')).accountId;
  const b = (await addMember(db, organisationId, ROLES.Patient, 'pat')).accountId;
  await addMember(db, organisationId, ROLES.Patient, 'pat', 'inactive');
  const provider = (await addMember(db, organisationId, ROLES.Physician, 'prov')).accountId;

  // A completed task was done 5 minutes after its 09:00 (in its window); a `late` one at noon.
  const task = (patient: string, date: string, status: 'pending' | 'complete' | 'cancelled' | 'late') => ({
    organisationId,
    patientAccountId: patient,
    type: 'bp',
    dueAt: at(date, 9),
    localDate: date,
    status: status === 'late' ? ('complete' as const) : status,
    completedAt: status === 'complete' ? new Date(at(date, 9).getTime() + 5 * 60_000) : status === 'late' ? at(date, 12) : null,
  });
  await db.insert(tasks).values([
    task(a, FROM, 'complete'),
    task(a, addDays(FROM, 1), 'complete'),
    task(a, addDays(FROM, 2), 'pending'),
    task(b, addDays(FROM, 3), 'cancelled'),
    task(a, addDays(FROM, 8), 'complete'),
    task(b, TO, 'pending'),
    // Done three hours late, outside its window: it counts as due, not as done.
    task(b, addDays(FROM, 9), 'late'),
    // The days before and after the period do not count.
    task(a, addDays(FROM, -1), 'complete'),
    task(a, addDays(TO, 1), 'pending'),
  ]);

  const reading = (patient: string, type: string, date: string, rangeClass: string | null) => ({
    id: randomUUID(),
    organisationId,
    patientAccountId: patient,
    type,
    values: { value: 1 },
    takenAt: at(date, 12),
    source: 'manual' as const,
    rangeClass,
  });
  await db
    .insert(measurements)
    .values([
      reading(a, 'bp', FROM, 'normal'),
      reading(a, 'bp', addDays(FROM, 1), 'high'),
      reading(a, 'bp', addDays(FROM, 2), 'highest'),
      reading(a, 'bp', addDays(FROM, 3), null),
      reading(b, 'bp', addDays(FROM, 9), 'lowest'),
      reading(b, 'bt', TO, 'high'),
      reading(b, 'bt', addDays(TO, 1), 'high'),
      reading(b, 'bt', addDays(FROM, -1), 'highest'),
    ]);

  const visit = async (date: string, status: string) => {
    const [appointment] = await db
      .insert(appointments)
      .values({
        organisationId,
        patientAccountId: a,
        providerAccountId: provider,
        type: 'tv',
        startsAt: at(date, 10),
        endsAt: at(date, 11),
      })
      .returning();
    await db.insert(visits).values({
      organisationId,
      appointmentId: appointment!.id,
      code: randomBytes(6).toString('hex'),
      status,
    });
  };
  await visit(FROM, 'c');
  await visit(addDays(FROM, 4), 'c');
  await visit(addDays(FROM, 5), 'p');
  await visit(TO, 'ns');
  await visit(addDays(TO, 1), 'c');
}

beforeAll(async () => {
  t = await startTestEdge();
  for (const name of DEMO) tokens[name] = (await t.login(name)).token;
  const db = t.edge.deps.db;
  const physician = await createOutsider(db, ROLES.Physician, 'prov');
  const organisationId = physician.organisationId;
  const nurse = await addMember(db, organisationId, ROLES.Nurse, 'prov');
  const assistant = await addMember(db, organisationId, ROLES.Assistant, 'prov');
  await seedClinic(db, organisationId);
  clinic = {
    organisationId,
    physician: (await t.login(physician.username)).token,
    nurse: (await t.login(nurse.username)).token,
    assistant: (await t.login(assistant.username)).token,
  };
});
afterAll(() => t.close());

const analytics = (query: string, token?: string) => t.call('GET', `/api/v1/analytics${query}`, { token });

describe('GET /api/v1/analytics', () => {
  it('counts adherence per week, out-of-range readings and visits per status over the period', async () => {
    const res = await analytics(`?from=${FROM}&to=${TO}`, clinic.physician);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      from: FROM,
      to: TO,
      timezone: 'UTC',
      patients: 2,
      patientsWithReadings: 2,
      adherence: { due: 6, completed: 3, percent: 50, targetPercent: 80 },
      adherenceByWeek: [
        { weekStart: FROM, due: 3, completed: 2, percent: 67 },
        { weekStart: addDays(FROM, 7), due: 3, completed: 1, percent: 33 },
      ],
      readingsByType: [
        { type: 'bp', count: 5 },
        { type: 'bt', count: 1 },
      ],
      outOfRange: [
        { type: 'bp', rangeClass: 'high', count: 1 },
        { type: 'bp', rangeClass: 'highest', count: 1 },
        { type: 'bp', rangeClass: 'lowest', count: 1 },
        { type: 'bt', rangeClass: 'high', count: 1 },
      ],
      visitsByStatus: [
        { status: 'c', count: 2 },
        { status: 'ns', count: 1 },
        { status: 'p', count: 1 },
      ],
    });
    // Counts only: nothing names a patient.
    expect(JSON.stringify(res.body.data)).not.toMatch(/Sam|member|accountId/);
  });

  it('shows every week of the period, an empty one with nothing due', async () => {
    const res = await analytics(`?from=${addDays(FROM, -14)}&to=${addDays(FROM, -8)}`, clinic.nurse);
    expect(res.body.data.adherenceByWeek).toEqual([
      { weekStart: addDays(FROM, -14), due: 0, completed: 0, percent: null },
    ]);
    expect(res.body.data.adherence).toMatchObject({ due: 0, completed: 0, percent: null });
  });

  it("follows the organisation's calendar and its settings", async () => {
    const db = t.edge.deps.db;
    // In Auckland, noon UTC is already the next day: the reading taken at noon UTC on the day before
    // the period falls inside it, the one on its last day falls after it.
    await upsertAreaValues(db, clinic.organisationId, 'organization', { timezone: 'Pacific/Auckland' }, null);
    await upsertAreaValues(
      db,
      clinic.organisationId,
      'reportingAndAnalytics',
      { reportPeriodDays: 7, adherenceTargetPercent: 90 },
      null,
    );
    const res = await analytics(`?from=${FROM}&to=${TO}`, clinic.physician);
    expect(res.body.data.timezone).toBe('Pacific/Auckland');
    expect(res.body.data.outOfRange.filter((r: Json) => r.type === 'bt')).toEqual([
      { type: 'bt', rangeClass: 'highest', count: 1 },
    ]);
    expect(res.body.data.adherence.targetPercent).toBe(90);
    const byDefault = await analytics('', clinic.physician);
    expect(byDefault.body.data.to).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date()),
    );
    expect(byDefault.body.data.from).toBe(addDays(byDefault.body.data.to, -6));
    await upsertAreaValues(db, clinic.organisationId, 'organization', { timezone: 'UTC' }, null);
    await upsertAreaValues(db, clinic.organisationId, 'reportingAndAnalytics', {}, null);
  });

  it('covers the reporting period (30 days) ending today by default, or from the day given', async () => {
    const res = await analytics('', clinic.nurse);
    expect(res.body.data).toMatchObject({ from: addDays(today(), -29), to: today() });
    const fromOnly = await analytics(`?from=${FROM}`, clinic.nurse);
    expect(fromOnly.body.data).toMatchObject({ from: FROM, to: addDays(FROM, 29) });
  });

  it('keeps organisations apart', async () => {
    const demo = await analytics('', tokens.physician);
    expect(demo.status).toBe(200);
    expect(demo.body.data.patients).toBe(3);
    expect(demo.body.data.timezone).toBe('America/New_York');
    expect(demo.body.data.readingsByType.map((r: Json) => r.type)).toEqual(['bp']);
    expect(demo.body.data.visitsByStatus).toEqual([]);
  });

  it('is for physicians and nurses only', async () => {
    expect((await analytics('', tokens.nurse)).status).toBe(200);
    for (const token of [
      clinic.assistant,
      tokens.assistant,
      tokens.patient,
      tokens.admin,
      tokens.caregiver,
    ]) {
      const res = await analytics('', token);
      expect(res.status).toBe(403);
      expect(res.body.key).toBe('err_forbidden');
    }
    expect((await analytics('')).status).toBe(401);
  });

  it('refuses bad periods', async () => {
    const backwards = await analytics(`?from=${TO}&to=${FROM}`, clinic.physician);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      { field: 'from', message: 'The start must not be after the end.' },
    ]);
    const long = await analytics('?from=2025-01-01&to=2026-06-30', clinic.physician);
    expect(long.body.errors).toEqual([{ field: 'from', message: 'Analytics covers at most 366 days.' }]);
    expect((await analytics('?from=2026-02-30', clinic.physician)).status).toBe(400);
    expect((await analytics('?period=week', clinic.physician)).status).toBe(400);
    expect((await analytics(`?to=${FROM}&from=${addDays(FROM, 1)}`, clinic.physician)).status).toBe(400);
  });

  it('is audited', async () => {
    const { listAuditForResource } = await import('@opencare/api/audit/audit.repository');
    const audit = await listAuditForResource(t.edge.deps.db, 'organisation', clinic.organisationId);
    expect(audit.some((a) => a.action === 'analytics.read' && a.outcome === 'allowed')).toBe(true);
    expect(audit.some((a) => a.action === 'analytics.read' && a.outcome === 'denied')).toBe(true);
  });
});
