import { randomUUID } from 'node:crypto';
import { RANGE_SEVERITY, isOutOfRange, rangeClassOf } from '@opencare/schemas/entities/measurement-ranges';
import {
  TAKEN_AT_MAX_SKEW_MS,
  type CreateMeasurementInput,
  type Measurement,
  type MeasurementListQuery,
} from '@opencare/schemas/entities/measurements';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { REQUIRED } from '@opencare/schemas/rules';
import { authorize, hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { AccountRecord } from '../accounts/accounts.repository';
import { attachReading, insertAlertEvent, resolveNoReadingsAlert } from '../alerts/alerts.repository';
import { tellClinicians } from '../alerts/alerts.service';
import type { AlertChangeKind } from '@opencare/schemas/socket-events';
import { namedPatient, readablePatient, type Reader } from '../api-keys/integration-reader';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { assertPatientPhoto } from '../files/photos.service';
import { patientFor } from '../patients/patient-access';
import { assertTaskFor, completeTaskFor, timezoneOf } from '../tasks/tasks.service';
import { changePatientRecord } from '../timeline/patient-events';
import { toMeasurementDto } from './measurement.dto';
import { claimReadingId, findMeasurement, insertMeasurement, listMeasurements as listMeasurementRows, type MeasurementRow } from './measurements.repository';
import { limitsFor } from './thresholds.service';

/** Where a reading came from: typed in by the patient, captured by a clinician in a video visit, or (a later issue) uploaded by a gateway. */
export interface ReadingOrigin {
  source: 'manual' | 'gateway' | 'visit';
  deviceId?: string;
  createdByAccountId: string | null;
  /** The video visit a snapshot was taken in. */
  visitId?: string;
}

export interface SavedReading {
  measurement: Measurement;
  /** False when the id was already stored: a replay answers with the stored reading. */
  created: boolean;
}

const fieldError = (field: string, message: string) => new AppError('validationFailed', { fields: [{ field, message }] });

/** JSON with sorted keys, so two value objects compare by content. */
const canonical = (value: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))));

const mealOf = (input: CreateMeasurementInput) => ('meal' in input ? (input.meal ?? null) : null);
const fileOf = (input: CreateMeasurementInput) => ('fileId' in input ? input.fileId : null);

/**
 * The idempotency rule of design.md: the same id with the same reading is answered with the stored
 * one; the same id with anything different is refused (422), so a retried upload never becomes two
 * readings and a reused id never overwrites one.
 */
function replayOf(row: MeasurementRow, patientAccountId: string, input: CreateMeasurementInput): Measurement {
  const same =
    row.patientAccountId === patientAccountId &&
    row.type === input.type &&
    canonical(row.values) === canonical(input.values) &&
    row.meal === mealOf(input) &&
    row.note === (input.note || null) &&
    row.fileId === fileOf(input) &&
    (!input.takenAt || row.takenAt.getTime() === new Date(input.takenAt).getTime());
  if (!same) throw new AppError('idempotencyKeyReused');
  return toMeasurementDto(row);
}

/**
 * The one way a reading is stored, whoever captured it: classified by the patient's thresholds,
 * written with its timeline event, the task it completes and, when out of range, an alert for the
 * care team, all in one transaction. Gateway uploads (a later issue) call this too.
 */
