import { auditLog, visitNoteAddenda, visits } from '@opencare/api/db/schema';
import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { ask, connected, nextEvent, socketClients } from '../testing/socket-clients';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Visit documentation (issue 17, part 3): the summary is the patient's to read, the note the care
 * team's; a signed note is locked and amended by addenda; a visit held early is completed at once.
 */

let t: TestEdge;
let cast: Cast;
let clinic: string;

beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
});
const screens = socketClients();
afterAll(async () => {
  screens.closeAll();
  await t.close();
});

const api = (method: string, path: string, who?: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
const minutesFromNow = (n: number) => new Date(Date.now() + n * 60_000);

const SUMMARY = 'Healing well; keep the dressing dry for three more days.';
const NOTES = 'Incision clean, no erythema. Sutures out in 7 days.';

async function completedVisit(patient: Person = 'patient') {
  const { visitId, appointmentId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: clinic,
    patientAccountId: cast.id[patient],
    providerAccountId: cast.id.physician,
    startsAt: minutesFromNow(-60),
  });
  const done = await api('POST', `/visits/${visitId}/complete`, 'physician', { summary: SUMMARY, notes: NOTES });
  expect(done.status).toBe(200);
  return { visitId, appointmentId };
}

async function visitRow(id: string) {
  const [row] = await t.edge.deps.db
    .select({ notes: visits.notes, signedAt: visits.notesSignedAt, summary: visits.summary, completedAt: visits.completedAt })
    .from(visits)
    .where(eq(visits.id, id));
  return row;
}
const addendaCount = async (visitId: string) =>
  (await t.edge.deps.db.select({ n: count() }).from(visitNoteAddenda).where(eq(visitNoteAddenda.visitId, visitId)))[0]?.n;
