import {
  SERIES_MAX_DAYS,
  SERIES_MAX_POINTS,
  SNAPSHOT_ADHERENCE_DAYS,
  patientEventKindSchema,
  type PatientSnapshot,
  type Reading,
  type Series,
  type SeriesQuery,
  type TimelineEvent,
  type TimelinePage,
  type TimelineQuery,
} from '@opencare/schemas/entities/patients';
import { rangeClassSchema } from '@opencare/schemas/entities/measurements';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { isEventOfPatient, listPatientEvents, toTimelineEvent } from '../timeline/patient-events';
import { NOTE_EVENT_ACTIONS } from '../visits/visit-events';
import { readsNotes, visitsAsSeenBy } from '../visits/visit-read';
import { findVisitsOfPatient } from '../visits/visits.repository';
import { limitsFor } from '../measurements/thresholds.service';
import { normalBandsOf } from './normal-bands';
import { patientFor } from './patient-access';
import { snapshotGatewaysOf } from '../gateways/gateways.service';
import { fullNameOf } from './patients.repository';
import { patientDetailOf } from './patients.service';
import { adherenceOfPatient } from '../tasks/tasks.service';
import { adherenceOf } from '../tasks/adherence.repository';
import {
  latestReadingPerType,
  messageSummary,
  openAlertCount,
  readingsBetween,
  upcomingAppointments,
} from './snapshot.repository';

const DAY_MS = 86_400_000;
const DEFAULT_SERIES_DAYS = 30;
const UPCOMING_APPOINTMENTS = 3;

interface ReadingRow {
  id: string;
  type: string;
  values: Record<string, unknown>;
  takenAt: Date;
  rangeClass: string | null;
  meal: 'before' | 'after' | null;
}

/** A reading on the wire: its numeric values only, and a range class only if it is one we know. */
export function toReading(row: ReadingRow): Reading {
  const values = Object.fromEntries(
    Object.entries(row.values).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    ),
  );
  const rangeClass = rangeClassSchema.safeParse(row.rangeClass);
  return {
    id: row.id,
    type: row.type,
    values,
    takenAt: row.takenAt.toISOString(),
    rangeClass: rangeClass.success ? rangeClass.data : null,
    meal: row.meal,
  };
}

/**
 * A patient's snapshot (`GET /patients/{id}/snapshot`): profile and care team, the latest reading of
 * each type, 30 days of task adherence, mail, open alerts and the next appointments.
 */
export async function getPatientSnapshot(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientAccountId: string,
  now = new Date(),
): Promise<PatientSnapshot> {
  const record = await patientFor(deps, actor, meta, patientAccountId, 'patients.snapshot.read');
  const since = new Date(now.getTime() - SNAPSHOT_ADHERENCE_DAYS * DAY_MS);
  const [patient, latest, tasks, mail, openAlerts, appointments, gateways] = await Promise.all([
    patientDetailOf(deps, record),
    latestReadingPerType(deps.db, patientAccountId),
    adherenceOfPatient(deps.db, record, since, now),
    messageSummary(deps.db, patientAccountId, actor.accountId),
    openAlertCount(deps.db, patientAccountId),
    upcomingAppointments(deps.db, patientAccountId, now, UPCOMING_APPOINTMENTS),
    snapshotGatewaysOf(deps, patientAccountId),
  ]);
  return {
    patient,
    latestReadings: latest.map(toReading).sort((a, b) => b.takenAt.localeCompare(a.takenAt)),
    adherence: { ...adherenceOf(tasks.due, tasks.completed), days: SNAPSHOT_ADHERENCE_DAYS },
    messages: {
      threads: mail.threads,
      unread: mail.unread,
      lastMessageAt: mail.lastMessageAt?.toISOString() ?? null,
    },
    openAlerts,
    upcomingAppointments: appointments.map((a) => {
      const name = a.provider ? fullNameOf(a.provider) : '';
      return {
        id: a.id,
        type: a.type,
        startsAt: a.startsAt.toISOString(),
        endsAt: a.endsAt.toISOString(),
        status: a.status,
        provider: name ? { accountId: a.providerAccountId, fullName: name } : null,
      };
    }),
    gateways,
  };
}

