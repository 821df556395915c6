import { careTimeEntries, visitParticipants } from '@opencare/api/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAppointmentWithVisit, organisationOf, signInCast, type Cast, type Person } from '../testing/appointment-fixtures';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/**
 * Care time of remote monitoring (issue 19, part 2): counted while the chart is in front of a
 * clinician (beats), in a video visit, or entered by hand; corrected with a reason, never above what
 * was first counted. Every figure here is read from the database, not from the answer.
 */

let t: TestEdge;
let cast: Cast;
let clinic: string;

beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.edge.deps.db.delete(careTimeEntries);
});

const api = (method: string, path: string, who?: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
/** `n` minutes before `from` (now): one `from` for stretches that must line up, or a busy machine's seconds between statements shift one against the other. */
const minutesAgo = (n: number, from = Date.now()) => new Date(from - n * 60_000);

const entriesOf = (who: Person) =>
  t.edge.deps.db.select().from(careTimeEntries).where(eq(careTimeEntries.clinicianAccountId, cast.id[who]));
/** Whole minutes the database holds for a clinician on a patient. */
async function minutesIn(who: Person, patient: Person = 'patient'): Promise<number> {
  const [row] = await t.edge.deps.db
    .select({ s: sql<number>`coalesce(sum(extract(epoch from ${careTimeEntries.endedAt} - ${careTimeEntries.startedAt})), 0)::float` })
    .from(careTimeEntries)
    .where(and(eq(careTimeEntries.clinicianAccountId, cast.id[who]), eq(careTimeEntries.patientAccountId, cast.id[patient])));
  return Math.floor((row?.s ?? 0) / 60);
}
/** Move an entry's stretch back in time, as if its beats had come over the last minutes. */
const backdate = (id: string, startMinutesAgo: number, endMinutesAgo = 0) =>
  t.edge.deps.db
    .update(careTimeEntries)
    .set({ startedAt: minutesAgo(startMinutesAgo), endedAt: minutesAgo(endMinutesAgo) })
    .where(eq(careTimeEntries.id, id));

describe('time on the chart', () => {
  it('beats extend one stretch; a silence longer than the gap starts another', async () => {
    const first = await api('POST', `/patients/${cast.id.patient}/care-time/beats`, 'nurse');
    expect(first.status).toBe(200);
    const [entry] = await entriesOf('nurse');
    expect(entry).toMatchObject({ source: 'chart', patientAccountId: cast.id.patient, interactive: false });
    // Beats came for six minutes: the next one extends the same stretch to now.
    await backdate(entry!.id, 6, 0.5);
    await api('POST', `/patients/${cast.id.patient}/care-time/beats`, 'nurse');
    expect(await entriesOf('nurse')).toHaveLength(1);
    expect(await minutesIn('nurse')).toBe(6);

    // The clinician went away for two minutes (no beats): the time away is not counted.
    await backdate(entry!.id, 8, 2);
    await api('POST', `/patients/${cast.id.patient}/care-time/beats`, 'nurse');
    expect(await entriesOf('nurse')).toHaveLength(2);
    expect(await minutesIn('nurse')).toBe(6);
  });

  it("a beat on another patient's chart starts there and leaves the first stretch as it was", async () => {
    await api('POST', `/patients/${cast.id.patient}/care-time/beats`, 'physician');
    const [first] = await entriesOf('physician');
    await backdate(first!.id, 3, 0.2);
    await api('POST', `/patients/${cast.id.patient2}/care-time/beats`, 'physician');
    expect(await minutesIn('physician', 'patient')).toBe(2);
    expect(await minutesIn('physician', 'patient2')).toBe(0);
    expect((await entriesOf('physician')).map((e) => e.patientAccountId).sort()).toEqual([cast.id.patient, cast.id.patient2].sort());
  });

  it('only the physicians and nurses of the patient’s organisation count time on the chart', async () => {
    for (const who of ['patient', 'assistant', 'admin', 'caregiver'] as const) {
      expect((await api('POST', `/patients/${cast.id.patient}/care-time/beats`, who)).status).toBe(403);
    }
    expect((await api('POST', `/patients/${cast.id.patient}/care-time/beats`, 'outsider')).status).toBe(404);
    expect((await api('POST', `/patients/${cast.id.patient}/care-time/beats`)).status).toBe(401);
    expect(await t.edge.deps.db.select().from(careTimeEntries)).toHaveLength(0);
  });
});

describe('time in a video visit', () => {
  it('ending the visit counts each clinician’s time in the call once, as interactive', async () => {
    const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient,
      providerAccountId: cast.id.physician,
      startsAt: minutesAgo(30),
      type: 'tv',
    });
    expect((await api('POST', `/visits/${visitId}/start`, 'physician')).status).toBe(200);
    expect((await api('POST', `/visits/${visitId}/participants/join`, 'physician', { deviceId: 'device-physician-1' })).status).toBe(200);
    // The physician's seat began 25 minutes ago; a second device overlapped it for 5.
    await t.edge.deps.db
      .update(visitParticipants)
      .set({ joinedAt: minutesAgo(25) })
      .where(eq(visitParticipants.visitId, visitId));
    await t.edge.deps.db.insert(visitParticipants).values({
      visitId,
      accountId: cast.id.physician,
      role: 'provider',
      deviceId: 'device-physician-2',
      joinedAt: minutesAgo(20),
      leftAt: minutesAgo(15),
    });
    await t.edge.deps.db.execute(sql`update visits set started_at = ${minutesAgo(25).toISOString()} where id = ${visitId}`);
    expect((await api('POST', `/visits/${visitId}/end`, 'physician')).status).toBe(200);

    const entries = await entriesOf('physician');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: 'visit', interactive: true, visitId, patientAccountId: cast.id.patient });
    expect(await minutesIn('physician')).toBe(25);

    const month = await api('GET', `/patients/${cast.id.patient}/care-time`, 'nurse');
    expect(month.status).toBe(200);
    expect(month.body.data).toMatchObject({ minutes: 25, targetMinutes: 20, interactive: true, targetDays: 16 });
    expect(month.body.data.entries[0]).toMatchObject({ source: 'visit', clinicianName: 'Priya Raman' });
  });

  it('a visit everyone leaves without ending counts when the last one leaves, and again (not twice) if it goes on', async () => {
    const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient,
      providerAccountId: cast.id.physician,
      startsAt: minutesAgo(30),
      type: 'tv',
    });
    expect((await api('POST', `/visits/${visitId}/start`, 'physician')).status).toBe(200);
    expect((await api('POST', `/visits/${visitId}/participants/join`, 'physician', { deviceId: 'device-physician-1' })).status).toBe(200);
    const joined = Date.now();
    await t.edge.deps.db.update(visitParticipants).set({ joinedAt: minutesAgo(12, joined) }).where(eq(visitParticipants.visitId, visitId));
    await t.edge.deps.db.execute(sql`update visits set started_at = ${minutesAgo(12, joined).toISOString()} where id = ${visitId}`);
    expect((await api('POST', `/visits/${visitId}/participants/leave`, 'physician', { deviceId: 'device-physician-1' })).status).toBe(200);

    const [left] = await entriesOf('physician');
    expect(left).toMatchObject({ source: 'visit', interactive: true, visitId });
    expect(await minutesIn('physician')).toBe(12);

    // Eight minutes later the physician comes back for four minutes and ends it: the visit's time is counted anew, once.
    const back = Date.now();
    await t.edge.deps.db.update(visitParticipants).set({ joinedAt: minutesAgo(20, back), leftAt: minutesAgo(8, back) }).where(eq(visitParticipants.visitId, visitId));
    await t.edge.deps.db.execute(sql`update visits set started_at = ${minutesAgo(20, back).toISOString()} where id = ${visitId}`);
    expect((await api('POST', `/visits/${visitId}/participants/join`, 'physician', { deviceId: 'device-physician-1' })).status).toBe(200);
    await t.edge.deps.db
      .update(visitParticipants)
      .set({ joinedAt: minutesAgo(4) })
      .where(and(eq(visitParticipants.visitId, visitId), isNull(visitParticipants.leftAt)));
    expect((await api('POST', `/visits/${visitId}/end`, 'physician')).status).toBe(200);
    const entries = (await entriesOf('physician')).filter((e) => e.visitId === visitId);
    expect(entries).toHaveLength(2);
    expect(await minutesIn('physician')).toBe(16);
  });
});