const lastAuditId = async () => (await t.edge.deps.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
const auditedSince = async (after: number, who: Person) =>
  (
    await t.edge.deps.db
      .select({ action: auditLog.action, outcome: auditLog.outcome, resourceId: auditLog.resourceId })
      .from(auditLog)
      .where(and(gt(auditLog.id, after), eq(auditLog.actorAccountId, cast.id[who])))
  ).filter((a) => a.action.startsWith('visit.note'));

const textsOf = (value: unknown) => JSON.stringify(value);

describe('the summary and the notes', () => {
  it('the patient reads the summary on the appointment and the visit, never the notes', async () => {
    const { visitId, appointmentId } = await completedVisit();
    await api('POST', `/visits/${visitId}/notes/sign`, 'physician');
    await api('POST', `/visits/${visitId}/notes/addenda`, 'physician', { text: 'Called back: no fever.' });

    const appointment = await api('GET', `/appointments/${appointmentId}`, 'patient');
    expect(appointment.body.data.visit).toMatchObject({ id: visitId, status: 'c', summary: SUMMARY });
    const list = await api('GET', '/appointments?pageSize=100', 'patient');
    expect(list.body.data.find((a: Json) => a.id === appointmentId).visit.summary).toBe(SUMMARY);

    const visit = await api('GET', `/visits/${visitId}`, 'patient');
    expect(visit.status).toBe(200);
    expect(visit.body.data).toMatchObject({ summary: SUMMARY, notes: null, note: null });
    // Every answer the patient can get about this visit: no note, signature or addendum in any.
    const visitList = await api('GET', '/visits?pageSize=100', 'patient');
    const timeline = await api('GET', `/patients/${cast.id.patient}/timeline?limit=100`, 'patient');
    for (const res of [appointment, list, visit, visitList, timeline]) {
      expect(res.status).toBe(200);
      expect(textsOf(res.body)).not.toContain('Incision');
      expect(textsOf(res.body)).not.toContain('Called back');
    }
    // Another patient of the clinic reads neither.
    expect((await api('GET', `/visits/${visitId}`, 'patient2')).status).toBe(403);
  });

  it('the care team reads both on the visit; the timeline shows the summary to all, the note to clinicians', async () => {
    const { visitId } = await completedVisit('patient2');
    await api('POST', `/visits/${visitId}/notes/sign`, 'physician');
    await api('POST', `/visits/${visitId}/notes/addenda`, 'nurse', { text: 'Dressing changed.' });

    for (const who of ['physician', 'nurse', 'assistant'] as const) {
      const visit = await api('GET', `/visits/${visitId}`, who);
      expect(visit.body.data, who).toMatchObject({
        summary: SUMMARY,
        notes: NOTES,
        note: {
          text: NOTES,
          signedBy: { id: cast.id.physician, fullName: 'Priya Raman' },
          addenda: [{ text: 'Dressing changed.', author: { id: cast.id.nurse, fullName: 'Noah Bennett' } }],
        },
      });
    }

    const event = (who: Person) =>
      api('GET', `/patients/${cast.id.patient2}/timeline?limit=100`, who).then((res) =>
        (res.body.data.items as Json[]).find((e) => e.refId === visitId && e.data.action === 'completed'),
      );
    expect((await event('physician'))?.visit).toMatchObject({
      summary: SUMMARY,
      note: { text: NOTES, addenda: [{ text: 'Dressing changed.' }] },
    });
    expect(Date.parse((await event('physician'))?.visit.note.signedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await event('patient2'))?.visit).toEqual({ summary: SUMMARY, note: null });

    // Signing and the addendum are on the care team's timeline, not on the patient's.
    const actions = (who: Person) =>
      api('GET', `/patients/${cast.id.patient2}/timeline?limit=100`, who).then((res) =>
        (res.body.data.items as Json[]).filter((e) => e.refId === visitId).map((e) => e.data.action),
      );
    expect(await actions('nurse')).toEqual(['addendumAdded', 'noteSigned', 'completed']);
    expect(await actions('patient2')).toEqual(['completed']);
  });

  it('a clinician watching the patient hears the note signed and amended at once', async () => {
    const { visitId } = await completedVisit();
    const nurse = await connected(screens.open(t.url, { token: cast.token.nurse }));
    await ask(nurse, 'patient:watch', { patientId: cast.id.patient });
    const ofVisit = (action: string) =>
      nextEvent(nurse, 'patient:event', (e) => e.event.refId === visitId && e.event.data.action === action);

    const signed = ofVisit('noteSigned');
    await api('POST', `/visits/${visitId}/notes/sign`, 'physician');
    expect((await signed).event).toMatchObject({ kind: 'visit', refId: visitId });
    const amended = ofVisit('addendumAdded');
    await api('POST', `/visits/${visitId}/notes/addenda`, 'physician', { text: 'Called back: no fever.' });
    // The event names the change; the text stays on the visit, for the care team to read.
    expect(textsOf(await amended)).not.toContain('Called back');
  });
});

describe('signing the note', () => {
  it('locks it: an edit is refused with its key and nothing changes; addenda are added under it', async () => {
    const { visitId } = await completedVisit();
    // Before signing, the note may be corrected (not the patient, not an assistant).
    expect((await api('PATCH', `/visits/${visitId}/notes`, 'patient', { notes: 'x' })).status).toBe(403);
    expect((await api('PATCH', `/visits/${visitId}/notes`, 'assistant', { notes: 'x' })).status).toBe(403);
    const corrected = await api('PATCH', `/visits/${visitId}/notes`, 'physician', { notes: `${NOTES} Afebrile.` });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data.note).toMatchObject({ text: `${NOTES} Afebrile.`, signedAt: null, addenda: [] });
    // Addenda are for signed notes: before that, the note is edited.
    const tooSoon = await api('POST', `/visits/${visitId}/notes/addenda`, 'physician', { text: 'x' });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.key).toBe('visitNoteNotSigned');
    expect(await addendaCount(visitId)).toBe(0);

    const before = await lastAuditId();
    const signed = await api('POST', `/visits/${visitId}/notes/sign`, 'physician');
    expect(signed.status).toBe(200);
    expect(signed.body.data.note.signedBy).toEqual({ id: cast.id.physician, fullName: 'Priya Raman' });
    const atSigning = await visitRow(visitId);

    const edit = await api('PATCH', `/visits/${visitId}/notes`, 'nurse', { notes: 'Rewritten.' });
    expect(edit.status).toBe(409);
    expect(edit.body.key).toBe('visitNoteSigned');
    const twice = await api('POST', `/visits/${visitId}/notes/sign`, 'nurse');
    expect(twice.status).toBe(409);
    expect(twice.body.key).toBe('visitNoteSigned');
    expect(await visitRow(visitId)).toEqual(atSigning);

    const added = await api('POST', `/visits/${visitId}/notes/addenda`, 'nurse', { text: 'Sutures removed early.' });
    expect(added.status).toBe(201);
    expect(added.body.data.note.text).toBe(`${NOTES} Afebrile.`);
    expect(added.body.data.note.addenda).toMatchObject([
      { text: 'Sutures removed early.', author: { id: cast.id.nurse, fullName: 'Noah Bennett' } },
    ]);
    expect(await addendaCount(visitId)).toBe(1);

    // Audited like the other writes on the record.
    expect(await auditedSince(before, 'physician')).toEqual([
      { action: 'visit.note.sign', outcome: 'allowed', resourceId: cast.id.patient },
    ]);
    expect(await auditedSince(before, 'nurse')).toEqual(
      expect.arrayContaining([
        { action: 'visit.note.edit', outcome: 'allowed', resourceId: cast.id.patient },
        { action: 'visit.note.addendum', outcome: 'allowed', resourceId: cast.id.patient },
      ]),
    );
  });

  it('refuses a note or an addendum over its size, and anyone but the clinic’s physicians and nurses', async () => {
    const { visitId } = await completedVisit();
    const longNote = await api('PATCH', `/visits/${visitId}/notes`, 'physician', { notes: 'x'.repeat(10_001) });
    expect(longNote.status).toBe(400);
    expect(longNote.body.errors.map((e: Json) => e.field)).toEqual(['notes']);
    expect((await visitRow(visitId))?.notes).toBe(NOTES);

    await api('POST', `/visits/${visitId}/notes/sign`, 'physician');
    const longAddendum = await api('POST', `/visits/${visitId}/notes/addenda`, 'physician', { text: 'x'.repeat(10_001) });
    expect(longAddendum.status).toBe(400);
    expect(longAddendum.body.errors.map((e: Json) => e.field)).toEqual(['text']);
    for (const who of ['patient', 'patient2', 'assistant', 'admin', 'caregiver', 'outsider'] as const) {
      const res = await api('POST', `/visits/${visitId}/notes/addenda`, who, { text: 'x' });
      expect(res.status, who).toBe(who === 'outsider' ? 404 : 403);
    }
    expect(await addendaCount(visitId)).toBe(0);
  });

  it('is for completed visits only', async () => {
    const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient,
      providerAccountId: cast.id.physician,
      startsAt: minutesFromNow(-30),
    });
    const res = await api('POST', `/visits/${visitId}/notes/sign`, 'physician');
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('visitNotCompleted');
    expect((await visitRow(visitId))?.signedAt).toBeNull();
  });
});

