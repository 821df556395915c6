import type { Visit } from '@opencare/schemas/entities/appointments';
import type {
  JoinVisitInput,
  LeaveVisitInput,
  VisitParticipant,
  VisitSession,
} from '@opencare/schemas/entities/visits';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { recordVisitTime } from '../care-time/care-time.service';
import { patientFor } from '../patients/patient-access';
import { changePatientRecord } from '../timeline/patient-events';
import { telemedicineConfigOf } from './telemedicine.service';
import { recordVisitEvent } from './visit-events';
import { callCapacityOf } from './visit-call';
import { visitStatusOf } from './visit.dto';
import { visitAsSeenBy } from './visit-read';
import { assertJoinable } from './visit-joining';
import { closeAllParticipants } from './visit-participants.repository';
import { currentParticipants } from './visit-room.service';
import { announceStatus, leaveSeat, takeSeat } from './visit-seats';
import { announceLine, callOrWait } from './visit-waiting-room.service';
import { endVisitRow, findVisit, findVisitForUpdate, startVisitRow, type VisitRow } from './visits.repository';

/**
 * The video visit: start, join, leave, end (spec §7). Who may: the appointment's patient and the
 * clinicians of the patient's organisation join and leave (assistants too: they help patients
 * connect); only physicians and nurses start and end. Every decision is audited by patientFor.
 * The status flow and the joining rules are in visit.dto.ts, visit-joining.ts and docs/visits.md.
 */

async function visitOf(deps: Deps, id: string): Promise<VisitRow> {
  const row = await findVisit(deps.db, id);
  if (!row) throw new AppError('notFound');
  return row;
}

function joinable(row: VisitRow) {
  return {
    status: visitStatusOf(row.visit.status, row.appointment.status, row.visit.completedAt),
    endedAt: row.details.endedAt,
    completedAt: row.visit.completedAt,
    appointment: row.appointment,
  };
}

/**
 * A physician or nurse starts the visit: in progress from now. Within the joining window, like
 * joining; starting a visit already in progress changes nothing (two clinicians may both press it).
 */
export async function startVisit(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Visit> {
  const row = await visitOf(deps, id);
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, 'visit.start', 'care', 'Update');
  const settings = await telemedicineConfigOf(deps, row.appointment.organisationId);
  const now = new Date();
  const started = await changePatientRecord(deps, async (tx, record) => {
    const fresh = await findVisitForUpdate(tx, id);
    if (!fresh) throw new AppError('notFound');
    assertJoinable(joinable(fresh), now, settings.joinEarlyMinutes);
    if (!(await startVisitRow(tx, id, now))) return false;
    await recordVisitEvent(record, fresh, 'started', now);
    return true;
  });
  const after = await visitOf(deps, id);
  if (started) announceStatus(deps, after);
  return visitAsSeenBy(deps.db, actor, after);
}

/**
 * A participant joins from a device, within the joining rules; the patient joining before the
 * clinician started checks in (waiting). Returns everything the visit screen needs to call.
 */
export async function joinVisit(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: JoinVisitInput,
): Promise<VisitSession> {
  const row = await visitOf(deps, id);
  // The organisation's settings are no patient data: read while access is decided (call set-up).
  const [patient, settings] = await Promise.all([
    patientFor(deps, actor, meta, row.appointment.patientAccountId, 'visit.join'),
    telemedicineConfigOf(deps, row.appointment.organisationId),
  ]);
  const role = actor.accountId === patient.account.id ? 'patient' : 'provider';
  const now = new Date();
  assertJoinable(joinable(row), now, settings.joinEarlyMinutes);

  const seat = await takeSeat(
    deps,
    id,
    { person: { accountId: actor.accountId }, role, deviceId: input.deviceId },
    {
      takeOver: input.takeOver,
      admitRequired: settings.admitRequired,
      capacity: callCapacityOf(deps, settings),
      check: (fresh) => assertJoinable(joinable(fresh), new Date(), settings.joinEarlyMinutes),
    },
  );
  const [visit, callOrWaiting] = await Promise.all([
    visitAsSeenBy(deps.db, actor, seat.row),
    callOrWait(deps, settings, seat.row, seat.self, actor.accountId),
  ]);
  return {
    visit,
    self: seat.self,
    participants: seat.participants,
    ...callOrWaiting,
    timing: {
      joinEarlyMinutes: settings.joinEarlyMinutes,
      endWarningMinutes: settings.endWarningMinutes,
      stayOrLeaveSeconds: settings.stayOrLeaveSeconds,
    },
  };
}

/** Leave from a device. Leaving a device that is not in the visit changes nothing. */
export async function leaveVisit(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: LeaveVisitInput,
): Promise<VisitParticipant[]> {
  const row = await visitOf(deps, id);
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, 'visit.leave');
  return leaveSeat(deps, id, { accountId: actor.accountId }, input.deviceId);
}

/**
 * A physician or nurse ends the call: ended-incomplete (ic), everyone's place closed. The visit
 * stays on the incomplete-visits list until completed with its summary and notes.
 */
export async function endVisit(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Visit> {
  const row = await visitOf(deps, id);
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, 'visit.end', 'care', 'Update');
  const now = new Date();
  const closed = await changePatientRecord(deps, async (tx, record) => {
    const fresh = await findVisitForUpdate(tx, id);
    if (!fresh) throw new AppError('notFound');
    const status = visitStatusOf(fresh.visit.status, fresh.appointment.status, fresh.visit.completedAt);
    if (status === 'c') throw new AppError('appointmentCompleted');
    if (status === 'can') throw new AppError('appointmentCanceled');
    if (status === 'ns') throw new AppError('appointmentMissed');
    if (!(await endVisitRow(tx, id, now))) throw new AppError('visitEnded');
    const devices = await closeAllParticipants(tx, id, now);
    await recordVisitTime(tx, {
      visitId: id,
      organisationId: fresh.appointment.organisationId,
      patientAccountId: fresh.appointment.patientAccountId,
      startedAt: fresh.details.startedAt,
      endedAt: now,
    });
    await recordVisitEvent(record, fresh, 'ended', now);
    return devices;
  });
  const after = await visitOf(deps, id);
  announceStatus(deps, after);
  deps.live.visit({ kind: 'participants', visitId: id, participants: await currentParticipants(deps, id) });
  deps.live.visit({ kind: 'left', visitId: id, deviceIds: closed });
  // Whoever still waited for this visit leaves the line (they hear it ended): the rest move up.
  await announceLine(deps, after.appointment.providerAccountId);
  return visitAsSeenBy(deps.db, actor, after);
}
