import { MEASUREMENT_TYPES } from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { authorize, hasRouteRole, mayDo } from '../access/access';
import { alertsOfPatient } from '../alerts/alerts.repository';
import type { Actor } from '../access/actor';
import { findPatientAccounts, findAccount } from '../accounts/accounts.repository';
import type { Reader } from '../api-keys/integration-reader';
import { listAppointments } from '../appointments/appointments.repository';
import { audit, auditPatientsListed } from '../audit/audit.service';
import { fhirExportFiles, fhirExports } from '../db/schema';
import type { Deps, RequestMeta } from '../deps';
import { AppError, parseInput } from '../errors/app-error';
import { messageMetaOfPatient } from '../mail-threads/mail-threads.repository';
import { heldOfPatientForFhir } from '../measurements/held-readings.repository';
import { measurementsOfTypes } from '../measurements/measurements.repository';
import { scopesAllow } from '../smart/smart-clients.service';
import { toFhirAppointment, toFhirEncounter, toFhirPractitioner } from './care-resources';
import { SEARCH_MESSAGES_MAX, toFhirCommunication } from './communication.service';
import { SEARCH_ALERTS_MAX, toFhirFlag } from './flags.service';
import { toFhirPatient } from './fhir.service';
import { devicesOf, provenancesOf } from './device.service';
import { observationsOfHeld, observationsOfRow } from './observations';

/**
 * FHIR Bulk Data export (`$export`, issue 21): the organisation's patients and their records as
 * NDJSON, asked for by its admin or its integrations (an API key, a SMART backend client within its
 * scopes), answered asynchronously: kick-off → 202 with a status address → poll (202 with progress,
 * then the manifest) → files, readable only by whoever asked, for a day.
 */

/** What each level exports: a patient-level export leaves the directory of clinicians out. */
const LEVEL_TYPES = {
  patient: ['Patient', 'Observation', 'Device', 'Provenance', 'Appointment', 'Encounter', 'Communication', 'Flag'],
  system: ['Patient', 'Observation', 'Device', 'Provenance', 'Appointment', 'Encounter', 'Communication', 'Flag', 'Practitioner'],
} as const;
/**
 * Mail's metadata and alerts go to the care team and the organisation's integrations, as they do
 * read one at a time: an admin's own export leaves them out, as the app shows an admin neither.
 */
const CARE_TEAM_TYPES: readonly string[] = ['Communication', 'Flag'];
type ExportLevel = keyof typeof LEVEL_TYPES;
const NDJSON_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];
/** How long files are kept: an export is picked up at once, and its PHI should not linger. */
export const EXPORT_KEEP_MS = 24 * 3_600_000;
/** An export no edge has touched for this long is taken over by the next poll (its edge stopped). */
const STALLED_MS = 60_000;
const PATIENTS_PER_ROUND = 200;
/** The most readings per patient in one export. */
const READINGS_PER_PATIENT = 100_000;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
export const exportQuerySchema = z.strictObject({
  _outputFormat: z
    .string()
    .refine((format) => NDJSON_FORMATS.includes(format.replace(' ', '+')), 'Only NDJSON is produced: _outputFormat=application/fhir+ndjson.')
    .optional(),
  _since: z.string().regex(INSTANT, 'Use an instant like 2026-01-01T00:00:00Z.').optional(),
  _type: z.string().max(500).optional(),
});

export interface ExportManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: true;
  output: { type: string; url: string; count: number }[];
  error: never[];
}
export type ExportStatus = { state: 'running'; progress: string } | { state: 'complete'; manifest: ExportManifest } | { state: 'failed'; error: string };

/** Who asked; `actor` names the person in the audit rows of what was exported (none for an integration). */
type Requester = { organisationId: string; type: 'account' | 'apiKey' | 'smartClient'; id: string; actor: Pick<Actor, 'userId' | 'accountId'> | null; scopes?: string[] };

