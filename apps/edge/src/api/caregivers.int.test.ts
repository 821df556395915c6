import { appointments, auditLog, caregiverLinks, measurements, messageThreads, outbox, patientEvents } from '@opencare/api/db/schema';
import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, signInCast, workingDay, type Cast, type Person } from '../testing/appointment-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Caregivers who act for a patient (issue 19, part 4), through the edge: invitations, scopes,
 * revocation, admin links with consent; what is stored, audited and put on the timeline is read
 * from the database.
 */

let t: TestEdge;
let cast: Cast;
/** When the test began: the readings it made are those after. */
let since: Date;
const CAREGIVER_EMAIL = 'caregiver@demo.opencare.test';

beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.edge.deps.db.delete(caregiverLinks);
  since = new Date();
});

const db = () => t.edge.deps.db;
const api = (method: string, path: string, who?: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
const links = () => db().select().from(caregiverLinks);
const fieldsOf = (res: { body: Json }) => (res.body.errors ?? []).map((e: Json) => e.field);
const reading = (systolic: number) => ({ patientId: cast.id.patient, type: 'bp', values: { systolic, diastolic: 80, pulse: 70 } });
const readingsBy = async (accountId: string) =>
  db()
    .select()
    .from(measurements)
    .where(and(eq(measurements.patientAccountId, cast.id.patient), eq(measurements.createdByAccountId, accountId), gte(measurements.createdAt, since)));

/** Pat invites the demo caregiver, who accepts: the link's id. */
async function linked(scopes: string[]): Promise<string> {
  const invited = await api('POST', '/caregivers', 'patient', { email: CAREGIVER_EMAIL, scopes });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const id = invited.body.data.id as string;
  expect((await api('POST', `/caregiving/${id}/accept`, 'caregiver')).status).toBe(200);
  return id;
}

describe('a patient invites a caregiver', () => {
  it('by e-mail: the invitation waits for the caregiver, who sees it, accepts it and then cares for the patient', async () => {
    const invited = await api('POST', '/caregivers', 'patient', { email: 'Caregiver@Demo.OpenCare.test', scopes: ['recordReadings', 'readings'] });
    expect(invited.status).toBe(201);
    const [row] = await links();
    expect(row).toMatchObject({
      patientAccountId: cast.id.patient,
      caregiverAccountId: null,
      email: CAREGIVER_EMAIL,
      status: 'invited',
      scopes: ['readings', 'recordReadings'],
      consentMethod: 'patientInvited',
      consentRecordedByAccountId: cast.id.patient,
    });
    // The e-mail names the patient and where to answer, nothing of the record.
    const [mail] = await db().select().from(outbox).where(eq(outbox.to, CAREGIVER_EMAIL));
    expect(mail?.subject).toBe('Pat Morgan invites you to be their caregiver on OpenCare');

    // Not yet accepted: nothing of the patient is open to the caregiver.
    expect((await api('GET', `/measurements?patient=${cast.id.patient}`, 'caregiver')).status).toBe(403);
    const waiting = await api('GET', '/caregiving', 'caregiver');
    expect(waiting.body.data).toMatchObject({ people: [], invitations: [{ id: row!.id, patient: { name: 'Pat Morgan' }, scopes: ['readings', 'recordReadings'] }] });
    // Nobody else answers it.
    expect((await api('POST', `/caregiving/${row!.id}/accept`, 'nurse')).status).toBe(404);
    expect((await api('POST', `/caregiving/${row!.id}/accept`, 'patient2')).status).toBe(404);
    expect((await links())[0]?.status).toBe('invited');

    expect((await api('POST', `/caregiving/${row!.id}/accept`, 'caregiver')).status).toBe(200);
    expect((await links())[0]).toMatchObject({ status: 'active', caregiverAccountId: cast.id.caregiver });
    const caring = await api('GET', '/caregiving', 'caregiver');
    expect(caring.body.data).toEqual({
      people: [{ linkId: row!.id, accountId: cast.id.patient, name: 'Pat Morgan', scopes: ['readings', 'recordReadings'] }],
      invitations: [],
    });
    // The patient sees who cares for them.
    const own = await api('GET', '/caregivers', 'patient');
    expect(own.body.data).toMatchObject([{ status: 'active', caregiver: { name: 'Casey Jordan' }, email: CAREGIVER_EMAIL }]);
    expect((await api('GET', '/caregivers', 'patient2')).body.data).toEqual([]);
  });

  it('refuses bad invitations with field errors and stores nothing', async () => {
    const self = await api('POST', '/caregivers', 'patient', { email: 'patient@demo.opencare.test', scopes: ['readings'] });
    expect(self.status).toBe(400);
    expect(fieldsOf(self)).toEqual(['email']);
    const none = await api('POST', '/caregivers', 'patient', { email: CAREGIVER_EMAIL, scopes: [] });
    expect(fieldsOf(none)).toEqual(['scopes']);
    const unknown = await api('POST', '/caregivers', 'patient', { email: CAREGIVER_EMAIL, scopes: ['everything'] });
    expect(unknown.status).toBe(400);
    const hostile = await api('POST', '/caregivers', 'patient', { email: "x'); DROP TABLE caregiver_links;--@x", scopes: ['readings'] });
    expect(fieldsOf(hostile)).toEqual(['email']);
    expect(await links()).toEqual([]);
    // Only patients invite for themselves.
    expect((await api('POST', '/caregivers', 'nurse', { email: CAREGIVER_EMAIL, scopes: ['readings'] })).status).toBe(403);
    expect(await links()).toEqual([]);

    expect((await api('POST', '/caregivers', 'patient', { email: CAREGIVER_EMAIL, scopes: ['readings'] })).status).toBe(201);
    const again = await api('POST', '/caregivers', 'patient', { email: CAREGIVER_EMAIL, scopes: ['messages'] });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('caregiverAlreadyLinked');
    expect(await links()).toHaveLength(1);
  });

  it('a declined invitation opens nothing, and may be sent again', async () => {
    const invited = await api('POST', '/caregivers', 'patient', { email: CAREGIVER_EMAIL, scopes: ['readings'] });
    const id = invited.body.data.id as string;
    expect((await api('POST', `/caregiving/${id}/end`, 'caregiver')).status).toBe(200);
    expect((await links())[0]).toMatchObject({ status: 'declined', endedByAccountId: cast.id.caregiver });
    expect((await api('POST', `/caregiving/${id}/accept`, 'caregiver')).body.key).toBe('caregiverLinkNotOpen');
    expect((await api('GET', `/measurements?patient=${cast.id.patient}`, 'caregiver')).status).toBe(403);
    expect((await api('POST', '/caregivers', 'patient', { email: CAREGIVER_EMAIL, scopes: ['readings'] })).status).toBe(201);
  });
});

describe('a caregiver acting for the patient', () => {
  it('records a reading as their own, on the patient’s behalf: stored, audited and on the timeline with their name', async () => {
    await linked(['readings', 'recordReadings']);
    const recorded = await api('POST', '/measurements', 'caregiver', reading(131));
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    const id = recorded.body.data.id as string;
    const [row] = await readingsBy(cast.id.caregiver);
    expect(row).toMatchObject({ id, patientAccountId: cast.id.patient, source: 'manual', values: { systolic: 131, diastolic: 80, pulse: 70 } });

    const [event] = await db().select().from(patientEvents).where(and(eq(patientEvents.refId, id), eq(patientEvents.kind, 'measurement')));
    expect(event?.data).toMatchObject({ caregiverName: 'Casey Jordan' });
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'measurements.create'), eq(auditLog.actorAccountId, cast.id.caregiver)));
    expect(audited).toMatchObject({ outcome: 'allowed', resourceId: cast.id.patient, onBehalfOfAccountId: cast.id.patient });

    // Readings and daily tasks are open to them; the patient sees who recorded it.
    const list = await api('GET', `/measurements?patient=${cast.id.patient}`, 'caregiver');
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: Json) => m.id)).toContain(id);
    expect((await api('GET', `/daily-tasks?patient=${cast.id.patient}`, 'caregiver')).status).toBe(200);
    const timeline = await api('GET', `/patients/${cast.id.patient}/timeline`, 'nurse');
    expect(timeline.body.data.items.find((e: Json) => e.refId === id)?.data.caregiverName).toBe('Casey Jordan');
  });

  it('is refused outside the granted scope and for anyone else, and nothing is stored', async () => {
    await linked(['readings']);
    // See, but not record.
    const record = await api('POST', '/measurements', 'caregiver', reading(140));
    expect(record.status).toBe(403);
    expect(await readingsBy(cast.id.caregiver)).toEqual([]);
    const [refused] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'measurements.create'), eq(auditLog.outcome, 'denied'), eq(auditLog.actorAccountId, cast.id.caregiver)));
    expect(refused?.onBehalfOfAccountId).toBe(cast.id.patient);
    // No appointments, no mail, no chart, no other person.
    const startsAt = at(workingDay(4), '09:00');
    expect((await api('POST', '/appointments', 'caregiver', { type: 'tv', providerId: cast.id.physician, patientId: cast.id.patient, startsAt })).status).toBe(403);
    expect(await db().select().from(appointments).where(eq(appointments.createdByAccountId, cast.id.caregiver))).toEqual([]);
    expect((await api('POST', '/mail/threads', 'caregiver', { patientAccountId: cast.id.patient, subject: 'Hi', body: 'Hello' })).status).toBe(403);
    expect(await db().select().from(messageThreads).where(eq(messageThreads.createdByAccountId, cast.id.caregiver))).toEqual([]);
    expect((await api('GET', `/patients/${cast.id.patient}/snapshot`, 'caregiver')).status).toBe(403);
    expect((await api('GET', `/measurements?patient=${cast.id.patient2}`, 'caregiver')).status).toBe(403);
    expect((await api('POST', '/measurements', 'caregiver', { ...reading(120), patientId: cast.id.patient2 })).status).toBe(403);
    expect((await api('GET', `/measurements?patient=${cast.id.outsiderPatient}`, 'caregiver')).status).toBe(404);
    // A nurse cannot use the caregiver's way in.
    expect((await api('POST', '/measurements', 'nurse', reading(120))).status).toBe(403);
  });

  it('books appointments and writes to the care team once the patient allows it', async () => {
    const id = await linked(['readings']);
    const widened = await api('PATCH', `/caregivers/${id}`, 'patient', { scopes: ['readings', 'appointments', 'messages'] });
    expect(widened.status).toBe(200);
    expect((await links())[0]?.scopes).toEqual(['readings', 'appointments', 'messages']);
    // Only the patient changes them.
    expect((await api('PATCH', `/caregivers/${id}`, 'caregiver', { scopes: ['readings', 'recordReadings'] })).status).toBe(404);

    const startsAt = at(workingDay(4), '09:30');
    const booked = await api('POST', '/appointments', 'caregiver', { type: 'tv', providerId: cast.id.physician, patientId: cast.id.patient, startsAt });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [appointment] = await db().select().from(appointments).where(eq(appointments.createdByAccountId, cast.id.caregiver));
    expect(appointment?.patientAccountId).toBe(cast.id.patient);
    const [bookedEvent] = await db().select().from(patientEvents).where(eq(patientEvents.refId, appointment!.id));
    expect(bookedEvent?.data).toMatchObject({ action: 'booked', caregiverName: 'Casey Jordan' });
    const list = await api('GET', `/appointments?patientId=${cast.id.patient}`, 'caregiver');
    expect(list.body.data.map((a: Json) => a.id)).toContain(appointment!.id);

    const thread = await api('POST', '/mail/threads', 'caregiver', { patientAccountId: cast.id.patient, subject: 'Dizzy spells', body: 'Pat felt dizzy this morning.' });
    expect(thread.status, JSON.stringify(thread.body)).toBe(201);
    const threads = await api('GET', `/mail/threads?patientAccountId=${cast.id.patient}`, 'caregiver');
    expect(threads.body.data.map((x: Json) => x.id)).toEqual([thread.body.data.id]);
    // The care team answers; the caregiver reads it. The patient's own threads stay theirs.
    const reply = await api('POST', `/mail/threads/${thread.body.data.id}/messages`, 'nurse', { body: 'Please measure your blood pressure now.' });
    expect(reply.status).toBe(201);
    const read = await api('GET', `/mail/threads/${thread.body.data.id}`, 'caregiver');
    expect(read.body.data.messages.map((m: Json) => m.body)).toEqual(['Pat felt dizzy this morning.', 'Please measure your blood pressure now.']);
    const patientsOwn = await api('POST', '/mail/threads', 'patient', { subject: 'Private', body: 'Only for my nurse.' });
    expect((await api('GET', `/mail/threads/${patientsOwn.body.data.id}`, 'caregiver')).status).toBe(403);
  });

  it('loses access the moment the patient revokes it', async () => {
    const id = await linked(['readings', 'recordReadings']);
    expect((await api('POST', '/measurements', 'caregiver', reading(125))).status).toBe(201);
    // Only the patient (or an admin) revokes.
    expect((await api('POST', `/caregivers/${id}/revoke`, 'patient2')).status).toBe(404);
    expect((await api('POST', `/caregivers/${id}/revoke`, 'nurse')).status).toBe(404);
    const revoked = await api('POST', `/caregivers/${id}/revoke`, 'patient');
    expect(revoked.status).toBe(200);
    expect((await links())[0]).toMatchObject({ status: 'revoked', endedByAccountId: cast.id.patient });

    expect((await api('POST', '/measurements', 'caregiver', reading(126))).status).toBe(403);
    expect((await readingsBy(cast.id.caregiver)).map((m) => m.values)).toEqual([{ systolic: 125, diastolic: 80, pulse: 70 }]);
    expect((await api('GET', `/measurements?patient=${cast.id.patient}`, 'caregiver')).status).toBe(403);
    expect((await api('GET', '/caregiving', 'caregiver')).body.data.people).toEqual([]);
    expect((await api('POST', `/caregivers/${id}/revoke`, 'patient')).body.key).toBe('caregiverLinkNotOpen');
  });
});

