import { randomUUID } from 'node:crypto';
import { measurementSchedules, patientEvents, tasks } from '@opencare/api/db/schema';
import { wallClockInstant } from '@opencare/api/schedules/schedule-occurrences';
import { sendTaskReminders } from '@opencare/api/tasks/task-reminders';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { ROLES } from '@opencare/schemas/roles';
import { createTRPCClient, httpLink } from '@trpc/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

const ROLE_NAMES = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;
type Role = (typeof ROLE_NAMES)[number] | 'outsider';
const ZONE = 'America/New_York';

let t: TestEdge;
const tokens = {} as Record<Role, string>;
let patientId: string;
let patient2Id: string;
let outsiderPatientId: string;

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of ROLE_NAMES) tokens[role] = (await t.login(role)).token;
  const outsider = await createOutsider(t.edge.deps.db, ROLES.Nurse, 'prov');
  tokens.outsider = (await t.login(outsider.username)).token;
  outsiderPatientId = (await createOutsider(t.edge.deps.db, ROLES.Patient, 'pat')).accountId;
  patientId = (await t.call('GET', '/api/v1/profile', { token: tokens.patient })).body.data.accountId;
  patient2Id = (await t.call('GET', '/api/v1/profile', { token: tokens.patient2 })).body.data.accountId;
});
afterAll(() => t.close());

const api = (method: string, path: string, role: Role, body?: unknown) => t.call(method, `/api/v1${path}`, { token: tokens[role], body });

/** The demo patients' wall-clock date and time (their profiles are in New York) an instant has. */
function wallClock(at: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}
const today = () => wallClock(new Date()).date;
const yesterdayDate = () => wallClock(new Date(Date.now() - 86_400_000)).date;
const minutesFromNow = (minutes: number) => wallClock(new Date(Date.now() + minutes * 60_000));

const schedule = (body: Record<string, unknown>, role: Role = 'physician') =>
  api('POST', '/schedules', role, { patientId: patient2Id, type: 'bp', startDate: today(), frequency: 'daily', ...body });
const oneOff = (body: Record<string, unknown>, role: Role = 'physician') =>
  api('POST', '/tasks', role, { patientId, type: 'bw', ...minutesFromNow(-5), ...body });
const dailyTasks = async (role: Role, query: string): Promise<Json[]> => (await api('GET', `/daily-tasks?${query}`, role)).body.data;

describe('schedules', () => {
  it.each([
    ['physician', 201],
    ['nurse', 201],
    ['assistant', 403],
    ['admin', 403],
    ['patient2', 403],
    ['patient', 403],
    ['caregiver', 403],
    ['outsider', 404],
  ] as const)('POST /schedules for a patient as %s → %i', async (role, status) => {
    const res = await schedule({ type: 'bw', frequency: 'weekly', times: ['07:30'] }, role);
    expect(res.status).toBe(status);
  });

  it('keeps the times in order in the patient’s time zone, and refuses a bad schedule with field messages', async () => {
    const res = await schedule({ type: 'bs', times: ['20:00', '07:00'], meal: 'before', notifyByEmail: true });
    expect(res.body.data).toMatchObject({
      patientId: patient2Id,
      type: 'bs',
      frequency: 'daily',
      times: ['07:00', '20:00'],
      timezone: ZONE,
      meal: 'before',
      notifyByEmail: true,
      active: true,
      endDate: null,
    });
    const bad = await schedule({ frequency: 'specificDays', meal: 'after', timezone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'timezone', message: 'Choose a valid time zone.' },
      { field: 'days', message: 'Choose at least one day.' },
      { field: 'meal', message: 'Only blood sugar is taken before or after a meal.' },
    ]);
    expect((await api('POST', '/schedules', 'physician', { patientId: randomUUID(), type: 'bp', startDate: today(), frequency: 'daily' })).status).toBe(404);
  });

  it('are read by the patient and their organisation’s clinicians', async () => {
    const id = (await schedule({ type: 'ox' })).body.data.id;
    expect((await api('GET', `/schedules/${id}`, 'patient2')).status).toBe(200);
    expect((await api('GET', `/schedules/${id}`, 'assistant')).status).toBe(200);
    expect((await api('GET', `/schedules/${id}`, 'patient')).status).toBe(403);
    expect((await api('GET', `/schedules/${id}`, 'outsider')).status).toBe(404);
    expect((await api('GET', `/schedules/${randomUUID()}`, 'physician')).status).toBe(404);
    const own = await api('GET', '/schedules?pageSize=100', 'patient2');
    expect(own.body.data.some((s: { id: string }) => s.id === id)).toBe(true);
    expect((await api('GET', `/schedules?patient=${patient2Id}`, 'nurse')).body.meta.total).toBe(own.body.meta.total);
    expect((await api('GET', `/schedules?patient=${patient2Id}`, 'patient')).status).toBe(403);
    expect((await api('GET', '/schedules', 'physician')).body.data).toEqual([]);
  });
});

