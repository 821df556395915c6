import {
  APPOINTMENT_LIMITS,
  type CompleteVisitInput,
  type EditVisitNotesInput,
  type VisitNoteAddendumInput,
  type IncompleteVisitsQuery,
  type RecordVisitInput,
  type Visit,
  type VisitListQuery,
} from '@opencare/schemas/entities/appointments';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { authorize, hasRouteRole, requireRouteRole } from '../access/access';
import { auditPatientsListed } from '../audit/audit.service';
import type { Actor } from '../access/actor';
import { fullNameOf } from '../accounts/account.dto';
import { clinicSchedule, listScope, requireProvider } from '../appointments/appointment-access';
import { insertAppointment, updateAppointment } from '../appointments/appointments.repository';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { changePatientRecord } from '../timeline/patient-events';
import { visitAsSeenBy, visitsAsSeenBy } from './visit-read';
import { newVisitCode } from './visit-code';
import { recordVisitEvent } from './visit-events';
import { closeAllParticipants } from './visit-participants.repository';
import { announceStatus } from './visit-seats';
import {
  completeVisitRow,
  findVisit,
  findVisitByCode,
  insertNoteAddendum,
  insertVisit,
  listVisits as listVisitRows,
  signVisitNotes,
  updateVisitNotes,
  type VisitRow,
} from './visits.repository';

/**
 * Visits: one per appointment, made with it. Who may see one follows its appointment (the patient
 * and the clinicians of the patient's organisation); completing one, with a summary and notes, is
 * for physicians and nurses. Start, join, leave and end come with the video visit.
 */

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

async function visitDto(db: Executor, actor: Actor, id: string): Promise<Visit> {
  const row = await findVisit(db, id);
  if (!row) throw new AppError('notFound');
  return visitAsSeenBy(db, actor, row);
}

async function readable(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  row: VisitRow | undefined,
  action: string,
) {
  if (!row) throw new AppError('notFound');
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, action);
  return visitAsSeenBy(deps.db, actor, row);
}

export async function getVisit(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Visit> {
  return readable(deps, actor, meta, await findVisit(deps.db, id), 'visit.read');
}

/** The visit a visit code opens (the telehealth screen's address), for its participants only. */
export async function getVisitByCode(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  code: string,
): Promise<Visit> {
  return readable(deps, actor, meta, await findVisitByCode(deps.db, code), 'visit.read');
}

export async function listVisits(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: VisitListQuery,
): Promise<{ items: Visit[]; meta: ListMeta }> {
  const scope = await listScope(deps, actor, meta, query.patientId, 'visit.list');
  const { rows, total } = await listVisitRows(
    deps.db,
    {
      organisationId: scope.organisationId,
      patientAccountId: scope.patientAccountId,
      providerAccountId: query.providerId,
      status: query.status,
    },
    query.page,
    query.pageSize,
  );
  await auditPatientsListed(deps.db, actor, meta, 'visit.list', rows.map((r) => r.appointment.patientAccountId));
  return {
    items: await visitsAsSeenBy(deps.db, actor, rows),
    meta: listMeta(total, query.page, query.pageSize),
  };
}

/**
 * The incomplete-visits list (physicians and nurses): visits whose appointment has begun, was not
 * cancelled (nor marked missed), and that no one has completed with a summary and notes.
 */
export async function incompleteVisits(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: IncompleteVisitsQuery,
): Promise<{ items: Visit[]; meta: ListMeta }> {
  await authorize(deps, actor, meta, {
    action: 'visit.listIncomplete',
    resourceType: 'organisation',
    resourceId: actor.organisationId,
    allowed: hasRouteRole(actor, 'physicianOrNurse'),
  });
  const { rows, total } = await listVisitRows(
    deps.db,
    { organisationId: actor.organisationId, providerAccountId: query.providerId, incompleteAt: new Date() },
    query.page,
    query.pageSize,
  );
  await auditPatientsListed(deps.db, actor, meta, 'visit.listIncomplete', rows.map((r) => r.appointment.patientAccountId));
  return { items: await visitsAsSeenBy(deps.db, actor, rows), meta: listMeta(total, query.page, query.pageSize) };
}

/**
 * A physician or nurse of the patient's organisation completes a visit with its summary and notes,
 * once its appointment has begun; the appointment is completed with it. Any of them may, not only
 * the appointment's provider: a colleague may cover. The audit log and the visit say who did.
 */
export async function completeVisit(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: CompleteVisitInput,
): Promise<Visit> {
  const row = await findVisit(deps.db, id);
  if (!row) throw new AppError('notFound');
  const { appointment } = row;
  await patientFor(deps, actor, meta, appointment.patientAccountId, 'visit.complete', 'care', 'Update');
  const now = new Date();
  if (row.visit.completedAt || appointment.status === 'completed') throw new AppError('appointmentCompleted');
  if (appointment.status === 'cancelled') throw new AppError('appointmentCanceled');
  if (appointment.status === 'noShow') throw new AppError('appointmentMissed');
  // Begun: its booked time has come, or it was held early (started in the video visit). A visit
  // started and ended ahead of its time is completed at once, not left waiting for the booking.
  const begun = row.details.startedAt !== null || appointment.startsAt.getTime() <= now.getTime();
  if (!begun) throw new AppError('appointmentInFuture');

  await changePatientRecord(deps, async (tx, record) => {
    const completed = await completeVisitRow(tx, id, {
      summary: input.summary,
      notes: input.notes,
      completedAt: now,
      completedByAccountId: actor.accountId,
    });
    if (!completed) throw new AppError('appointmentCompleted');
    await closeAllParticipants(tx, id, now);
    await updateAppointment(tx, appointment.id, { status: 'completed' });
    await recordVisitEvent(record, row, 'completed', now);
  });
  const after = await findVisit(deps.db, id);
  if (!after) throw new AppError('notFound');
  announceStatus(deps, after);
  return visitAsSeenBy(deps.db, actor, after);
}

/**
 * The note of a completed visit, before it is signed, may be corrected. A signed note is locked
 * (clinical record): the change is refused, and an addendum is the way to add to it.
 */
async function noteToChange(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string) {
  const row = await findVisit(deps.db, id);
  if (!row) throw new AppError('notFound');
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, action, 'care', 'Update');
  if (!row.visit.completedAt) throw new AppError('visitNotCompleted');
  return row;
}