/** Who asks, if they may export the organisation's records: its admin, its API key or its SMART client. */
async function requesterOf(deps: Deps, reader: Reader, meta: RequestMeta, action: string): Promise<Requester> {
  if (reader.kind === 'integration') {
    const { integration } = reader;
    await audit(deps.db, null, meta, { action, resourceType: integration.type, resourceId: integration.id, outcome: 'allowed' });
    return { organisationId: integration.organisationId, type: integration.type, id: integration.id, actor: null, scopes: integration.scopes };
  }
  const { actor } = reader;
  await authorize(deps, actor, meta, { action, resourceType: 'organisation', resourceId: actor.organisationId, allowed: hasRouteRole(actor, 'admin') && mayDo(actor, 'Export') });
  return { organisationId: actor.organisationId, type: 'account', id: actor.accountId, actor };
}

/** The resource types asked for (`_type`), among those the level exports and the caller's scopes allow. */
function typesOf(level: ExportLevel, requester: Requester, requested: string | undefined): string[] {
  const { scopes } = requester;
  const offered: readonly string[] = LEVEL_TYPES[level].filter((type) => requester.type !== 'account' || !CARE_TEAM_TYPES.includes(type));
  const named = requested ? [...new Set(requested.split(',').map((type) => type.trim()).filter(Boolean))] : [...offered];
  const unknown = named.filter((type) => !offered.includes(type));
  if (unknown.length > 0) throw new AppError('validationFailed', { fields: [{ field: '_type', message: `Not exported here: ${unknown.join(', ')}. Choose from ${offered.join(', ')}.` }] });
  if (!scopes) return named;
  const allowed = named.filter((type) => scopesAllow(scopes, type, 'read'));
  // Asked by name but not in the token's scopes: refused, not silently left out.
  if (requested ? allowed.length < named.length : allowed.length === 0) throw new AppError('smartScopeMissing');
  return allowed;
}

/** Kick-off: the export is recorded and started; the answer is its id (the status address is built from it). */
export async function startExport(deps: Deps, reader: Reader, meta: RequestMeta, level: ExportLevel, rawQuery: unknown, request: string): Promise<string> {
  const requester = await requesterOf(deps, reader, meta, `fhir.export.${level}`);
  const query = parseInput(exportQuerySchema, rawQuery);
  const types = typesOf(level, requester, query._type);
  const now = new Date();
  // Old exports' files go as new ones are asked for: PHI is not kept longer than it is needed.
  await deps.db.delete(fhirExports).where(and(eq(fhirExports.organisationId, requester.organisationId), lt(fhirExports.createdAt, new Date(now.getTime() - EXPORT_KEEP_MS))));
  const [row] = await deps.db
    .insert(fhirExports)
    .values({
      organisationId: requester.organisationId,
      requesterType: requester.type,
      requesterId: requester.id,
      level,
      request,
      types,
      since: query._since ? new Date(query._since) : null,
      status: 'running',
      progress: 'Starting',
      transactionTime: now,
      heartbeatAt: now,
    })
    .returning({ id: fhirExports.id });
  const id = row!.id;
  runInBackground(deps, id, requester, meta);
  return id;
}

/** The export, if this caller asked for it (anyone else: not found, audited). */
async function ownExport(deps: Deps, reader: Reader, meta: RequestMeta, id: string, action: string) {
  const row = uuidSchema.safeParse(id).success ? (await deps.db.select().from(fhirExports).where(eq(fhirExports.id, id)))[0] : undefined;
  const requester = reader.kind === 'integration' ? { type: reader.integration.type, id: reader.integration.id } : { type: 'account' as const, id: reader.actor.accountId };
  const mine = row !== undefined && row.requesterType === requester.type && row.requesterId === requester.id;
  await audit(deps.db, reader.kind === 'account' ? reader.actor : null, meta, { action, resourceType: 'fhirExport', resourceId: row ? id : null, outcome: mine ? 'allowed' : 'denied' });
  if (!row || !mine || row.status === 'cancelled') throw new AppError('notFound');
  return row;
}

