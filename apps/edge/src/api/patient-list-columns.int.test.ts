import { randomBytes, randomUUID } from 'node:crypto';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { hashPassword } from '@opencare/api/auth/secrets';
import type { Database } from '@opencare/api/db/database';
import { alerts, measurementSchedules, measurements, tasks } from '@opencare/api/db/schema';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { insertUser } from '@opencare/api/users/users.repository';
import { DEFAULT_OVERDUE_MINUTES, TASK_EARLY_MINUTES } from '@opencare/schemas/constants';
import { ROLES } from '@opencare/schemas/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * The patient list's clinical columns (issue 17 part 5) against a clinic of its own, so the orders
 * are exact: open alerts, last reading and 7-day adherence per patient, and every sort, checked
 * against what the database holds.
 */
let t: TestEdge;
let db: Database;
let token: string;
let organisationId: string;
const ids: Record<string, string> = {};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();

async function addPatient(firstName: string, lastName: string) {
  const username = `cols${randomBytes(4).toString('hex')}`;
  const userId = await insertUser(db, {
    username,
    email: `${username}@columns.example.org`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isVerified: true,
  });
  return insertAccount(
    db,
    { userId, organisationId, accountType: 'pat', isDefault: true },
    { firstName, lastName },
    [ROLES.Patient],
  );
}

const reading = (patient: string, type: string, hoursAgo: number) => ({
  id: randomUUID(),
  organisationId,
  patientAccountId: ids[patient]!,
  type,
  values: { value: 1 },
  takenAt: new Date(now - hoursAgo * HOUR),
  source: 'manual' as const,
});

const alert = (
  patient: string,
  type: string,
  rangeClass: string,
  severity: number,
  state: 'open' | 'acknowledged' | 'resolved' = 'open',
) => ({
  organisationId,
  patientAccountId: ids[patient]!,
  type,
  rangeClass,
  severity,
  lastReadingAt: new Date(now - HOUR),
  acknowledgedAt: state === 'open' ? null : new Date(now),
  resolvedAt: state === 'resolved' ? new Date(now) : null,
});

/** A one-off task `daysAgo` days ago, done `lateMinutes` after its time when complete. */
const task = (
  patient: string,
  daysAgo: number,
  status: 'pending' | 'complete' | 'cancelled',
  lateMinutes = 5,
) => ({
  organisationId,
  patientAccountId: ids[patient]!,
  type: 'bp',
  dueAt: new Date(now - daysAgo * DAY),
  localDate: new Date(now - daysAgo * DAY).toISOString().slice(0, 10),
  status,
  completedAt: status === 'complete' ? new Date(now - daysAgo * DAY + lateMinutes * 60_000) : null,
});

const list = (query = '') => t.call('GET', `/api/v1/patients?pageSize=100${query}`, { token });
const namesOf = (res: { body: Json }) => res.body.data.map((p: Json) => p.lastName as string);

