import type { TelemedicineConfig } from '@opencare/schemas/entities/settings';
import type {
  RunningLateInput,
  VisitCall,
  VisitParticipant,
  VisitWaiting,
  WaitingVisit,
} from '@opencare/schemas/entities/visits';
import { fullNameOf } from '../accounts/account.dto';
import { authorize, hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { auditPatientsListed } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { telemedicineConfigOf } from './telemedicine.service';
import { assertRoom, callCapacityOf, visitCallFor } from './visit-call';
import { visitStatusOf } from './visit.dto';
import {
  admitParticipants,
  closeParticipant,
  findActiveParticipants,
  findActiveByDevice,
  findWaitingLine,
  lockVisit,
} from './visit-participants.repository';
import { currentParticipants } from './visit-room.service';
import { findVisit, findVisitForUpdate, setRunningLateRow, type VisitRow } from './visits.repository';

/**
 * The waiting room (issue 18). Where the organisation requires it (the default), a patient or
 * guest who joins holds a place but waits, hearing nothing of the call, until a clinician lets
 * them in. The provider hears a knock on any screen, sees their line, admits one or all, and can
 * tell the waiting room how late they are running. All of it goes over the live channel, so the
 * people waiting and the provider may be on different edges.
 */

/** One visit as the provider's line shows it: who waits, and the delay they were told. */
export function knockOf(row: VisitRow, participants: VisitParticipant[]): WaitingVisit {
  return {
    visitId: row.visit.id,
    code: row.visit.code,
    patientName: fullNameOf(row.patient),
    startsAt: row.appointment.startsAt.toISOString(),
    runningLateMinutes: row.details.runningLateMinutes,
    waiting: participants.filter((p) => !p.admitted),
  };
}

/** Where a visit's waiting devices are: 1 = next in the provider's line. */
export async function waitingOf(deps: Pick<Deps, 'db'>, row: VisitRow): Promise<VisitWaiting> {
  const line = await findWaitingLine(deps.db, row.appointment.providerAccountId);
  const place = line.findIndex((entry) => entry.visitId === row.visit.id) + 1;
  return { place: Math.max(place, 1), runningLateMinutes: row.details.runningLateMinutes };
}

/**
 * How a seat just taken calls: once admitted, the call (for LiveKit, a token); in the waiting room
 * no way to call yet, only its place. It joins again once let in.
 */
export async function callOrWait(
  deps: Deps,
  settings: TelemedicineConfig,
  row: VisitRow,
  self: VisitParticipant,
  identity: string,
): Promise<{ call: VisitCall | null; waiting: VisitWaiting | null }> {
  if (!self.admitted) return { call: null, waiting: await waitingOf(deps, row) };
  const call = await visitCallFor(deps, settings, {
    visitId: row.visit.id,
    identity,
    fullName: self.fullName,
    role: self.role,
    deviceId: self.deviceId,
    endsAt: row.appointment.endsAt,
  });
  return { call, waiting: null };
}

/** Tell every visit in the provider's line its place (someone arrived, was let in, or left). */
export async function announceLine(deps: Deps, providerAccountId: string): Promise<void> {
  const line = await findWaitingLine(deps.db, providerAccountId);
  line.forEach(({ visitId, runningLateMinutes }, index) =>
    deps.live.visit({ kind: 'waiting', visitId, place: index + 1, runningLateMinutes }),
  );
}

/** The same for the provider of this visit: a place in its waiting room closed. */
export async function announceLineOf(deps: Deps, visitId: string): Promise<void> {
  const row = await findVisit(deps.db, visitId);
  if (row) await announceLine(deps, row.appointment.providerAccountId);
}

async function visitOf(deps: Deps, id: string): Promise<VisitRow> {
  const row = await findVisit(deps.db, id);
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * A physician or nurse lets people in: the devices named, or everyone waiting. Each is told at
 * once (it joins again and enters the call); the others in the line move up. Returns who is in
 * the visit now. A visit that ended admits nobody.
 */
export async function admitToVisit(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  deviceIds: string[] | undefined,
): Promise<VisitParticipant[]> {
  const row = await visitOf(deps, id);
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, 'visit.admit', 'care', 'Update');
  const capacity = callCapacityOf(deps, await telemedicineConfigOf(deps, row.appointment.organisationId));
  const admitted = await deps.db.transaction(async (tx) => {
    const fresh = await findVisitForUpdate(tx, id);
    if (!fresh) throw new AppError('notFound');
    const status = visitStatusOf(fresh.visit.status, fresh.appointment.status, fresh.visit.completedAt);
    if (fresh.details.endedAt || status === 'c' || status === 'ic') throw new AppError('visitEnded');
    // Everyone asked for, or no one: a full call lets nobody in (the provider sees why).
    const places = await findActiveParticipants(tx, id);
    const waiting = places.filter((p) => !p.admitted && (!deviceIds || deviceIds.includes(p.deviceId)));
    assertRoom(places.filter((p) => p.admitted).length, waiting.length, capacity);
    return admitParticipants(tx, id, deviceIds, new Date());
  });
  const participants = await currentParticipants(deps, id);
  if (admitted.length > 0) {
    deps.live.visit({ kind: 'participants', visitId: id, participants });
    deps.live.visit({ kind: 'admitted', visitId: id, deviceIds: admitted });
    await announceLine(deps, row.appointment.providerAccountId);
  }
  return participants;
}

/** A physician or nurse tells a visit's waiting room how late they are running (0: on time). */
export async function setRunningLate(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: RunningLateInput,
): Promise<WaitingVisit> {
  const row = await visitOf(deps, id);
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, 'visit.runningLate', 'care', 'Update');
  await setRunningLateRow(deps.db, id, input.minutes === 0 ? null : input.minutes);
  const after = await visitOf(deps, id);
  const waiting = knockOf(after, await currentParticipants(deps, id));
  if (waiting.waiting.length > 0) deps.live.visit({ kind: 'waiting', visitId: id, ...(await waitingOf(deps, after)) });
  return waiting;
}