describe('tasks made from schedules', () => {
  it('keep a daily 08:00 at 08:00 New York time across next year’s daylight-saving changes', async () => {
    const id = (await schedule({ type: 'sy', times: ['08:00'] })).body.data.id;
    const tasks = (await dailyTasks('patient2', 'date=2027-06-01')).filter((task) => task.scheduleId === id);
    expect(tasks).toHaveLength(365);
    expect(tasks[0].date).toBe('2027-01-01');
    expect(tasks.every((task) => task.time === '08:00' && task.status === 'pending' && task.type === 'sy')).toBe(true);
    const dueOn = (date: string) => tasks.find((task) => task.date === date)?.dueAt;
    expect(dueOn('2027-03-13')).toBe('2027-03-13T13:00:00.000Z');
    expect(dueOn('2027-03-14')).toBe('2027-03-14T12:00:00.000Z');
    expect(dueOn('2027-11-06')).toBe('2027-11-06T12:00:00.000Z');
    expect(dueOn('2027-11-07')).toBe('2027-11-07T13:00:00.000Z');

    // Reading again makes nothing twice.
    const again = (await dailyTasks('patient2', 'date=2027-01-15')).filter((task) => task.scheduleId === id);
    expect(again.map((task) => task.id)).toEqual(tasks.map((task) => task.id));
  });

  it('repeat monthly on the same day, on the last day of shorter months', async () => {
    const id = (await schedule({ type: 'bw', frequency: 'monthly', startDate: '2027-01-31', times: ['09:00'] })).body.data.id;
    const of = async (date: string) => (await dailyTasks('patient2', `date=${date}`)).filter((task) => task.scheduleId === id).map((task) => task.date);
    expect(await of('2027-05-05')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
    ]);
    expect((await of('2028-02-01')).slice(0, 2)).toEqual(['2028-01-31', '2028-02-29']);
  });

  it('list the whole year sorted by time, only those whose window was still open when the schedule was made', async () => {
    const madeAt = Date.now();
    const id = (await schedule({ type: 'bt', times: ['23:59', '00:00'] })).body.data.id;
    const tasks = await dailyTasks('patient2', '');
    const dues = tasks.map((task) => task.dueAt);
    expect([...dues].sort()).toEqual(dues);
    const mine = tasks.filter((task) => task.scheduleId === id);
    // Today's 00:00 had passed (by more than the 10 overdue minutes) before the schedule existed.
    expect(mine.every((task) => Date.parse(task.dueAt) >= madeAt - 10 * 60_000 - 1000)).toBe(true);
    const midnightStillOpen = madeAt <= wallClockInstant(today(), '00:10', ZONE).getTime();
    expect(mine[0]).toMatchObject({ date: today(), time: midnightStillOpen ? '00:00' : '23:59' });
    expect(mine.every((task) => task.date >= today() && task.date.startsWith(today().slice(0, 4)))).toBe(true);
  });

  it('stop after a new end date, and all future ones go when the schedule ends', async () => {
    const id = (await schedule({ type: 'ox', times: ['10:00'] })).body.data.id;
    const ofSchedule = async () => (await dailyTasks('patient2', 'date=2027-03-01')).filter((task) => task.scheduleId === id);
    expect(await ofSchedule()).toHaveLength(365);
    expect((await api('PATCH', `/schedules/${id}`, 'assistant', { endDate: '2027-01-10' })).status).toBe(403);
    expect((await api('PATCH', `/schedules/${id}`, 'physician', { endDate: '2020-01-01' })).status).toBe(400);
    const patched = await api('PATCH', `/schedules/${id}`, 'physician', { endDate: '2027-01-10', notifyByEmail: true });
    expect(patched.body.data).toMatchObject({ endDate: '2027-01-10', notifyByEmail: true });
    expect((await ofSchedule()).map((task) => task.date).at(-1)).toBe('2027-01-10');

    expect((await api('DELETE', `/schedules/${id}`, 'patient2')).status).toBe(403);
    const ended = await api('DELETE', `/schedules/${id}`, 'nurse');
    expect(ended.body.data.active).toBe(false);
    expect(await ofSchedule()).toEqual([]);
    const changeEnded = await api('PATCH', `/schedules/${id}`, 'physician', { notifyByEmail: false });
    expect(changeEnded.status).toBe(409);
    expect(changeEnded.body.key).toBe('scheduleEnded');
    expect((await api('GET', `/schedules?patient=${patient2Id}&pageSize=100`, 'nurse')).body.data.some((s: { id: string }) => s.id === id)).toBe(false);
    expect((await api('GET', `/schedules?patient=${patient2Id}&all=true&pageSize=100`, 'nurse')).body.data.some((s: { id: string }) => s.id === id)).toBe(true);
  });
});