describe('an admin links a caregiver with the patient’s consent', () => {
  const consent = () => ({ method: 'verbal', witness: 'Noah Bennett', at: new Date(Date.now() - 60_000).toISOString() });

  it('active at once for an existing caregiver account; the caregiver may stop', async () => {
    const made = await api('POST', '/caregiver-links', 'admin', { patientId: cast.id.patient2, email: CAREGIVER_EMAIL, scopes: ['readings'], consent: consent() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await links())[0]).toMatchObject({
      patientAccountId: cast.id.patient2,
      caregiverAccountId: cast.id.caregiver,
      status: 'active',
      consentMethod: 'verbal',
      consentWitness: 'Noah Bennett',
      consentRecordedByAccountId: cast.id.admin,
    });
    expect((await api('GET', `/measurements?patient=${cast.id.patient2}`, 'caregiver')).status).toBe(200);
    expect((await api('GET', '/caregiver-links', 'admin')).body.data).toHaveLength(1);
    expect((await api('GET', '/caregiver-links', 'nurse')).status).toBe(403);

    expect((await api('POST', `/caregiving/${made.body.data.id}/end`, 'caregiver')).status).toBe(200);
    expect((await links())[0]?.status).toBe('revoked');
    expect((await api('GET', `/measurements?patient=${cast.id.patient2}`, 'caregiver')).status).toBe(403);
  });

  it('refuses what it cannot link, with field errors, and stores nothing', async () => {
    const body = { patientId: cast.id.patient2, email: CAREGIVER_EMAIL, scopes: ['readings'], consent: consent() };
    const noAccount = await api('POST', '/caregiver-links', 'admin', { ...body, email: 'nobody@demo.opencare.test' });
    expect(fieldsOf(noAccount)).toEqual(['email']);
    const notCaregiver = await api('POST', '/caregiver-links', 'admin', { ...body, email: 'nurse@demo.opencare.test' });
    expect(fieldsOf(notCaregiver)).toEqual(['email']);
    const foreign = await api('POST', '/caregiver-links', 'admin', { ...body, patientId: cast.id.outsiderPatient });
    expect(fieldsOf(foreign)).toEqual(['patientId']);
    const future = await api('POST', '/caregiver-links', 'admin', { ...body, consent: { ...consent(), at: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(fieldsOf(future)).toEqual(['consent.at']);
    const noWitness = await api('POST', '/caregiver-links', 'admin', { ...body, consent: { ...consent(), witness: '' } });
    expect(fieldsOf(noWitness)).toEqual(['consent.witness']);
    expect((await api('POST', '/caregiver-links', 'physician', body)).status).toBe(403);
    expect(await links()).toEqual([]);
  });
});