export async function editVisitNotes(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: EditVisitNotesInput,
): Promise<Visit> {
  const row = await noteToChange(deps, actor, meta, id, 'visit.note.edit');
  if (row.details.notesSignedAt) throw new AppError('visitNoteSigned');
  // Guarded in the update too: a note signed between the read and the write stays as signed.
  if (!(await updateVisitNotes(deps.db, id, input.notes))) throw new AppError('visitNoteSigned');
  return visitDto(deps.db, actor, id);
}

/** A physician or nurse signs the note: it is locked from now on, with who signed it and when. */
export async function signVisitNote(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Visit> {
  const row = await noteToChange(deps, actor, meta, id, 'visit.note.sign');
  if (row.details.notesSignedAt) throw new AppError('visitNoteSigned');
  const now = new Date();
  await changePatientRecord(deps, async (tx, record) => {
    if (!(await signVisitNotes(tx, id, actor.accountId, now))) throw new AppError('visitNoteSigned');
    await recordVisitEvent(record, row, 'noteSigned', now);
  });
  return visitDto(deps.db, actor, id);
}

/** An addendum to a signed note (text, author, time); an unsigned note is edited instead. */
export async function addVisitNoteAddendum(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: VisitNoteAddendumInput,
): Promise<Visit> {
  const row = await noteToChange(deps, actor, meta, id, 'visit.note.addendum');
  if (!row.details.notesSignedAt) throw new AppError('visitNoteNotSigned');
  const now = new Date();
  await changePatientRecord(deps, async (tx, record) => {
    await insertNoteAddendum(tx, { visitId: id, authorAccountId: actor.accountId, text: input.text, createdAt: now });
    await recordVisitEvent(record, row, 'addendumAdded', now);
  });
  return visitDto(deps.db, actor, id);
}

/**
 * POST /visits: a clinician records a visit that took place without a booking (a walk-in), within
 * the last days, so it can be completed like any other. It gets its appointment (confirmed: the
 * patient came) and lands on the incomplete-visits list until completed. Slots are not checked:
 * a walk-in happens between appointments.
 */
export async function recordVisit(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: RecordVisitInput,
): Promise<Visit> {
  requireRouteRole(actor, 'clinician');
  const patient = await patientFor(deps, actor, meta, input.patientId, 'visit.record', 'read', 'Write');
  const organisationId = patient.account.organisationId;
  const provider = await requireProvider(deps.db, organisationId, input.providerId ?? actor.accountId);
  const now = new Date();
  const startsAt = new Date(input.startsAt);
  if (
    startsAt.getTime() > now.getTime() ||
    startsAt.getTime() < now.getTime() - APPOINTMENT_LIMITS.walkInPastDays * DAY_MS
  ) {
    throw new AppError('validationFailed', {
      fields: [
        {
          field: 'startsAt',
          message: `A visit can be recorded once it has begun, up to ${APPOINTMENT_LIMITS.walkInPastDays} days later.`,
        },
      ],
    });
  }
  const duration =
    input.durationMinutes ?? (await clinicSchedule(deps.db, organisationId)).settings.slotStepMinutes;

  const visitId = await changePatientRecord(deps, async (tx, record) => {
    const appointmentId = await insertAppointment(tx, {
      organisationId,
      patientAccountId: patient.account.id,
      providerAccountId: provider.id,
      type: input.type,
      startsAt,
      endsAt: new Date(startsAt.getTime() + duration * MINUTE_MS),
      status: 'confirmed',
      confirmedAt: now,
      reason: input.reason || null,
      createdByAccountId: actor.accountId,
    });
    const id = await insertVisit(tx, { organisationId, appointmentId, code: newVisitCode() });
    await record({
      organisationId,
      patientAccountId: patient.account.id,
      kind: 'appointment',
      refId: appointmentId,
      at: now,
      data: {
        action: 'walkIn',
        type: input.type,
        startsAt: startsAt.toISOString(),
        provider: fullNameOf(provider),
      },
    });
    return id;
  });
  return visitDto(deps.db, actor, visitId);
}