describe('daily tasks', () => {
  it.each([
    ['patient', 200],
    ['physician', 200],
    ['nurse', 200],
    ['assistant', 200],
    ['patient2', 403],
    ['admin', 403],
    ['caregiver', 403],
    ['outsider', 404],
  ] as const)('GET /daily-tasks?user_id=<patient> as %s → %i', async (role, status) => {
    expect((await api('GET', `/daily-tasks?user_id=${patientId}`, role)).status).toBe(status);
  });

  it('are none for someone who is not a patient, and need a real date', async () => {
    expect(await dailyTasks('physician', '')).toEqual([]);
    expect(await dailyTasks('admin', 'date=2027-01-01')).toEqual([]);
    const bad = await api('GET', '/daily-tasks?date=2027-02-30', 'patient');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'date', message: 'Enter a date that exists.' }]);
  });

  it('are overdue the organisation’s overdue minutes after their time', async () => {
    const late = (await oneOff(minutesFromNow(-60))).body.data;
    const recent = (await oneOff(minutesFromNow(-5))).body.data;
    const later = (await oneOff(minutesFromNow(60))).body.data;
    expect([late.status, recent.status, later.status]).toEqual(['overdue', 'pending', 'pending']);
    expect(Date.parse(recent.overdueAt) - Date.parse(recent.dueAt)).toBe(10 * 60_000);

    expect((await api('PATCH', '/settings/patientManagement', 'admin', { taskOverdueMinutes: 2 })).status).toBe(200);
    expect((await api('GET', `/tasks/${recent.id}`, 'patient')).body.data.status).toBe('overdue');
    await api('PATCH', '/settings/patientManagement', 'admin', { taskOverdueMinutes: 10 });
  });

  it('are read with an integration API key naming the patient', async () => {
    const key = (await api('POST', '/api-keys', 'admin', { name: 'Tasks feed' })).body.data.key;
    const withKey = (query: string) => t.call('GET', `/api/v1/daily-tasks?${query}`, { headers: { 'x-api-key': key } });
    const res = await withKey(`user_id=${patientId}&date=${today()}`);
    expect(res.status).toBe(200);
    expect(res.body.data.every((task: { patientId: string }) => task.patientId === patientId)).toBe(true);
    expect((await withKey('')).status).toBe(400);
    expect((await withKey(`user_id=${outsiderPatientId}`)).status).toBe(403);
  });
});

