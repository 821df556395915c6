import {
  MESSAGE_WRITING_MAX_MINUTES,
  addCareTimeInputSchema,
  correctCareTimeInputSchema,
  type CareTimeEntry,
  type CareTimeMonth,
  type ChartBeat,
} from '@opencare/schemas/entities/care-time';
import { sql } from 'drizzle-orm';
import { ROLES } from '@opencare/schemas/roles';
import { authorize } from '../access/access';
import type { Actor } from '../access/actor';
import { monthBounds } from '../appointments/slots';
import { audit } from '../audit/audit.service';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { AppError, parseInput } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { findNames } from '../patients/patients.repository';
import { billingCodesOf } from '../monitoring-report/monitoring-report.repository';
import { daysOfMonth, monitoringTargets } from '../monitoring-report/report-rules';
import { settingsOf } from '../settings/settings.service';
import {
  careTimeOfPatient,
  clinicianBusy,
  correctCareTimeRow,
  extendCareTime,
  findCareTime,
  insertCareTime,
  lastCountedEnd,
  inVisitOfAnotherPatient,
  latestChartEntry,
  markThreadInteractive,
  providerSeats,
  replaceableVisitTime,
  readingDaysOfPatient,
  threadHasMessageFrom,
  type CareTimeRow,
} from './care-time.repository';

/**
 * The chart sends a beat every 30 seconds while it is open, visible and in use (use-chart-time.ts).
 * A beat within this gap of the last one extends the same stretch; a longer silence (the tab hidden,
 * the clinician away) ends it there, so idle time is never counted.
 */
export const BEAT_GAP_MS = 75_000;

