import { randomBytes } from 'node:crypto';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { hashPassword } from '@opencare/api/auth/secrets';
import type { Database } from '@opencare/api/db/database';
import { accounts, auditLog, measurementSchedules, tasks } from '@opencare/api/db/schema';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { insertUser } from '@opencare/api/users/users.repository';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import type { AccountType } from '@opencare/schemas/lookups';
import { ROLES } from '@opencare/schemas/roles';
import { createTRPCClient, httpLink } from '@trpc/client';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * "Patients behind on their readings" (issue 17), over a clinic of its own in UTC: a daily schedule
 * due three hours ago each day, made ten days ago, and readings posted through the API, so the
 * tasks they complete are the window rule's own (issue 17 part 6).
 */
let t: TestEdge;
const DAY = 86_400_000;
const MINUTE = 60_000;
const OVERDUE_MINUTES = 10;
const now = Date.now();
// Each day's task time: three hours ago, to the minute, so today's window has closed too.
const firstDue = Math.floor((now - 3 * 3_600_000) / MINUTE) * MINUTE;
const dueAt = (daysAgo: number) => firstDue - daysAgo * DAY;
const hhmm = new Date(firstDue).toISOString().slice(11, 16);
const utcDate = (at: number) => new Date(at).toISOString().slice(0, 10);

const clinic = {} as Record<'physician' | 'nurse' | 'assistant' | 'admin', string>;
const demo = {} as Record<'physician' | 'patient' | 'caregiver', string>;
const patients = {} as Record<'ada' | 'ben' | 'cleo' | 'dana' | 'eve', { accountId: string; token: string }>;
let organisationId: string;
let otherPhysician: string;
let otherPatientId: string;

async function addMember(db: Database, role: number, accountType: AccountType, firstName: string) {
  const username = `member${randomBytes(4).toString('hex')}`;
  const userId = await insertUser(db, { username, email: `${username}@clinic.example.org`, passwordHash: await hashPassword(DEMO_PASSWORD), isVerified: true });
  const accountId = await insertAccount(db, { userId, organisationId, accountType, isDefault: true }, { firstName, lastName: 'Tester' }, [role]);
  return { accountId, token: (await t.login(username)).token };
}

const api = (method: string, path: string, token: string | undefined, body?: unknown) => t.call(method, `/api/v1${path}`, { token, body });

/** A daily schedule at `hhmm` UTC made by the clinic's physician; `daysAgo` moves its making (and start) back. */
async function scheduleFor(patientId: string, token: string, daysAgo: number) {
  const res = await api('POST', '/schedules', token, { patientId, type: 'bp', startDate: utcDate(now), frequency: 'daily', times: [hhmm], timezone: 'UTC' });
  expect(res.status).toBe(201);
  if (daysAgo > 0) {
    await t.edge.deps.db.delete(tasks).where(eq(tasks.scheduleId, res.body.data.id));
    await t.edge.deps.db
      .update(measurementSchedules)
      .set({ startDate: utcDate(now - daysAgo * DAY), createdAt: new Date(now - daysAgo * DAY) })
      .where(eq(measurementSchedules.id, res.body.data.id));
  }
  return res.body.data.id as string;
}

const reading = (token: string, at: number) =>
  api('POST', '/measurements', token, { type: 'bp', values: { systolic: 121, diastolic: 79, pulse: 70 }, takenAt: new Date(at).toISOString() });

beforeAll(async () => {
  t = await startTestEdge();
  const db = t.edge.deps.db;
  for (const role of ['physician', 'patient', 'caregiver'] as const) demo[role] = (await t.login(role)).token;
  const physician = await createOutsider(db, ROLES.Physician, 'prov');
  organisationId = physician.organisationId;
  clinic.physician = (await t.login(physician.username)).token;
  clinic.nurse = (await addMember(db, ROLES.Nurse, 'prov', 'Nina')).token;
  clinic.assistant = (await addMember(db, ROLES.Assistant, 'prov', 'Asa')).token;
  clinic.admin = (await addMember(db, ROLES.Admin, 'prov', 'Adam')).token;
  for (const [key, name] of [['ada', 'Ada'], ['ben', 'Ben'], ['cleo', 'Cleo'], ['dana', 'Dana'], ['eve', 'Eve']] as const) {
    patients[key] = await addMember(db, ROLES.Patient, 'pat', name);
  }
  // Ada measures every day in her window; Ben only the last three days, and in the evening before
  // that; Cleo never; Dana's schedule is new (made after today's time had passed); Eve has none.
  await scheduleFor(patients.ada.accountId, clinic.physician, 10);
  await scheduleFor(patients.ben.accountId, clinic.physician, 10);
  await scheduleFor(patients.cleo.accountId, clinic.physician, 10);
  await scheduleFor(patients.dana.accountId, clinic.physician, 0);
  for (let day = 0; day <= 8; day += 1) expect((await reading(patients.ada.token, dueAt(day) + 5 * MINUTE)).body.data.taskId).not.toBeNull();
  for (let day = 0; day <= 2; day += 1) expect((await reading(patients.ben.token, dueAt(day) + 5 * MINUTE)).body.data.taskId).not.toBeNull();
  // Ten hours after the task's time: kept, completes nothing.
  for (let day = 3; day <= 6; day += 1) expect((await reading(patients.ben.token, dueAt(day) + 10 * 3_600_000)).body.data.taskId).toBeNull();

  // Another organisation with a patient as far behind as Cleo.
  const other = await createOutsider(db, ROLES.Physician, 'prov');
  otherPhysician = (await t.login(other.username)).token;
  const otherPatient = await createOutsider(db, ROLES.Patient, 'pat');
  // createOutsider makes an organisation each time: move the patient into the other physician's.
  await db.update(accounts).set({ organisationId: other.organisationId }).where(eq(accounts.id, otherPatient.accountId));
  otherPatientId = otherPatient.accountId;
  await scheduleFor(otherPatientId, otherPhysician, 10);
});
afterAll(() => t.close());

