import { randomUUID } from 'node:crypto';
import { RANGE_SEVERITY, isOutOfRange, rangeClassOf } from '@opencare/schemas/entities/measurement-ranges';
import {
  TAKEN_AT_MAX_SKEW_MS,
  type CreateMeasurementInput,
  type Measurement,
  type MeasurementListQuery,
  type RecordMeasurementInput,
} from '@opencare/schemas/entities/measurements';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { REQUIRED } from '@opencare/schemas/rules';
import { authorize, hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { AccountRecord } from '../accounts/accounts.repository';
import { alertChangesByReadings, attachReading, insertAlertEvent, resolveNoReadingsAlerts } from '../alerts/alerts.repository';
import { tellClinicians } from '../alerts/alerts.service';
import type { AlertChangeKind } from '@opencare/schemas/socket-events';
import { namedPatient, readablePatient, type Reader } from '../api-keys/integration-reader';
import type { Executor } from '../db/database';
import { oncePer } from '../db/prepared';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { assertPatientPhoto } from '../files/photos.service';
import { patientFor } from '../patients/patient-access';
import { caregiverOf } from '../caregivers/on-behalf';
import { assertTaskFor, completeTasksFor, timezoneOf } from '../tasks/tasks.service';
import { changePatientRecord, retellReadingEvents, type NewPatientEvent } from '../timeline/patient-events';
import { toMeasurementDto } from './measurement.dto';
import {
  claimReadingIds,
  findMeasurement,
  findMeasurements,
  insertMeasurements,
  listMeasurements as listMeasurementRows,
  type MeasurementRow,
} from './measurements.repository';
import { ReadingWriter, type PatientReadings } from './reading-writer';
import { limitsOfPatients } from './thresholds.service';

/** Where a reading came from: typed in by the patient, captured by a clinician in a video visit, or (a later issue) uploaded by a gateway. */
export interface ReadingOrigin {
  source: 'manual' | 'gateway' | 'visit';
  deviceId?: string;
  createdByAccountId: string | null;
  /** The video visit a snapshot was taken in. */
  visitId?: string;
  /** A caregiver who recorded it for the patient (issue 19): named on the timeline. */
  caregiverName?: string;
  /** A gateway reading: the device's own time stamp when its clock was off and corrected (issue 21 part 5). */
  deviceTakenAt?: Date;
  /** A gateway reading: the device's coded flags (DEVICE_READING_FLAGS). */
  deviceFlags?: string[];
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

/** A reading to store and where it came from. */
export interface ReadingToSave {
  input: CreateMeasurementInput;
  origin: ReadingOrigin;
}

/** What became of one reading of a batch: stored, a replay of a stored one, or refused for good. */
export type ReadingSaved = SavedReading | { error: AppError };

/** A reading of a batch that is new: checked, about to be written. */
export interface NewReading extends ReadingToSave {
  id: string;
  takenAt: Date;
}

/**
 * The one way readings are stored, whoever captured them, one or a gateway's batch at once:
 * classified by the patient's thresholds, written with their timeline events, the tasks they
 * complete and, when out of range, an alert for the care team, all in one transaction of a handful
 * of multi-row statements (issue 20: not a dozen statements per reading). Each reading is answered
 * in order: a reading refused for good (a time in the future, an id reused for another reading, a
 * photo or task that is not the patient's) is answered with its error and the rest are stored. A
 * reading whose id is being written right now refuses the whole batch (409): it is sent again later,
 * when it is a replay. Live events go out once the transaction has committed.
 */
export async function saveReadings(
  deps: Deps,
  patient: AccountRecord,
  readings: readonly ReadingToSave[],
  /** The caller's own writes about the readings stored, in their transaction (only when some were). */
  alongside?: (tx: Executor, stored: readonly NewReading[]) => Promise<void>,
): Promise<ReadingSaved[]> {
  const patientAccountId = patient.account.id;
  const now = new Date();
  const ids = readings.map(({ input }) => input.id ?? randomUUID());
  // A replay is answered with the stored reading before the checks it would fail now (its task
  // done since, say): the stored ones are read first when a reading names a task or a photo. Any
  // other replay is found by the write (its id is stored already) and answered below.
  const checked = readings.some(({ input }) => input.taskId || fileOf(input));
  const stored = checked ? await findMeasurements(deps.db, [...new Set(ids)]) : new Map<string, MeasurementRow>();

  const answers: (ReadingSaved | undefined)[] = readings.map(() => undefined);
  const fresh: NewReading[] = [];
  // Each new id and the reading of the batch that brings it first.
  const firstWith = new Map<string, number>();
  for (const [i, { input, origin }] of readings.entries()) {
    const id = ids[i]!;
    const takenAt = input.takenAt ? new Date(input.takenAt) : now;
    try {
      if (takenAt.getTime() > now.getTime() + TAKEN_AT_MAX_SKEW_MS) throw fieldError('takenAt', 'The time cannot be in the future.');
      const existing = stored.get(id);
      if (existing) {
        answers[i] = { measurement: replayOf(existing, patientAccountId, input), created: false };
        continue;
      }
      // The same id again in this batch: answered below as a replay of the first.
      if (firstWith.has(id)) continue;
      const fileId = fileOf(input);
      if (fileId) await assertPatientPhoto(deps, patientAccountId, fileId);
      if (input.taskId) await assertTaskFor(deps.db, patientAccountId, input.type, input.taskId);
      fresh.push({ input, origin, id, takenAt });
      firstWith.set(id, i);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      answers[i] = { error };
    }
  }

  // A gateway's batch, with its own writes, is a transaction of its own; other readings share the writer's.
  const batch = { patient, fresh, now };
  const written =
    fresh.length === 0 ? new Map<string, MeasurementRow>() : alongside ? await writeReadings(deps, [batch], alongside) : await writerOf(deps).write(batch);
  // The readings another upload of the same ids stored meanwhile, to answer as replays.
  const others = await findMeasurements(deps.db, [...firstWith.keys()].filter((id) => !written.has(id)));
  const saved = readings.map(({ input }, i): ReadingSaved => {
    const answer = answers[i];
    if (answer) return answer;
    const id = ids[i]!;
    const row = written.get(id);
    if (row && firstWith.get(id) === i) return { measurement: toMeasurementDto(row), created: true };
    try {
      const kept = row ?? others.get(id);
      if (!kept) throw new AppError('unknown');
      return { measurement: replayOf(kept, patientAccountId, input), created: false };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return { error };
    }
  });
  await retellReplays(deps, patient, saved.flatMap((answer) => ('created' in answer && !answer.created && !written.has(answer.measurement.id) ? [answer.measurement] : [])));
  return saved;
}

/**
 * Replays were stored by an earlier attempt, which may not have lived to tell the watching screens
 * and the clinicians' inboxes (an edge killed between its commit and its publish, a database
 * restart that lost the commit's answer): they are told again. Screens take each event once.
 */
async function retellReplays(deps: Deps, patient: AccountRecord, replays: readonly Measurement[]): Promise<void> {
  const unique = [...new Map(replays.map((reading) => [reading.id, { id: reading.id, takenAt: new Date(reading.takenAt) }])).values()];
  const events = await retellReadingEvents(deps, patient.account.id, unique);
  const alertIds = [...new Set(events.flatMap(({ event }) => (event.kind === 'alert' && event.refId ? [event.refId] : [])))];
  const changes = await alertChangesByReadings(deps.db, alertIds, unique.map((reading) => reading.id));
  for (const { alertId, kind } of changes) tellClinicians(deps, { id: alertId, organisationId: patient.account.organisationId, patientAccountId: patient.account.id }, kind);
}

/**
 * The transaction of saveReadings, for one patient's readings or many patients' at once (the shared
 * writer): the readings it stored, by id (another upload may have stored the others meanwhile).
 * `alongside` is given one patient's batch only.
 */
async function writeReadings(
  deps: Deps,
  batches: readonly PatientReadings[],
  alongside?: (tx: Executor, stored: readonly NewReading[]) => Promise<void>,
): Promise<Map<string, MeasurementRow>> {
  // Each reading classified by its patient's thresholds, every patient's read at once.
  const limitsOf = await limitsOfPatients(deps.db, batches.map(({ patient }) => patient.account.id));
  const classified = batches.map((batch) => ({
    ...batch,
    fresh: batch.fresh.map((reading) => ({ ...reading, rangeClass: rangeClassOf(reading.input.values, limitsOf(batch.patient.account.id, reading.input.type)) })),
  }));
  // What the clinicians' inboxes hear once the readings are committed.
  const alertChanges: { id: string; organisationId: string; patientAccountId: string; kind: AlertChangeKind }[] = [];
  const stored = await changePatientRecord(deps, async (tx, record) => {
    const rows = classified.flatMap(({ patient, fresh, now }) =>
      fresh.map(({ id, input, origin, takenAt, rangeClass }) => ({
        id,
        organisationId: patient.account.organisationId,
        patientAccountId: patient.account.id,
        type: input.type,
        values: input.values,
        takenAt,
        source: origin.source,
        deviceId: origin.deviceId ?? null,
        note: input.note || null,
        meal: mealOf(input),
        rangeClass,
        fileId: fileOf(input),
        createdByAccountId: origin.createdByAccountId,
        visitId: origin.visitId ?? null,
        deviceTakenAt: origin.deviceTakenAt ?? null,
        deviceFlags: origin.deviceFlags?.length ? origin.deviceFlags : null,
        // Set here rather than by the database, so the answer needs no read back.
        createdAt: now,
      })),
    );
    // The claim and the insert go out together (pipelined on the transaction's connection): when
    // the claim is refused the rollback takes the insert back. Rows in id order, so two batches
    // sharing ids lock them in the same order and never deadlock.
    const [claimed, inserted] = await Promise.all([
      claimReadingIds(tx, rows.map((r) => r.id)),
      insertMeasurements(tx, rows.toSorted((a, b) => (a.id < b.id ? -1 : 1))),
    ]);
    // An id being written right now (a retry racing its original, maybe on another edge): 409.
    if (!claimed) throw new AppError('requestInFlight');
    // Readings another upload of the same ids stored first are answered as replays.
    const written = classified.map((batch) => ({ ...batch, fresh: batch.fresh.filter((r) => inserted.has(r.id)) })).filter((batch) => batch.fresh.length > 0);
    if (written.length === 0) return new Map<string, MeasurementRow>();
    const now = new Date(Math.max(...written.map((batch) => batch.now.getTime())));

    // What does not depend on each other goes out together: the tasks, the end of a "no readings"
    // alert (issue 17, stale data: readings again) and the caller's own writes.
    const [tasksDone, stale] = await Promise.all([
      completeTasksFor(
        tx,
        written.map(({ patient, fresh }) => ({
          patient: { patientAccountId: patient.account.id, organisationId: patient.account.organisationId, timezone: timezoneOf(patient) },
          readings: fresh.map(({ id, input, takenAt }) => ({ type: input.type, takenAt, measurementId: id, taskId: input.taskId })),
        })),
      ),
      resolveNoReadingsAlerts(tx, written.map(({ patient }) => patient.account.id), now),
      alongside?.(tx, written.flatMap((batch) => batch.fresh)),
    ]);
    for (const alert of stale) {
      const first = written.find(({ patient }) => patient.account.id === alert.patientAccountId)?.fresh[0];
      await insertAlertEvent(tx, { alertId: alert.id, kind: 'resolved', actorAccountId: null, at: now, data: { measurementId: first?.id } });
      alertChanges.push({ ...alert, kind: 'resolved' });
    }
    // One open alert per patient and type: a later reading joins it (issue 17), so the timeline
    // and the alert's history say when it opened or got worse, not every reading again. Taken
    // patient by patient and type by type (each alert row is locked until the commit), in the same
    // order by every transaction, so two batches never wait on each other's alerts in a circle.
    const alerted = new Map<string, { id: string; rangeClass: string }>();
    const byPatientAndType = written
      .flatMap(({ patient, fresh, now: at }) => fresh.map((reading) => ({ ...reading, patient, at })))
      .toSorted((a, b) => a.patient.account.id.localeCompare(b.patient.account.id) || a.input.type.localeCompare(b.input.type));
    for (const { id, input, takenAt, rangeClass, patient, at } of byPatientAndType) {
      if (!isOutOfRange(rangeClass)) continue;
      const severity = RANGE_SEVERITY[rangeClass];
      const organisationId = patient.account.organisationId;
      const patientAccountId = patient.account.id;
      const alert = await attachReading(tx, { organisationId, patientAccountId, type: input.type, measurementId: id, rangeClass, severity, takenAt });
      const raised = !alert.opened && alert.previousSeverity !== null && severity > alert.previousSeverity;
      if (!alert.opened && !raised) continue;
      await insertAlertEvent(tx, { alertId: alert.id, kind: alert.opened ? 'opened' : 'raised', actorAccountId: null, at, data: { rangeClass, measurementId: id } });
      alerted.set(id, { id: alert.id, rangeClass });
      alertChanges.push({ id: alert.id, organisationId, patientAccountId, kind: alert.opened ? 'opened' : 'raised' });
    }

    // Each timeline in its batch's order: each reading, the task it completed, the alert it opened or raised.
    const events: NewPatientEvent[] = [];
    for (const { patient, fresh } of written) {
      for (const { id, input, origin, takenAt, rangeClass } of fresh) {
        const event = { organisationId: patient.account.organisationId, patientAccountId: patient.account.id, at: takenAt };
        // A photo reading names its file, so the timeline shows the picture (read with the patient's access).
        const fileId = fileOf(input);
        const photo = fileId ? { fileId } : {};
        const caregiver = origin.caregiverName === undefined ? {} : { caregiverName: origin.caregiverName };
        events.push({ ...event, kind: 'measurement', refId: id, data: { type: input.type, values: input.values, rangeClass, ...photo, ...caregiver } });
        const task = tasksDone.get(id);
        if (task) events.push({ ...event, kind: 'taskCompleted', refId: task, data: { type: input.type, measurementId: id } });
        const alert = alerted.get(id);
        if (alert) events.push({ ...event, kind: 'alert', refId: alert.id, data: { type: input.type, rangeClass: alert.rangeClass, measurementId: id } });
      }
    }
    await record(...events);
    return new Map(rows.filter((row) => inserted.has(row.id)).map((row): [string, MeasurementRow] => [row.id, { ...row, taskId: tasksDone.get(row.id) ?? null }]));
  });
  for (const { kind, ...alert } of alertChanges) tellClinicians(deps, alert, kind);
  return stored;
}

/** One shared writer per edge (its Deps): typed readings, a clinician's captures and accepted held readings. */
const writerOf = oncePer(
  (deps: Deps) =>
    new ReadingWriter((batches) => writeReadings(deps, batches), {
      // PGlite is one connection: a second transaction would only wait for the first, while the
      // readings waiting for it could have gone together.
      transactions: deps.config.runtime.database === 'pglite' ? 1 : 3,
      readings: 200,
    }),
);

/** One reading: stored, or the stored one when it is a replay; refused with its error. */
export async function saveReading(deps: Deps, patient: AccountRecord, input: CreateMeasurementInput, origin: ReadingOrigin): Promise<SavedReading> {
  const [saved] = await saveReadings(deps, patient, [{ input, origin }]);
  if (!saved) throw new AppError('unknown');
  if ('error' in saved) throw saved.error;
  return saved;
}

/**
 * A reading the patient enters themself (spec §1): only for their own record; or one a caregiver
 * enters for the patient named by `patientId`, when the patient lets them record readings.
 */
export async function recordMeasurement(deps: Deps, actor: Actor, meta: RequestMeta, { patientId, ...input }: RecordMeasurementInput): Promise<SavedReading> {
  if (patientId !== undefined && patientId !== actor.accountId) {
    const patient = await patientFor(deps, actor, meta, patientId, 'measurements.create', 'self', 'Write', 'recordReadings');
    return saveReading(deps, patient, input, { source: 'manual', createdByAccountId: actor.accountId, ...(await caregiverOf(deps.db, actor, patientId)) });
  }
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
  const patient = await readablePatient(deps, reader, meta, named, 'measurements.list', 'Read', 'readings');
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