describe('completing a task by taking its measurement', () => {
  it('completes the task a reading names, once', async () => {
    const task = (await oneOff({ type: 'bw' })).body.data;
    const reading = await api('POST', '/measurements', 'patient', { type: 'bw', values: { weight: 82.1 }, taskId: task.id });
    expect(reading.status).toBe(201);
    expect(reading.body.data.taskId).toBe(task.id);
    const done = (await api('GET', `/tasks/${task.id}`, 'patient')).body.data;
    expect(done).toMatchObject({ status: 'complete', measurementId: reading.body.data.id });
    expect(done.completedAt).not.toBeNull();
    const events = await t.edge.deps.db
      .select({ kind: patientEvents.kind, data: patientEvents.data })
      .from(patientEvents)
      .where(and(eq(patientEvents.patientAccountId, patientId), eq(patientEvents.refId, task.id)));
    expect(events).toEqual([{ kind: 'taskCompleted', data: { type: 'bw', measurementId: reading.body.data.id } }]);

    const twice = await api('POST', '/measurements', 'patient', { type: 'bw', values: { weight: 82.1 }, taskId: task.id });
    expect(twice.status).toBe(409);
    expect(twice.body.key).toBe('taskNotPending');
  });

  it('refuses a task of another type or of another patient', async () => {
    const task = (await oneOff({ type: 'bw' })).body.data;
    const other = await api('POST', '/measurements', 'patient', { type: 'bt', values: { temperature: 36.9 }, taskId: task.id });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([{ field: 'taskId', message: 'This task is for another measurement.' }]);
    const theirs = await api('POST', '/measurements', 'patient2', { type: 'bw', values: { weight: 70 }, taskId: task.id });
    expect(theirs.body.errors).toEqual([{ field: 'taskId', message: 'There is no such task.' }]);
    expect((await api('GET', `/tasks/${task.id}`, 'patient')).body.data.status).not.toBe('complete');
  });

  it('completes a task only with a reading taken in its window: an evening reading leaves the missed morning missed', async () => {
    const yesterday = wallClock(new Date(Date.now() - 86_400_000)).date;
    const morning = (await oneOff({ type: 'ox', date: yesterday, time: '08:00' })).body.data;
    const evening = (await oneOff({ type: 'ox', date: yesterday, time: '20:00' })).body.data;
    const at = (time: string) => wallClockInstant(yesterday, time, ZONE).toISOString();
    const record = (time: string, taskId?: string) => api('POST', '/measurements', 'patient', { type: 'ox', values: { spo2: 96 }, takenAt: at(time), taskId });
    const statusOf = async (id: string) => (await t.edge.deps.db.select({ status: tasks.status, measurementId: tasks.measurementId }).from(tasks).where(eq(tasks.id, id)))[0];

    // Too early for any task of the day (more than an hour before 08:00).
    expect((await record('06:00')).body.data.taskId).toBeNull();
    // The morning's window closed at 08:10 (10 overdue minutes): a reading at 15:00 is kept, completes nothing.
    const afternoon = await record('15:00');
    expect(afternoon.status).toBe(201);
    expect(afternoon.body.data.taskId).toBeNull();
    // Naming the missed task does not complete it either.
    expect((await record('16:00', morning.id)).body.data.taskId).toBeNull();
    // The evening's gateway-style reading (no task named) completes the evening task, not the morning's.
    const eveningReading = await record('20:05');
    expect(eveningReading.body.data.taskId).toBe(evening.id);
    expect(await statusOf(evening.id)).toEqual({ status: 'complete', measurementId: eveningReading.body.data.id });
    expect(await statusOf(morning.id)).toEqual({ status: 'pending', measurementId: null });
    expect((await api('GET', `/tasks/${morning.id}`, 'patient')).body.data.status).toBe('overdue');
    expect((await record('21:00')).body.data.taskId).toBeNull();
  });

  it('takes a reading up to an hour early as the task’s, and one across midnight', async () => {
    const yesterday = wallClock(new Date(Date.now() - 86_400_000)).date;
    const early = (await oneOff({ type: 'bt', date: yesterday, time: '12:00' })).body.data;
    const late = (await oneOff({ type: 'bt', date: yesterday, time: '23:58' })).body.data;
    const reading = (date: string, time: string) => api('POST', '/measurements', 'patient', { type: 'bt', values: { temperature: 36.8 }, takenAt: wallClockInstant(date, time, ZONE).toISOString() });
    expect((await reading(yesterday, '11:05')).body.data.taskId).toBe(early.id);
    expect((await reading(today(), '00:03')).body.data.taskId).toBe(late.id);
  });
});

describe('a schedule made in the evening', () => {
  it('brings none of the day’s tasks whose window had closed, so nothing of that morning is overdue', async () => {
    // The physician sets a 07:00, 08:00 and 21:00 schedule; it is moved to have been made yesterday at 19:00.
    const id = (await schedule({ type: 'bs', times: ['07:00', '08:00', '21:00'] })).body.data.id;
    const day = yesterdayDate();
    await t.edge.deps.db.delete(tasks).where(eq(tasks.scheduleId, id));
    await t.edge.deps.db
      .update(measurementSchedules)
      .set({ startDate: day, createdAt: wallClockInstant(day, '19:00', ZONE) })
      .where(eq(measurementSchedules.id, id));

    const listed = (await api('GET', `/tasks/patients/${patient2Id}?from=${day}&to=${day}`, 'nurse')).body.data.filter((task: Json) => task.scheduleId === id);
    expect(listed.map((task: Json) => [task.time, task.status])).toEqual([['21:00', 'overdue']]);
    const rows = await t.edge.deps.db.select({ dueAt: tasks.dueAt }).from(tasks).where(and(eq(tasks.scheduleId, id), eq(tasks.localDate, day)));
    expect(rows.map((row) => row.dueAt.toISOString())).toEqual([wallClockInstant(day, '21:00', ZONE).toISOString()]);
  });
});