/** Poll: still running (with progress), complete (the manifest, files under `fileBase`), or failed. */
export async function exportStatus(deps: Deps, reader: Reader, meta: RequestMeta, id: string, fileBase: string): Promise<ExportStatus> {
  const row = await ownExport(deps, reader, meta, id, 'fhir.export.status');
  if (row.status === 'failed') return { state: 'failed', error: row.error ?? 'The export failed.' };
  if (row.status === 'running') {
    // Its edge stopped (a restart, a crash): this one takes it over, once.
    const stalled = await deps.db
      .update(fhirExports)
      .set({ heartbeatAt: new Date(), progress: 'Restarted' })
      .where(and(eq(fhirExports.id, id), eq(fhirExports.status, 'running'), lt(fhirExports.heartbeatAt, new Date(Date.now() - STALLED_MS))))
      .returning({ id: fhirExports.id });
    if (stalled.length > 0) {
      const person = row.requesterType === 'account' ? await findAccount(deps.db, row.requesterId) : undefined;
      const actor = person ? { userId: person.account.userId, accountId: person.account.id } : null;
      const requester: Requester = { organisationId: row.organisationId, type: row.requesterType, id: row.requesterId, actor };
      runInBackground(deps, id, requester, meta);
    }
    return { state: 'running', progress: row.progress ?? 'Running' };
  }
  const files = await deps.db
    .select({ id: fhirExportFiles.id, type: fhirExportFiles.resourceType, count: fhirExportFiles.count })
    .from(fhirExportFiles)
    .where(eq(fhirExportFiles.exportId, id));
  return {
    state: 'complete',
    manifest: {
      transactionTime: row.transactionTime.toISOString(),
      request: row.request,
      requiresAccessToken: true,
      output: files.map((file) => ({ type: file.type, url: `${fileBase}/${id}/${file.id}`, count: file.count })),
      error: [],
    },
  };
}