export async function saveReading(deps: Deps, patient: AccountRecord, input: CreateMeasurementInput, origin: ReadingOrigin): Promise<SavedReading> {
  const patientAccountId = patient.account.id;
  const organisationId = patient.account.organisationId;
  const now = new Date();
  const takenAt = input.takenAt ? new Date(input.takenAt) : now;
  if (takenAt.getTime() > now.getTime() + TAKEN_AT_MAX_SKEW_MS) throw fieldError('takenAt', 'The time cannot be in the future.');

  const id = input.id ?? randomUUID();
  const existing = await findMeasurement(deps.db, id);
  if (existing) return { measurement: replayOf(existing, patientAccountId, input), created: false };

  const fileId = fileOf(input);
  if (fileId) await assertPatientPhoto(deps, patientAccountId, fileId);
  if (input.taskId) await assertTaskFor(deps.db, patientAccountId, input.type, input.taskId);
  const rangeClass = rangeClassOf(input.values, await limitsFor(deps.db, patientAccountId, input.type));

  // What the clinicians' inboxes hear once the reading is committed.
  const alertChanges: { id: string; kind: AlertChangeKind }[] = [];
  const stored = await changePatientRecord(deps, async (tx, record) => {
    // The same id being written right now (a retry racing its original, maybe on another edge): 409.
    if (!(await claimReadingId(tx, id))) throw new AppError('requestInFlight');
    const inserted = await insertMeasurement(tx, {
      id,
      organisationId,
      patientAccountId,
      type: input.type,
      values: input.values,
      takenAt,
      source: origin.source,
      deviceId: origin.deviceId ?? null,
      note: input.note || null,
      meal: mealOf(input),
      rangeClass,
      fileId,
      createdByAccountId: origin.createdByAccountId,
      visitId: origin.visitId ?? null,
    });
    // Another upload of the same id won the race: answer as a replay, below.
    if (!inserted) return false;
    const event = { organisationId, patientAccountId, at: takenAt };
    // A photo reading names its file, so the timeline shows the picture (read with the patient's access).
    const photo = fileId ? { fileId } : {};
    await record({ ...event, kind: 'measurement', refId: id, data: { type: input.type, values: input.values, rangeClass, ...photo } });
    const task = await completeTaskFor(tx, { patientAccountId, organisationId, timezone: timezoneOf(patient), type: input.type, takenAt, measurementId: id, taskId: input.taskId });
    if (task) await record({ ...event, kind: 'taskCompleted', refId: task.id, data: { type: input.type, measurementId: id } });
    // Readings again: the patient's "no readings" alert is over (issue 17, stale data).
    const stale = await resolveNoReadingsAlert(tx, patientAccountId, now);
    if (stale) {
      await insertAlertEvent(tx, { alertId: stale.id, kind: 'resolved', actorAccountId: null, at: now, data: { measurementId: id } });
      alertChanges.push({ id: stale.id, kind: 'resolved' });
    }
    if (isOutOfRange(rangeClass)) {
      // One open alert per patient and type: a later reading joins it (issue 17), so the timeline
      // and the alert's history say when it opened or got worse, not every reading again.
      const severity = RANGE_SEVERITY[rangeClass];
      const alert = await attachReading(tx, { organisationId, patientAccountId, type: input.type, measurementId: id, rangeClass, severity, takenAt });
      const raised = !alert.opened && alert.previousSeverity !== null && severity > alert.previousSeverity;
      if (alert.opened || raised) {
        await insertAlertEvent(tx, { alertId: alert.id, kind: alert.opened ? 'opened' : 'raised', actorAccountId: null, at: now, data: { rangeClass, measurementId: id } });
        await record({ ...event, kind: 'alert', refId: alert.id, data: { type: input.type, rangeClass, measurementId: id } });
        alertChanges.push({ id: alert.id, kind: alert.opened ? 'opened' : 'raised' });
      }
    }
    return true;
  });
  for (const change of alertChanges) tellClinicians(deps, { id: change.id, organisationId, patientAccountId }, change.kind);

  const row = await findMeasurement(deps.db, id);
  if (!row) throw new AppError('unknown');
  return stored ? { measurement: toMeasurementDto(row), created: true } : { measurement: replayOf(row, patientAccountId, input), created: false };
}

/** A reading the patient enters themself (spec §1): only for their own record. */
export async function recordMeasurement(deps: Deps, actor: Actor, meta: RequestMeta, input: CreateMeasurementInput): Promise<SavedReading> {
  // Refused for anyone but a patient, and audited as a refused write (issue 8: every refused access).
  if (!hasRouteRole(actor, 'patient')) {
    await authorize(deps, actor, meta, { action: 'measurements.create', resourceType: 'patient', resourceId: null, allowed: false });
  }
  const patient = await patientFor(deps, actor, meta, actor.accountId, 'measurements.create', 'read', 'Write');
  return saveReading(deps, patient, input, { source: 'manual', createdByAccountId: actor.accountId });
}

/** A patient's readings, newest first: the patient, their organisation's clinicians, or an API key of it. */
export async function listMeasurements(
  deps: Deps,
  reader: Reader,
  meta: RequestMeta,
  query: MeasurementListQuery,
): Promise<{ items: Measurement[]; meta: ListMeta }> {
  const named = namedPatient(reader, query.user_id ?? query.patient);
  if (!named) throw fieldError('user_id', REQUIRED);
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from > to) throw fieldError('to', 'The end cannot be before the start.');
  const patient = await readablePatient(deps, reader, meta, named, 'measurements.list');
  const { rows, total } = await listMeasurementRows(
    deps.db,
    { patientAccountId: patient.account.id, type: query.type, from, to },
    query.page,
    query.pageSize,
  );
  return { items: rows.map(toMeasurementDto), meta: listMeta(total, query.page, query.pageSize) };
}

export async function getMeasurement(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Measurement> {
  const row = await findMeasurement(deps.db, id);
  if (!row) throw new AppError('notFound');
  await patientFor(deps, actor, meta, row.patientAccountId, 'measurements.read', 'read');
  return toMeasurementDto(row);
}