describe('tasks', () => {
  const range = () => `from=${today()}&to=${today()}`;

  it.each([
    ['physician', 201],
    ['nurse', 201],
    ['assistant', 403],
    ['admin', 403],
    ['patient', 403],
    ['outsider', 404],
  ] as const)('POST /tasks (one-off) as %s → %i', async (role, status) => {
    expect((await oneOff({}, role)).status).toBe(status);
  });

  it.each([
    ['patient', 200],
    ['physician', 200],
    ['assistant', 200],
    ['patient2', 403],
    ['admin', 403],
    ['outsider', 404],
  ] as const)('GET /tasks/patients/<patient> as %s → %i', async (role, status) => {
    expect((await api('GET', `/tasks/patients/${patientId}?${range()}`, role)).status).toBe(status);
  });

  it('lists a patient’s own tasks over some days, at most a year', async () => {
    const task = (await oneOff({ type: 'bs' })).body.data;
    const own = await api('GET', `/tasks?from=${task.date}&to=${task.date}`, 'patient');
    expect(own.body.data.some((x: { id: string }) => x.id === task.id)).toBe(true);
    expect((await api('GET', `/tasks?${range()}`, 'nurse')).body.data).toEqual([]);
    expect((await api('GET', `/tasks?${range()}&patient=${patientId}`, 'nurse')).status).toBe(200);
    expect((await api('GET', '/tasks?from=2026-01-01&to=2027-06-01', 'patient')).status).toBe(400);
    expect((await api('GET', `/tasks/${task.id}`, 'patient2')).status).toBe(403);
  });

  it('are cancelled and restored by physicians and nurses; a completed task stays completed', async () => {
    const task = (await oneOff({ type: 'bs' })).body.data;
    expect((await api('PATCH', `/tasks/${task.id}`, 'patient', { status: 'cancelled' })).status).toBe(403);
    expect((await api('PATCH', `/tasks/${task.id}`, 'assistant', { status: 'cancelled' })).status).toBe(403);
    expect((await api('PATCH', `/tasks/${task.id}`, 'nurse', { status: 'cancelled' })).body.data.status).toBe('cancelled');
    expect((await api('PATCH', `/tasks/${task.id}`, 'physician', { status: 'pending' })).body.data.status).toBe('pending');
    expect((await api('DELETE', `/tasks/${task.id}`, 'physician')).body.data.status).toBe('cancelled');
    expect((await api('PATCH', `/tasks/${task.id}`, 'physician', { status: 'complete' })).status).toBe(400);

    const done = (await oneOff({ type: 'bs' })).body.data;
    await api('POST', '/measurements', 'patient', { type: 'bs', values: { glucose: 101 }, taskId: done.id });
    const refused = await api('PATCH', `/tasks/${done.id}`, 'nurse', { status: 'cancelled' });
    expect(refused.status).toBe(409);
    expect(refused.body.key).toBe('taskNotPending');
  });
});

describe('e-mail reminders', () => {
  it('mail the patient once when a task of a notifying schedule falls due', async () => {
    const tomorrow = wallClock(new Date(Date.now() + 86_400_000)).date;
    await schedule({ type: 'bs', times: ['09:00'], notifyByEmail: true, meal: 'after' });
    const due = wallClockInstant(tomorrow, '09:00', ZONE);
    const at = new Date(due.getTime() + 60_000);
    expect(await sendTaskReminders(t.edge.deps, at)).toBeGreaterThanOrEqual(1);
    const { token: admin } = await t.login('admin');
    const mail = (await t.call('GET', '/api/v1/dev/outbox?to=patient2@demo.opencare.test', { token: admin })).body.data;
    expect(mail[0]).toMatchObject({ subject: 'Time to take your blood sugar' });
    expect(mail[0].text).toContain('due at 09:00');
    expect(mail[0].text).toMatch(/\/measurements\?type=bs&task=[0-9a-f-]{36}/);
    expect(await sendTaskReminders(t.edge.deps, at)).toBe(0);
  });
});