describe('one patient at a time', () => {
  it('a chart open beside a video visit of another patient counts nothing while the clinician is in the call', async () => {
    const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient2,
      providerAccountId: cast.id.physician,
      startsAt: minutesAgo(10),
      type: 'tv',
    });
    expect((await api('POST', `/visits/${visitId}/start`, 'physician')).status).toBe(200);
    expect((await api('POST', `/visits/${visitId}/participants/join`, 'physician', { deviceId: 'device-physician-1' })).status).toBe(200);
    const beat = await api('POST', `/patients/${cast.id.patient}/care-time/beats`, 'physician');
    expect(beat.status).toBe(200);
    expect((await entriesOf('physician')).filter((e) => e.patientAccountId === cast.id.patient)).toEqual([]);

    expect((await api('POST', `/visits/${visitId}/participants/leave`, 'physician', { deviceId: 'device-physician-1' })).status).toBe(200);
    expect((await api('POST', `/patients/${cast.id.patient}/care-time/beats`, 'physician')).status).toBe(200);
    expect((await entriesOf('physician')).filter((e) => e.patientAccountId === cast.id.patient && e.source === 'chart')).toHaveLength(1);
    expect((await api('POST', `/visits/${visitId}/end`, 'physician')).status).toBe(200);
  });
});