/** One measurement type over a period for the snapshot's chart (`GET /patients/{id}/series`), oldest first. */
export async function getPatientSeries(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientAccountId: string,
  query: SeriesQuery,
  now = new Date(),
): Promise<Series> {
  await patientFor(deps, actor, meta, patientAccountId, 'patients.series.read');
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_SERIES_DAYS * DAY_MS);
  // The schema checks a period given whole; one end given alone is checked against the other's default here.
  if (from >= to)
    throw new AppError('validationFailed', {
      fields: [{ field: 'from', message: 'The start must be before the end.' }],
    });
  if (to.getTime() - from.getTime() > SERIES_MAX_DAYS * DAY_MS) {
    throw new AppError('validationFailed', {
      fields: [{ field: 'from', message: `A chart covers at most ${SERIES_MAX_DAYS} days.` }],
    });
  }
  const [rows, limits] = await Promise.all([
    readingsBetween(deps.db, patientAccountId, query.type, from, to, SERIES_MAX_POINTS + 1),
    limitsFor(deps.db, patientAccountId, query.type),
  ]);
  return {
    type: query.type,
    from: from.toISOString(),
    to: to.toISOString(),
    points: rows.slice(0, SERIES_MAX_POINTS).reverse().map(toReading),
    truncated: rows.length > SERIES_MAX_POINTS,
    normalBands: normalBandsOf(query.type, limits),
  };
}

const CURSOR_SHAPE = /^\d{1,15}$/;

/**
 * A completed visit's event shows the visit's summary (written for the patient: every reader of the
 * timeline) and, for clinicians only, its note as it is now (signed, with addenda). Read from the
 * visit rather than stored in the event, so the note on the timeline is never older than the note.
 */
async function withVisitRecords(
  deps: Deps,
  actor: Actor,
  patientAccountId: string,
  items: TimelineEvent[],
): Promise<TimelineEvent[]> {
  const completed = items.filter((e) => e.kind === 'visit' && e.data.action === 'completed' && e.refId);
  const rows = await findVisitsOfPatient(deps.db, patientAccountId, completed.flatMap((e) => (e.refId ? [e.refId] : [])));
  if (rows.length === 0) return items;
  const visits = new Map((await visitsAsSeenBy(deps.db, actor, rows)).map((v) => [v.id, v]));
  return items.map((event) => {
    const visit = completed.includes(event) && event.refId ? visits.get(event.refId) : undefined;
    return visit ? { ...event, visit: { summary: visit.summary, note: visit.note } } : event;
  });
}

/**
 * A page of the patient's timeline (`GET /patients/{id}/timeline`), newest first. The cursor is the
 * id of the last event of the previous page, and must be an event of this patient's timeline.
 */
export async function getPatientTimeline(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientAccountId: string,
  query: TimelineQuery,
): Promise<TimelinePage> {
  await patientFor(deps, actor, meta, patientAccountId, 'patients.timeline.read');
  let beforeId: number | undefined;
  if (query.cursor !== undefined) {
    beforeId = CURSOR_SHAPE.test(query.cursor) ? Number(query.cursor) : undefined;
    if (beforeId === undefined || !(await isEventOfPatient(deps.db, patientAccountId, beforeId))) {
      throw new AppError('validationFailed', {
        fields: [{ field: 'cursor', message: 'This page of the timeline is not available.' }],
      });
    }
  }
  const rows = await listPatientEvents(deps.db, patientAccountId, query.limit + 1, beforeId);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const seesNotes = readsNotes(actor);
  const items = page.flatMap((row): TimelineEvent[] => {
    // An event of a kind this version does not know is left out rather than break the page.
    const kind = patientEventKindSchema.safeParse(row.kind);
    if (!kind.success) return [];
    if (!seesNotes && kind.data === 'visit' && NOTE_EVENT_ACTIONS.has(row.data.action)) return [];
    return [toTimelineEvent({ ...row, kind: kind.data })];
  });
  return {
    items: await withVisitRecords(deps, actor, patientAccountId, items),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}