/** One clinician's entries are written one at a time, so two tabs cannot both start a stretch. */
const lockClinician = (tx: Executor, clinicianAccountId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`care-time:${clinicianAccountId}`}))`);

const secondsOf = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * The patient's chart is open in front of a physician or nurse: count the time since the last beat.
 * A clinician's time goes to one patient at a time: a beat on another chart starts a new stretch
 * there, and while they are in a video visit of another patient the visit's patient has the time
 * (the chart's beats are not counted).
 */
export async function chartBeat(deps: Deps, actor: Actor, meta: RequestMeta, patientId: string): Promise<ChartBeat> {
  const patient = await patientFor(deps, actor, meta, patientId, 'careTime.chart', 'care', 'Write');
  return deps.db.transaction(async (tx) => {
    await lockClinician(tx, actor.accountId);
    if (await inVisitOfAnotherPatient(tx, actor.accountId, patientId)) return { entryId: null, seconds: 0 };
    const now = new Date();
    const running = await latestChartEntry(tx, actor.accountId, new Date(now.getTime() - BEAT_GAP_MS));
    if (running && running.patientAccountId === patientId) {
      await extendCareTime(tx, running.id, now);
      return { entryId: running.id, seconds: secondsOf(running.startedAt, now) };
    }
    const [row] = await insertCareTime(tx, [
      {
        organisationId: patient.account.organisationId,
        patientAccountId: patientId,
        clinicianAccountId: actor.accountId,
        source: 'chart',
        startedAt: now,
        endedAt: now,
        createdByAccountId: actor.accountId,
      },
    ]);
    return { entryId: row?.id ?? null, seconds: 0 };
  });
}

/**
 * A video visit's time so far: each clinician who was in the call gets its time on the patient,
 * marked interactive. A clinician's seats (a rejoin, a second device) count once where they overlap.
 * Counted when a clinician ends the visit, and when the last person leaves a visit nobody ended
 * (counted again, replacing it, should the visit go on); runs in that transaction.
 */
export async function recordVisitTime(
  tx: Executor,
  visit: { visitId: string; organisationId: string; patientAccountId: string; startedAt: Date | null; endedAt: Date },
): Promise<void> {
  const { endedAt } = visit;
  const corrected = await replaceableVisitTime(tx, visit.visitId);
  const seats = (await providerSeats(tx, visit.visitId)).flatMap((seat) => {
    const from = visit.startedAt && seat.joinedAt < visit.startedAt ? visit.startedAt : seat.joinedAt;
    const to = seat.leftAt && seat.leftAt < endedAt ? seat.leftAt : endedAt;
    return seat.accountId && !corrected.has(seat.accountId) && to > from ? [{ accountId: seat.accountId, from, to }] : [];
  });
  const rows = [...mergedByAccount(seats)].flatMap(([accountId, stretches]) =>
    stretches.map(({ from, to }) => ({
      organisationId: visit.organisationId,
      patientAccountId: visit.patientAccountId,
      clinicianAccountId: accountId,
      source: 'visit',
      interactive: true,
      startedAt: from,
      endedAt: to,
      visitId: visit.visitId,
      createdByAccountId: accountId,
    })),
  );
  await insertCareTime(tx, rows);
}

/**
 * A message went into a patient's thread: a clinician's writing counts, from the composer's first
 * keystroke (at most MESSAGE_WRITING_MAX_MINUTES, and not over time already counted) to the sending;
 * an answer to the patient is a two-way exchange, and so is the clinicians' writing once the patient
 * answers it. Runs in the transaction that stores the message.
 */
export async function recordMessageTime(
  tx: Executor,
  message: { threadId: string; organisationId: string; patientAccountId: string; senderAccountId: string; sentAt: Date; writingSince?: string },
  byClinician: boolean,
): Promise<void> {
  const { threadId, patientAccountId, senderAccountId, sentAt } = message;
  if (!byClinician) {
    if (senderAccountId === patientAccountId) await markThreadInteractive(tx, threadId);
    return;
  }
  if (!message.writingSince) return;
  await lockClinician(tx, senderAccountId);
  const earliest = new Date(sentAt.getTime() - MESSAGE_WRITING_MAX_MINUTES * 60_000);
  const began = new Date(Math.max(Date.parse(message.writingSince), earliest.getTime()));
  const counted = await lastCountedEnd(tx, senderAccountId, began);
  const from = counted && counted > began ? counted : began;
  if (from >= sentAt) return;
  await insertCareTime(tx, [
    {
      organisationId: message.organisationId,
      patientAccountId,
      clinicianAccountId: senderAccountId,
      source: 'message',
      interactive: await threadHasMessageFrom(tx, threadId, patientAccountId),
      startedAt: from,
      endedAt: sentAt,
      threadId,
      createdByAccountId: senderAccountId,
    },
  ]);
}

/** Each account's stretches, overlapping ones as one. */
function mergedByAccount(stretches: { accountId: string; from: Date; to: Date }[]): Map<string, { from: Date; to: Date }[]> {
  const byAccount = new Map<string, { from: Date; to: Date }[]>();
  for (const { accountId, from, to } of stretches) byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), { from, to }]);
  return new Map([...byAccount].map(([accountId, own]) => [accountId, merged(own)]));
}

/** Overlapping stretches as one. */
function merged(stretches: { from: Date; to: Date }[]): { from: Date; to: Date }[] {
  const sorted = [...stretches].sort((a, b) => a.from.getTime() - b.from.getTime());
  const out: { from: Date; to: Date }[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.from <= last.to) last.to = s.to > last.to ? s.to : last.to;
    else out.push({ ...s });
  }
  return out;
}

/** YYYY-MM of `at` on the organisation's calendar. */
export function monthIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(at).slice(0, 7);
}

/**
 * A patient's month of monitoring, as the chart shows it: minutes of care time (each clinician's
 * overlapping stretches counted once) and days with readings, against what the organisation's
 * codes ask for (99457's 20 minutes, 99454's 16 days), whether there was interactive contact, and
 * the entries.
 */
export async function careTimeMonth(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientId: string,
  month?: string,
): Promise<CareTimeMonth> {
  await patientFor(deps, actor, meta, patientId, 'careTime.read', 'care', 'Read');
  const [{ timezone }, codes] = await Promise.all([
    settingsOf(deps.db, actor.organisationId, 'organization'),
    billingCodesOf(deps.db, actor.organisationId),
  ]);
  const currentMonth = monthIn(new Date(), timezone);
  const shown = month ?? currentMonth;
  const { from, to } = monthBounds(shown, timezone);
  const [rows, days] = await Promise.all([
    careTimeOfPatient(deps.db, patientId, from, to),
    readingDaysOfPatient(deps.db, patientId, from, to, timezone),
  ]);
  const names = await findNames(deps.db, rows.map((r) => r.clinicianAccountId));
  const { minutes, interactive } = countedTime(rows);
  const targets = monitoringTargets(codes, daysOfMonth(shown).last);
  return {
    month: shown,
    currentMonth,
    patientAccountId: patientId,
    minutes,
    targetMinutes: targets.minutes,
    daysWithReadings: days,
    targetDays: targets.days,
    interactive,
    entries: rows.map((r) => toDto(r, names.get(r.clinicianAccountId) ?? '')),
  };
}

/**
 * Care time as it counts: each clinician's overlapping stretches once, the minutes whole; whether
 * any of it was interactive communication with the patient.
 */
export function countedTime(rows: readonly Pick<CareTimeRow, 'clinicianAccountId' | 'startedAt' | 'endedAt' | 'interactive'>[]) {
  const stretches = mergedByAccount(rows.map((r) => ({ accountId: r.clinicianAccountId, from: r.startedAt, to: r.endedAt })));
  const secondsByClinician = new Map([...stretches].map(([id, own]) => [id, own.reduce((sum, s) => sum + secondsOf(s.from, s.to), 0)]));
  const seconds = [...secondsByClinician.values()].reduce((sum, n) => sum + n, 0);
  return {
    minutes: Math.floor(seconds / 60),
    secondsByClinician,
    interactive: rows.some((r) => r.interactive && r.endedAt > r.startedAt),
  };
}

/** Time a clinician spent on the patient away from the product (a phone call, say), entered with a reason. */
export async function addCareTime(deps: Deps, actor: Actor, meta: RequestMeta, patientId: string, input: unknown): Promise<CareTimeEntry> {
  const patient = await patientFor(deps, actor, meta, patientId, 'careTime.add', 'care', 'Write');
  const { startedAt, minutes, interactive, reason } = parseInput(addCareTimeInputSchema, input);
  const from = new Date(startedAt);
  const to = new Date(from.getTime() + minutes * 60_000);
  const row = await deps.db.transaction(async (tx) => {
    await lockClinician(tx, actor.accountId);
    // One clinician, one patient at a time: a stretch already counted is not counted twice.
    if (await clinicianBusy(tx, actor.accountId, from, to)) throw new AppError('careTimeOverlaps');
    const [inserted] = await insertCareTime(tx, [
      {
        organisationId: patient.account.organisationId,
        patientAccountId: patientId,
        clinicianAccountId: actor.accountId,
        source: 'manual',
        interactive,
        startedAt: from,
        endedAt: to,
        reason,
        createdByAccountId: actor.accountId,
      },
    ]);
    if (!inserted) throw new AppError('unknown');
    return inserted;
  });
  return toDto(row, (await findNames(deps.db, [actor.accountId])).get(actor.accountId) ?? '');
}

/**
 * Correct an entry by hand: the minutes that really belong to the patient, with the reason. Never
 * more than the stretch first counted (the visit, the chart session); more time is an entry of its
 * own. The clinician whose time it is corrects it, or a physician of the organisation.
 */
export async function correctCareTime(deps: Deps, actor: Actor, meta: RequestMeta, id: string, input: unknown): Promise<CareTimeEntry> {
  const row = await findCareTime(deps.db, id);
  if (!row) {
    await audit(deps.db, actor, meta, { action: 'careTime.correct', resourceType: 'careTime', resourceId: id, outcome: 'denied' });
    throw new AppError('notFound');
  }
  await patientFor(deps, actor, meta, row.patientAccountId, 'careTime.correct', 'care', 'Update');
  await authorize(deps, actor, meta, {
    action: 'careTime.correct',
    resourceType: 'careTime',
    resourceId: id,
    allowed: row.clinicianAccountId === actor.accountId || actor.roles.includes(ROLES.Physician),
  });
  const { minutes, reason } = parseInput(correctCareTimeInputSchema, input);
  const firstCounted = secondsOf(row.originalStartedAt ?? row.startedAt, row.originalEndedAt ?? row.endedAt);
  if (minutes * 60 > firstCounted) {
    throw new AppError('careTimeBeyondSource', { params: { minutes: Math.floor(firstCounted / 60) } });
  }
  const updated = await correctCareTimeRow(deps.db, row, {
    endedAt: new Date(row.startedAt.getTime() + minutes * 60_000),
    reason,
    byAccountId: actor.accountId,
    at: new Date(),
  });
  return toDto(updated, (await findNames(deps.db, [row.clinicianAccountId])).get(row.clinicianAccountId) ?? '');
}

function toDto(row: CareTimeRow, clinicianName: string): CareTimeEntry {
  return {
    id: row.id,
    patientAccountId: row.patientAccountId,
    clinicianAccountId: row.clinicianAccountId,
    clinicianName,
    source: row.source as CareTimeEntry['source'],
    interactive: row.interactive,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    seconds: secondsOf(row.startedAt, row.endedAt),
    visitId: row.visitId,
    threadId: row.threadId,
    reason: row.reason,
    correctionReason: row.correctionReason,
    correctedAt: row.correctedAt?.toISOString() ?? null,
    originalSeconds: row.originalStartedAt && row.originalEndedAt ? secondsOf(row.originalStartedAt, row.originalEndedAt) : null,
  };
}