beforeAll(async () => {
  t = await startTestEdge();
  db = t.edge.deps.db;
  const physician = await createOutsider(db, ROLES.Physician, 'prov');
  organisationId = physician.organisationId;
  token = (await t.login(physician.username)).token;
  for (const [first, last] of [
    ['Ann', 'Adams'],
    ['Ben', 'Baker'],
    ['Cy', 'Clark'],
    ['Dee', 'Diaz'],
    ['Eve', 'Evans'],
  ] as const) {
    ids[last] = await addPatient(first, last);
  }
  // Adams: a high and an elevated alert open, a worse one resolved. Baker: one very high, acknowledged
  // (still open). Diaz: three elevated. Clark and Evans: none.
  await db
    .insert(alerts)
    .values([
      alert('Adams', 'bp', 'high', 3),
      alert('Adams', 'bt', 'elevated', 1, 'acknowledged'),
      alert('Adams', 'bp', 'highest', 4, 'resolved'),
      alert('Baker', 'bp', 'highest', 4, 'acknowledged'),
      alert('Diaz', 'bp', 'elevated', 1),
      alert('Diaz', 'bt', 'elevated', 1),
      alert('Diaz', 'bw', 'elevated', 1),
    ]);
  // Latest readings: Diaz 1 h ago, Adams 2 h, Baker 5 days; Clark and Evans never.
  await db
    .insert(measurements)
    .values([
      reading('Adams', 'bp', 2),
      reading('Adams', 'bt', 26),
      reading('Baker', 'bt', 5 * 24),
      reading('Diaz', 'ox', 1),
      reading('Diaz', 'bp', 30),
    ]);
  // Adherence over 7 days: Adams 1 of 4 (one late, one missed twice over), Baker 2 of 2, Diaz 2 of 4
  // (a cancelled one and one older than the week do not count). Clark has no schedule and no task.
  await db
    .insert(tasks)
    .values([
      task('Adams', 1, 'complete'),
      task('Adams', 2, 'complete', 180),
      task('Adams', 3, 'pending'),
      task('Adams', 4, 'pending'),
      task('Baker', 1, 'complete'),
      task('Baker', 2, 'complete'),
      task('Diaz', 1, 'complete'),
      task('Diaz', 2, 'complete'),
      task('Diaz', 3, 'pending'),
      task('Diaz', 4, 'pending'),
      task('Diaz', 5, 'cancelled'),
      task('Diaz', 9, 'complete'),
    ]);
  // Evans has a daily schedule since 10 days ago and has never done a task: the list makes the
  // week's tasks (they are made when read) and they count as missed.
  await db.insert(measurementSchedules).values({
    organisationId,
    patientAccountId: ids.Evans!,
    type: 'bp',
    startDate: new Date(now - 10 * DAY).toISOString().slice(0, 10),
    frequency: 'daily',
    times: ['09:00'],
    timezone: 'UTC',
    createdAt: new Date(now - 10 * DAY),
  });
});

afterAll(async () => {
  await t?.close();
});

/** What the database holds for a patient, counted here with plain SQL rather than the list's code. */
async function counted(accountId: string) {
  const open = await db.execute<{ n: number; worst: number | null }>(
    sql`select count(*)::int as n, max(severity) as worst from alerts where patient_account_id = ${accountId} and resolved_at is null`,
  );
  const last = await db.execute<{ type: string; taken_at: string }>(
    sql`select type, taken_at from measurements where patient_account_id = ${accountId} order by taken_at desc limit 1`,
  );
  const since = new Date(now - 7 * DAY).toISOString();
  const closed = new Date(now - DEFAULT_OVERDUE_MINUTES * 60_000).toISOString();
  const week = await db.execute<{ due: number; done: number }>(sql`
    select count(*)::int as due,
      (count(*) filter (where status = 'complete'
        and completed_at between due_at - ${TASK_EARLY_MINUTES} * interval '1 minute' and due_at + ${DEFAULT_OVERDUE_MINUTES} * interval '1 minute'))::int as done
    from tasks
    where patient_account_id = ${accountId} and status <> 'cancelled'
      and due_at >= ${since}::timestamptz and (status = 'complete' or due_at <= ${closed}::timestamptz)`);
  const rowsOf = <T>(result: unknown) => (result as { rows?: T[] }).rows ?? (result as T[]);
  const [o] = rowsOf<{ n: number; worst: number | null }>(open);
  const [l] = rowsOf<{ type: string; taken_at: string | Date }>(last);
  const [w] = rowsOf<{ due: number; done: number }>(week);
  return {
    open: o!.n,
    worst: o!.worst === null ? -1 : Number(o!.worst),
    lastReading: l ? { type: l.type, takenAt: new Date(l.taken_at).toISOString() } : null,
    due: w!.due,
    done: w!.done,
  };
}