/** Cancel (DELETE on the status address): the export stops and its files go. */
export async function cancelExport(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<void> {
  await ownExport(deps, reader, meta, id, 'fhir.export.cancel');
  await deps.db.update(fhirExports).set({ status: 'cancelled', completedAt: new Date() }).where(eq(fhirExports.id, id));
  await deps.db.delete(fhirExportFiles).where(eq(fhirExportFiles.exportId, id));
}

/** One NDJSON file of a complete export. */
export async function exportFile(deps: Deps, reader: Reader, meta: RequestMeta, id: string, fileId: string): Promise<string> {
  const row = await ownExport(deps, reader, meta, id, 'fhir.export.file');
  const file = uuidSchema.safeParse(fileId).success
    ? (await deps.db.select({ ndjson: fhirExportFiles.ndjson }).from(fhirExportFiles).where(and(eq(fhirExportFiles.id, fileId), eq(fhirExportFiles.exportId, row.id))))[0]
    : undefined;
  if (!file) throw new AppError('notFound');
  return file.ndjson;
}

/** Runs after the answer is sent; a failure is recorded on the export, never thrown at the process. */
function runInBackground(deps: Deps, id: string, requester: Requester, meta: RequestMeta) {
  setImmediate(() => {
    runExport(deps, id, requester, meta).catch(async (error: unknown) => {
      const message = error instanceof Error ? error.message : 'The export failed.';
      await deps.db
        .update(fhirExports)
        .set({ status: 'failed', error: `The export failed: ${message.slice(0, 200)}`, completedAt: new Date() })
        .where(and(eq(fhirExports.id, id), eq(fhirExports.status, 'running')))
        .catch(() => undefined);
    });
  });
}

/** Still ours to finish: not cancelled (or taken over) meanwhile. The heartbeat keeps other edges off it. */
async function stillRunning(deps: Deps, id: string, progress: string): Promise<boolean> {
  const rows = await deps.db.update(fhirExports).set({ heartbeatAt: new Date(), progress }).where(and(eq(fhirExports.id, id), eq(fhirExports.status, 'running'))).returning({ id: fhirExports.id });
  return rows.length > 0;
}

async function runExport(deps: Deps, id: string, requester: Requester, meta: RequestMeta): Promise<void> {
  const [job] = await deps.db.select().from(fhirExports).where(eq(fhirExports.id, id));
  if (!job || job.status !== 'running') return;
  const types = new Set(job.types);
  const since = job.since?.getTime() ?? 0;
  const until = job.transactionTime.getTime();
  const changed = (at: Date | string) => {
    const time = new Date(at).getTime();
    return time >= since && time <= until;
  };
  const lines = new Map<string, string[]>(job.types.map((type) => [type, []]));
  const add = (resource: { resourceType: string }) => lines.get(resource.resourceType)?.push(JSON.stringify(resource));
  const providerIds = new Set<string>();

  let offset = 0;
  for (;;) {
    const { records, total } = await findPatientAccounts(deps.db, { organisationId: job.organisationId }, PATIENTS_PER_ROUND, offset);
    if (records.length === 0) break;
    for (const patient of records) {
      // Patients carry no change time of their own: a patient is in every export that asks for Patient.
      if (types.has('Patient')) add(toFhirPatient(patient));
      if (types.has('Observation') || types.has('Provenance')) {
        const readings = (await measurementsOfTypes(deps.db, patient.account.id, MEASUREMENT_TYPES, READINGS_PER_PATIENT)).filter((row) => changed(row.createdAt));
        if (types.has('Observation')) {
          for (const observation of readings.flatMap(observationsOfRow)) add(observation);
          // Gateway readings held for review (preliminary) or rejected (entered-in-error), changed when held and when reviewed.
          const held = await heldOfPatientForFhir(deps.db, patient.account.id, MEASUREMENT_TYPES, READINGS_PER_PATIENT);
          for (const observation of held.filter((row) => changed(row.reviewedAt ?? row.receivedAt)).flatMap(observationsOfHeld)) add(observation);
        }
        if (types.has('Provenance')) for (const provenance of await provenancesOf(deps, readings)) add(provenance);
      }
      // A message changes no more once sent; a Flag when its alert opens and when it is resolved.
      if (types.has('Communication')) {
        for (const message of await messageMetaOfPatient(deps.db, patient.account.id, SEARCH_MESSAGES_MAX)) if (changed(message.createdAt)) add(toFhirCommunication(message));
      }
      if (types.has('Flag')) {
        for (const alert of await alertsOfPatient(deps.db, patient.account.id, SEARCH_ALERTS_MAX)) if (changed(alert.resolvedAt ?? alert.createdAt)) add(toFhirFlag(alert));
      }
      // Devices carry no change time either: the patient's meters and gateways as they are now.
      if (types.has('Device')) for (const device of await devicesOf(deps, patient.account.id)) add(device);
      if (types.has('Appointment') || types.has('Encounter') || types.has('Practitioner')) {
        const { rows } = await listAppointments(deps.db, { organisationId: job.organisationId, patientAccountId: patient.account.id, now: new Date() }, 1, 10_000);
        for (const row of rows) {
          if (!changed(row.appointment.updatedAt)) continue;
          if (types.has('Appointment')) add(toFhirAppointment(row));
          const encounter = types.has('Encounter') ? toFhirEncounter(row) : null;
          if (encounter) add(encounter);
          providerIds.add(row.appointment.providerAccountId);
        }
      }
    }
    await auditPatientsListed(deps.db, requester.actor, meta, 'fhir.export', records.map((patient) => patient.account.id));
    offset += records.length;
    if (!(await stillRunning(deps, id, `Exported ${offset} of ${total} patients`))) return;
  }
  if (types.has('Practitioner') && providerIds.size > 0) {
    const providers = await Promise.all([...providerIds].map((providerId) => findAccount(deps.db, providerId)));
    for (const provider of providers) if (provider) add(toFhirPractitioner(provider));
  }

  await deps.db.transaction(async (tx) => {
    const files = [...lines].filter(([, resources]) => resources.length > 0).map(([resourceType, resources]) => ({ exportId: id, resourceType, count: resources.length, ndjson: `${resources.join('\n')}\n` }));
    await tx.delete(fhirExportFiles).where(eq(fhirExportFiles.exportId, id));
    if (files.length > 0) await tx.insert(fhirExportFiles).values(files);
    await tx
      .update(fhirExports)
      .set({ status: 'complete', progress: 'Complete', completedAt: new Date() })
      .where(and(eq(fhirExports.id, id), eq(fhirExports.status, 'running')));
  });
}