/**
 * A waiting device whose page went away (closed, or its connection lost past the grace) leaves the
 * line, so the provider is not told someone waits who does not; those behind move up. A device let
 * in meanwhile keeps its place.
 */
export async function dropWaitingDevice(deps: Deps, visitId: string, deviceId: string): Promise<void> {
  const dropped = await deps.db.transaction(async (tx) => {
    await lockVisit(tx, visitId);
    const place = await findActiveByDevice(tx, visitId, deviceId);
    if (!place || place.admitted) return false;
    await closeParticipant(tx, place.rowId, new Date());
    return true;
  });
  if (!dropped) return;
  deps.live.visit({ kind: 'participants', visitId, participants: await currentParticipants(deps, visitId) });
  deps.live.visit({ kind: 'left', visitId, deviceIds: [deviceId] });
  await announceLineOf(deps, visitId);
}

/** The caller's line: their visits with someone in the waiting room, longest wait first. */
export async function myWaitingRoom(deps: Deps, actor: Actor, meta: RequestMeta): Promise<WaitingVisit[]> {
  await authorize(deps, actor, meta, {
    action: 'visit.waitingRoom',
    resourceType: 'organisation',
    resourceId: actor.organisationId,
    allowed: hasRouteRole(actor, 'physicianOrNurse'),
  });
  const line = await findWaitingLine(deps.db, actor.accountId);
  const rows = (await Promise.all(line.map(({ visitId }) => findVisit(deps.db, visitId)))).filter(
    (row): row is VisitRow => row !== undefined,
  );
  await auditPatientsListed(deps.db, actor, meta, 'visit.waitingRoom', rows.map((row) => row.appointment.patientAccountId));
  return Promise.all(
    rows.map(async (row) => knockOf(row, await currentParticipants(deps, row.visit.id))),
  );
}