describe('completing', () => {
  it('twice is refused with its key, and nothing changes', async () => {
    const { visitId } = await completedVisit();
    const before = await visitRow(visitId);
    const again = await api('POST', `/visits/${visitId}/complete`, 'nurse', { summary: 'Other', notes: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('appointmentCompleted');
    expect(await visitRow(visitId)).toEqual(before);
  });

  it('a visit started and ended before its booked time, at once', async () => {
    const { visitId, appointmentId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient2,
      providerAccountId: cast.id.physician,
      startsAt: minutesFromNow(8),
      type: 'tv',
    });
    // Not begun, not held: still refused.
    const tooEarly = await api('POST', `/visits/${visitId}/complete`, 'physician', { summary: SUMMARY, notes: NOTES });
    expect(tooEarly.body.key).toBe('appointmentInFuture');
    expect((await visitRow(visitId))?.completedAt).toBeNull();

    expect((await api('POST', `/visits/${visitId}/start`, 'physician')).status).toBe(200);
    expect((await api('POST', `/visits/${visitId}/end`, 'physician')).status).toBe(200);
    const incomplete = await api('GET', '/visits/incomplete?pageSize=100', 'physician');
    expect((incomplete.body.data as Json[]).map((v) => v.id)).toContain(visitId);

    const done = await api('POST', `/visits/${visitId}/complete`, 'physician', { summary: SUMMARY, notes: NOTES });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'c', summary: SUMMARY, appointment: { id: appointmentId, status: 'completed' } });
  });
});