describe('time entered by hand', () => {
  const add = (who: Person, body: Record<string, unknown>) => api('POST', `/patients/${cast.id.patient}/care-time`, who, body);
  const valid = () => ({ startedAt: minutesAgo(90).toISOString(), minutes: 12, interactive: true, reason: 'Phone call about dizziness' });

  it('is stored with its reason and counted in the month', async () => {
    const added = await add('nurse', valid());
    expect(added.status).toBe(201);
    const [row] = await entriesOf('nurse');
    expect(row).toMatchObject({ source: 'manual', interactive: true, reason: 'Phone call about dizziness' });
    expect(await minutesIn('nurse')).toBe(12);
    const month = await api('GET', `/patients/${cast.id.patient}/care-time`, 'physician');
    expect(month.body.data.minutes).toBe(12);
  });

  it('refuses time in the future, too old, too long, without a reason, or over time already counted; stores nothing', async () => {
    expect((await add('nurse', valid())).status).toBe(201);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...valid(), startedAt: minutesAgo(5).toISOString(), minutes: 10 }, 400, 'startedAt'],
      [{ ...valid(), startedAt: minutesAgo(63 * 24 * 60).toISOString() }, 400, 'startedAt'],
      [{ ...valid(), startedAt: minutesAgo(600).toISOString(), minutes: 241 }, 400, 'minutes'],
      [{ ...valid(), startedAt: minutesAgo(600).toISOString(), minutes: 2.5 }, 400, 'minutes'],
      [{ ...valid(), startedAt: minutesAgo(600).toISOString(), reason: ' ' }, 400, 'reason'],
      [{ ...valid(), startedAt: 'yesterday' }, 400, 'startedAt'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await add('nurse', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.key).toBe('validationFailed');
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // Overlapping the first entry by a minute.
    const overlap = await add('nurse', { ...valid(), startedAt: minutesAgo(80).toISOString() });
    expect(overlap.status).toBe(409);
    expect(overlap.body.key).toBe('careTimeOverlaps');
    expect(await entriesOf('nurse')).toHaveLength(1);
    // Another clinician's time at the same moment is theirs.
    expect((await add('physician', valid())).status).toBe(201);
  });

  it('keeps hostile text as text', async () => {
    const reason = `Call re: "meds" ' OR 1=1; -- ${'é'.repeat(3)} ${'x'.repeat(40)}`;
    expect((await add('nurse', { ...valid(), reason })).status).toBe(201);
    const [row] = await entriesOf('nurse');
    expect(row?.reason).toBe(reason);
  });
});