describe('the patient\'s own reminders', () => {
  const notifying = async (id: string) =>
    (await t.edge.deps.db.select({ on: measurementSchedules.notifyByEmail }).from(measurementSchedules).where(eq(measurementSchedules.id, id)))[0]?.on;

  it('show when the next task is due, and the patient turns a schedule\'s e-mail off: no reminder is mailed', async () => {
    const made = (await schedule({ type: 'bw', times: ['10:30'], notifyByEmail: true })).body.data;
    const now = Date.now();
    const tomorrow = wallClock(new Date(now + 86_400_000)).date;
    const expected = [today(), tomorrow].map((d) => wallClockInstant(d, '10:30', ZONE)).find((at) => at.getTime() > now)!;
    const listed = (await api('GET', '/schedules', 'patient2')).body.data.find((s: Json) => s.id === made.id);
    expect(listed).toMatchObject({ notifyByEmail: true, nextDueAt: expected.toISOString() });

    const off = await api('PUT', `/schedules/${made.id}/reminders`, 'patient2', { notifyByEmail: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ notifyByEmail: false, nextDueAt: expected.toISOString(), times: ['10:30'] });
    expect(await notifying(made.id)).toBe(false);

    const { token: admin } = await t.login('admin');
    const weightMail = async () =>
      ((await t.call('GET', '/api/v1/dev/outbox?to=patient2@demo.opencare.test', { token: admin })).body.data as Json[]).filter(
        (m) => m.subject === 'Time to take your body weight',
      ).length;
    const before = await weightMail();
    await sendTaskReminders(t.edge.deps, new Date(expected.getTime() + 60_000));
    expect(await weightMail()).toBe(before);

    expect((await api('PUT', `/schedules/${made.id}/reminders`, 'patient2', { notifyByEmail: true })).status).toBe(200);
    expect(await notifying(made.id)).toBe(true);
  });

  it('are the patient\'s alone to switch: anyone else is refused, bad input and ended schedules too, and nothing changes', async () => {
    const made = (await schedule({ type: 'bt', times: ['11:00'], notifyByEmail: true })).body.data;
    const path = `/schedules/${made.id}/reminders`;
    const statuses = [];
    for (const role of ['physician', 'nurse', 'assistant', 'admin', 'patient', 'caregiver', 'outsider'] as const) {
      statuses.push([role, (await api('PUT', path, role, { notifyByEmail: false })).status]);
    }
    expect(statuses).toEqual([
      ['physician', 403],
      ['nurse', 403],
      ['assistant', 403],
      ['admin', 403],
      ['patient', 403],
      ['caregiver', 403],
      ['outsider', 404],
    ]);
    const bad = await api('PUT', path, 'patient2', { notifyByEmail: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'notifyByEmail' })]);
    expect((await api('PUT', path, 'patient2', { notifyByEmail: false, times: ['04:00'] })).status).toBe(400);
    expect(await notifying(made.id)).toBe(true);

    expect((await api('DELETE', `/schedules/${made.id}`, 'physician')).status).toBe(200);
    const ended = await api('PUT', path, 'patient2', { notifyByEmail: false });
    expect(ended.status).toBe(409);
    expect(ended.body.key).toBe('scheduleEnded');
    expect(await notifying(made.id)).toBe(true);
    const after = (await api('GET', `/schedules/${made.id}`, 'patient2')).body.data;
    expect(after.nextDueAt).toBeNull();
  });
});

describe('over tRPC', () => {
  const client = (token: string) =>
    createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })] });

  it('reads daily tasks and manages schedules by the same rules', async () => {
    const created = await client(tokens.nurse).schedules.create.mutate({
      patientId: patient2Id,
      type: 'bw',
      startDate: today(),
      frequency: 'specificDays',
      days: ['mon', 'thu'],
      times: ['06:30'],
      notifyByEmail: false,
    });
    const tasks = await client(tokens.patient2).tasks.daily.query({ date: '2027-01-01' });
    const mine = tasks.filter((task) => task.scheduleId === created.id);
    expect(mine.length).toBeGreaterThan(100);
    expect(mine.every((task) => ['Mon', 'Thu'].includes(new Date(`${task.date}T12:00:00Z`).toUTCString().slice(0, 3)))).toBe(true);
    const ended = await client(tokens.physician).schedules.end.mutate({ id: created.id });
    expect(ended.active).toBe(false);
  });
});