const behind = (token: string | undefined) => api('GET', '/adherence/behind', token);

describe('GET /adherence/behind', () => {
  it.each([
    ['physician', 200],
    ['nurse', 200],
    ['assistant', 200],
    ['admin', 403],
  ] as const)('as the clinic’s %s → %i', async (role, status) => {
    expect((await behind(clinic[role])).status).toBe(status);
  });

  it.each([
    ['patient', 403],
    ['caregiver', 403],
  ] as const)('as the demo %s → %i', async (role, status) => {
    expect((await behind(demo[role])).status).toBe(status);
  });

  it('refuses a patient of the clinic and anyone not signed in', async () => {
    expect((await behind(patients.cleo.token)).status).toBe(403);
    expect((await behind(undefined)).status).toBe(401);
  });

  it('lists the patients behind, worst first, with adherence counted from the tasks done in their window', async () => {
    const res = await behind(clinic.nurse);
    expect(res.body.data).toMatchObject({ days: 7, noReadingDays: 3, targetPercent: 80, total: 2 });
    const items: Json[] = res.body.data.items;
    expect(items.map((i) => i.patient.fullName)).toEqual(['Cleo Tester', 'Ben Tester']);
    expect(items[0]).toEqual({
      patient: { id: patients.cleo.accountId, fullName: 'Cleo Tester' },
      adherence: { due: 7, completed: 0, percent: 0 },
      missedTasks: 1,
      lastReadingAt: null,
      reasons: ['lowAdherence', 'missedTasks', 'noRecentReadings'],
    });
    // Ben: the last three days in their window; his evening readings before that do not count.
    expect(items[1]).toMatchObject({ adherence: { due: 7, completed: 3, percent: 43 }, missedTasks: 0, reasons: ['lowAdherence'] });

    // The same figure, counted from the rows: tasks due in the last 7 days whose window closed,
    // done with a reading taken from an hour before to the overdue limit after their time.
    const rows = await t.edge.deps.db
      .select({ dueAt: tasks.dueAt, status: tasks.status, completedAt: tasks.completedAt })
      .from(tasks)
      .where(and(eq(tasks.patientAccountId, patients.ben.accountId), gte(tasks.dueAt, new Date(now - 7 * DAY)), lte(tasks.dueAt, new Date(now))));
    const counted = rows.filter((r) => r.status === 'complete' || r.dueAt.getTime() + OVERDUE_MINUTES * MINUTE <= now);
    const done = counted.filter(
      (r) => r.status === 'complete' && r.completedAt!.getTime() >= r.dueAt.getTime() - 60 * MINUTE && r.completedAt!.getTime() <= r.dueAt.getTime() + OVERDUE_MINUTES * MINUTE,
    );
    expect([counted.length, done.length]).toEqual([7, 3]);
    expect(items[1].adherence).toEqual({ due: counted.length, completed: done.length, percent: Math.round((done.length / counted.length) * 100) });
    // Dana's schedule made none of today's tasks: its time had passed before it existed.
    const dana = await t.edge.deps.db.select({ dueAt: tasks.dueAt }).from(tasks).where(eq(tasks.patientAccountId, patients.dana.accountId));
    expect(dana.length).toBeGreaterThan(0);
    expect(dana.every((task) => task.dueAt.getTime() > now)).toBe(true);
  });

  it('never lists another organisation’s patients, and audits each patient listed', async () => {
    const ours = await behind(clinic.physician);
    expect(ours.body.data.items.some((i: Json) => i.patient.id === otherPatientId)).toBe(false);
    const theirs = await behind(otherPhysician);
    expect(theirs.body.data.items.map((i: Json) => i.patient.id)).toEqual([otherPatientId]);
    const demoList = await behind(demo.physician);
    expect(demoList.status).toBe(200);
    expect(demoList.body.data.items.some((i: Json) => [patients.cleo.accountId, patients.ben.accountId, otherPatientId].includes(i.patient.id))).toBe(false);

    const audited = await t.edge.deps.db
      .select({ resourceId: auditLog.resourceId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adherence.behind.item'), inArray(auditLog.resourceId, [patients.cleo.accountId, patients.ben.accountId, patients.ada.accountId])));
    expect(new Set(audited.map((a) => a.resourceId))).toEqual(new Set([patients.cleo.accountId, patients.ben.accountId]));
  });

  it('answers the same over tRPC', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${clinic.physician}` }) })] });
    const list = await client.adherence.behind.query();
    expect(list.items.map((i) => i.patient.id)).toEqual([patients.cleo.accountId, patients.ben.accountId]);
    const asPatient = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${demo.patient}` }) })] });
    await expect(asPatient.adherence.behind.query()).rejects.toMatchObject({ data: { httpStatus: 403 } });
  });
});