describe('corrections', () => {
  async function manualEntry(who: Person, minutes: number) {
    const added = await api('POST', `/patients/${cast.id.patient}/care-time`, who, {
      startedAt: minutesAgo(300).toISOString(),
      minutes,
      reason: 'Reviewed two weeks of readings',
    });
    expect(added.status).toBe(201);
    return added.body.data.id as string;
  }

  it('shortens an entry with a reason and keeps what was first counted', async () => {
    const id = await manualEntry('nurse', 30);
    const corrected = await api('PATCH', `/care-time/${id}`, 'nurse', { minutes: 18, reason: 'Part of it was another patient' });
    expect(corrected.status).toBe(200);
    const [row] = await entriesOf('nurse');
    // The reason it was entered stays; the correction has its own.
    expect(row).toMatchObject({
      reason: 'Reviewed two weeks of readings',
      correctionReason: 'Part of it was another patient',
      correctedByAccountId: cast.id.nurse,
    });
    expect(await minutesIn('nurse')).toBe(18);
    expect((row!.originalEndedAt!.getTime() - row!.originalStartedAt!.getTime()) / 60_000).toBe(30);
    // Back up to the 30 first counted is allowed; above it is not.
    expect((await api('PATCH', `/care-time/${id}`, 'nurse', { minutes: 30, reason: 'It was all hers after all' })).status).toBe(200);
    const beyond = await api('PATCH', `/care-time/${id}`, 'nurse', { minutes: 31, reason: 'One more minute' });
    expect(beyond.status).toBe(409);
    expect(beyond.body.key).toBe('careTimeBeyondSource');
    expect(await minutesIn('nurse')).toBe(30);
  });

  it("a nurse cannot correct a physician's time; a physician may correct a nurse's; others not at all", async () => {
    const physicians = await manualEntry('physician', 20);
    expect((await api('PATCH', `/care-time/${physicians}`, 'nurse', { minutes: 5, reason: 'Not hers' })).status).toBe(403);
    const nurses = await manualEntry('nurse', 20);
    expect((await api('PATCH', `/care-time/${nurses}`, 'physician', { minutes: 15, reason: 'Reviewed with the nurse' })).status).toBe(200);
    expect((await api('PATCH', `/care-time/${nurses}`, 'outsider', { minutes: 1, reason: 'Not my patient' })).status).toBe(404);
    expect((await api('PATCH', `/care-time/${nurses}`, 'patient', { minutes: 1, reason: 'My own time' })).status).toBe(403);
    expect(await minutesIn('physician')).toBe(20);
    expect(await minutesIn('nurse')).toBe(15);
  });
});

describe('time writing to the patient', () => {
  it("counts a clinician's writing, at most 30 minutes, and marks the exchange interactive once the patient answers", async () => {
    const started = await api('POST', '/mail/threads', 'physician', {
      patientAccountId: cast.id.patient,
      subject: 'Your readings this week',
      body: 'Your evening readings are higher than the morning ones. Any change in your routine?',
      writingSince: minutesAgo(4).toISOString(),
    });
    expect(started.status).toBe(201);
    const threadId = started.body.data.id as string;
    expect(await minutesIn('physician')).toBe(4);
    expect((await entriesOf('physician'))[0]).toMatchObject({ source: 'message', interactive: false, threadId });

    // The patient answers: the physician's writing was a two-way exchange.
    expect((await api('POST', `/mail/threads/${threadId}/messages`, 'patient', { body: 'I started walking after dinner.' })).status).toBe(201);
    expect((await entriesOf('physician'))[0]?.interactive).toBe(true);
    expect(await entriesOf('patient')).toHaveLength(0);

    // A composer left open for 50 minutes counts 30; an answer to the patient is interactive at once.
    const answered = await api('POST', `/mail/threads/${threadId}/messages`, 'nurse', {
      body: 'Keep it up, and measure before the walk.',
      writingSince: minutesAgo(50).toISOString(),
    });
    expect(answered.status).toBe(201);
    expect(await minutesIn('nurse')).toBe(30);
    expect((await entriesOf('nurse'))[0]?.interactive).toBe(true);

    // Writing that overlaps time already counted (the physician's first message) starts where it ended.
    await api('POST', `/mail/threads/${threadId}/messages`, 'physician', { body: 'Thanks, Pat.', writingSince: minutesAgo(10).toISOString() });
    expect(await minutesIn('physician')).toBe(4);
  });

  it('a message without the time its writing began counts nothing, and a bad time is refused', async () => {
    expect((await api('POST', '/mail/threads', 'nurse', { patientAccountId: cast.id.patient, subject: 'Hello', body: 'Checking in.' })).status).toBe(201);
    expect(await entriesOf('nurse')).toHaveLength(0);
    const refused = await api('POST', '/mail/threads', 'nurse', { patientAccountId: cast.id.patient, subject: 'Hello', body: 'Again.', writingSince: 'an hour ago' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toContain('writingSince');
  });
});