describe('the patient list columns', () => {
  it('shows open alerts with the worst range, the last reading and 7-day adherence, as the database counts them', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(namesOf(res)).toEqual(['Adams', 'Baker', 'Clark', 'Diaz', 'Evans']);
    const byName = new Map(res.body.data.map((p: Json) => [p.lastName, p]));
    for (const name of Object.keys(ids)) {
      const row = byName.get(name) as Json;
      const db = await counted(ids[name]!);
      expect(row.openAlerts.count, name).toBe(db.open);
      expect(row.lastReading, name).toEqual(db.lastReading);
      expect(row.adherence, name).toEqual({
        due: db.due,
        completed: db.done,
        percent: db.due > 0 ? Math.round((db.done / db.due) * 100) : null,
      });
    }
    // The fixture, spelled out.
    expect((byName.get('Adams') as Json).openAlerts).toEqual({ count: 2, worst: 'high' });
    expect((byName.get('Baker') as Json).openAlerts).toEqual({ count: 1, worst: 'highest' });
    expect((byName.get('Clark') as Json).openAlerts).toEqual({ count: 0, worst: null });
    expect((byName.get('Diaz') as Json).openAlerts).toEqual({ count: 3, worst: 'elevated' });
    expect((byName.get('Diaz') as Json).lastReading.type).toBe('ox');
    expect((byName.get('Clark') as Json).lastReading).toBeNull();
    expect((byName.get('Adams') as Json).adherence.percent).toBe(25);
    expect((byName.get('Baker') as Json).adherence.percent).toBe(100);
    expect((byName.get('Diaz') as Json).adherence.percent).toBe(50);
    expect((byName.get('Clark') as Json).adherence).toEqual({ due: 0, completed: 0, percent: null });
    // Evans's week of daily tasks was made by reading the list: all missed.
    const evans = (byName.get('Evans') as Json).adherence;
    expect(evans.due).toBeGreaterThanOrEqual(6);
    expect(evans).toMatchObject({ completed: 0, percent: 0 });
  });

  it('sorts every column both ways on the server, in the order the database counts give', async () => {
    const all = await Promise.all(
      Object.entries(ids).map(async ([name, id]) => ({ name, ...(await counted(id)) })),
    );
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    const ratio = (p: { due: number; done: number }) => (p.due > 0 ? p.done / p.due : null);
    const time = (p: { lastReading: { takenAt: string } | null }) =>
      p.lastReading ? Date.parse(p.lastReading.takenAt) : null;
    const expected = {
      'openAlerts&direction=desc': [...all].sort(
        (a, b) => b.worst - a.worst || b.open - a.open || byName(a, b),
      ),
      'openAlerts&direction=asc': [...all].sort(
        (a, b) => a.worst - b.worst || a.open - b.open || byName(a, b),
      ),
      // Newest first, never-read last; oldest first, never-read first (the stalest of all).
      'lastReading&direction=desc': [...all].sort(
        (a, b) => (time(b) ?? -Infinity) - (time(a) ?? -Infinity) || byName(a, b),
      ),
      'lastReading&direction=asc': [...all].sort(
        (a, b) => (time(a) ?? -Infinity) - (time(b) ?? -Infinity) || byName(a, b),
      ),
      // Nothing due sorts last both ways.
      'adherence&direction=asc': [...all].sort(
        (a, b) => (ratio(a) ?? Infinity) - (ratio(b) ?? Infinity) || byName(a, b),
      ),
      'adherence&direction=desc': [...all].sort(
        (a, b) => (ratio(b) ?? -Infinity) - (ratio(a) ?? -Infinity) || byName(a, b),
      ),
      'name&direction=desc': [...all].sort((a, b) => byName(b, a)),
    };
    for (const [query, order] of Object.entries(expected)) {
      expect(namesOf(await list(`&sort=${query}`)), query).toEqual(order.map((p) => p.name));
    }
    // The fixture, spelled out.
    expect(namesOf(await list('&sort=openAlerts'))).toEqual(['Baker', 'Adams', 'Diaz', 'Clark', 'Evans']);
    expect(namesOf(await list('&sort=lastReading'))).toEqual(['Diaz', 'Adams', 'Baker', 'Clark', 'Evans']);
    expect(namesOf(await list('&sort=adherence'))).toEqual(['Evans', 'Adams', 'Diaz', 'Baker', 'Clark']);
  });

  it('pages a sorted list without skipping or repeating anyone', async () => {
    const whole = namesOf(await list('&sort=adherence'));
    const paged: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await t.call('GET', `/api/v1/patients?sort=adherence&page=${page}&pageSize=2`, { token });
      expect(res.body.meta.total).toBe(5);
      paged.push(...namesOf(res));
    }
    expect(paged).toEqual(whole);
  });

  it('refuses an unknown sort or direction with the field named', async () => {
    const bad = await list('&sort=age');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      key: 'validationFailed',
      errors: [{ field: 'sort', message: 'Sort by name, openAlerts, lastReading or adherence.' }],
    });
    const direction = await list('&sort=name&direction=sideways');
    expect(direction.status).toBe(400);
    expect(direction.body).toMatchObject({
      errors: [{ field: 'direction', message: 'The sort direction is asc or desc.' }],
    });
  });

  it("gives a patient only their own row and columns, and other clinics none of this clinic's", async () => {
    const patientToken = (await t.login((await patientUsername(ids.Adams!)) ?? '')).token;
    const own = await t.call('GET', '/api/v1/patients?sort=adherence', { token: patientToken });
    expect(own.status).toBe(200);
    expect(own.body.data.map((p: Json) => p.accountId)).toEqual([ids.Adams]);
    expect(own.body.data[0].openAlerts).toEqual({ count: 2, worst: 'high' });
    const other = await createOutsider(db, ROLES.Nurse, 'prov');
    const otherToken = (await t.login(other.username)).token;
    const theirs = await t.call('GET', '/api/v1/patients?sort=openAlerts', { token: otherToken });
    expect(theirs.body.data.map((p: Json) => p.accountId)).not.toContain(ids.Baker);
  });

  it("makes the tasks of every scheduled patient on the page, once, whatever their number", async () => {
    // Three more patients, each with a morning and an evening schedule since three days ago (UTC):
    // the list makes the tasks from the adherence week's first day to tomorrow, here the 5 days
    // from the schedules' start, for all of them at once.
    const start = new Date(now - 3 * DAY).toISOString().slice(0, 10);
    const added = await Promise.all(['Fox', 'Gray', 'Hale'].map((last) => addPatient('Kim', last)));
    const schedules = await db
      .insert(measurementSchedules)
      .values(
        added.flatMap((patientAccountId) =>
          ['08:00', '20:00'].map((time) => ({
            organisationId,
            patientAccountId,
            type: time === '08:00' ? 'bp' : 'bw',
            startDate: start,
            frequency: 'daily' as const,
            times: [time],
            timezone: 'UTC',
            createdAt: new Date(`${start}T00:00:00Z`),
          })),
        ),
      )
      .returning({ id: measurementSchedules.id });
    const perSchedule = async () => {
      const result = await db.execute<{ schedule_id: string; n: number; distinct_times: number }>(
        sql`select schedule_id, count(*)::int as n, count(distinct due_at)::int as distinct_times from tasks
            where patient_account_id in (${sql.join(added.map((id) => sql`${id}`), sql`, `)}) group by schedule_id`,
      );
      return (result as { rows?: { schedule_id: string; n: number; distinct_times: number }[] }).rows ?? (result as never);
    };
    const res = await list('&search=Kim');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: Json) => p.accountId).sort()).toEqual([...added].sort());
    const first = await perSchedule();
    expect(first.map((r) => r.schedule_id).sort()).toEqual(schedules.map((s) => s.id).sort());
    for (const row of first) expect(row).toMatchObject({ n: 5, distinct_times: 5 });
    // Listed again (and sorted by adherence, which makes the whole clinic's), nothing is made twice.
    await list('&search=Kim');
    await list('&sort=adherence');
    expect(await perSchedule()).toEqual(expect.arrayContaining(first));
    expect((await perSchedule()).length).toBe(6);
    // The three have missed every task whose window has closed.
    for (const p of (await list('&search=Kim')).body.data) expect(p.adherence).toMatchObject({ completed: 0, percent: 0 });
  });
});

async function patientUsername(accountId: string): Promise<string | undefined> {
  const result = await db.execute<{ username: string }>(
    sql`select u.username from users u join accounts a on a.user_id = u.id where a.id = ${accountId}`,
  );
  const rows = (result as { rows?: { username: string }[] }).rows ?? (result as { username: string }[]);
  return rows[0]?.username;
}
