import { MEASUREMENT_CODES } from '@opencare/schemas/lookups';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { authorize, hasRouteRole } from '../access/access';
import { readablePatient, type Reader } from '../api-keys/integration-reader';
import { alertsOfPatient, findAlert, NO_READINGS, type AlertRow } from '../alerts/alerts.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { fhirFlagSchema, type FhirFlag, type FhirSearchBundle } from './fhir-r4';
import { baseOf, resultParams, searchBundle, searchQuery, searchedPatient, type SearchOptions } from './fhir.service';

/*
 * Alerts as FHIR R4 Flags (issue 21): one per alert, active until a clinician resolves it, with how
 * serious it is (the core flag-priority extension) and the latest reading behind it (flag-detail).
 * Like alerts in the app, they are for the patient's clinicians and the organisation's
 * integrations, not for the patient.
 */

/** The most alerts one search or $everything looks through. */
export const SEARCH_ALERTS_MAX = 1_000;
const PRIORITY_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/flag-priority';
const DETAIL_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/flag-detail';
const PRIORITY_SYSTEM = 'http://hl7.org/fhir/flag-priority-code';
const CATEGORY = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/flag-category', code: 'clinical', display: 'Clinical' }] };

const PRIORITIES = {
  PH: 'High priority',
  PM: 'Medium priority',
  PL: 'Low priority',
} as const;
const PRIORITY_OF: Record<string, keyof typeof PRIORITIES> = { highest: 'PH', lowest: 'PH', high: 'PM', elevated: 'PL' };
const WORDS: Record<string, string> = { highest: 'very high', high: 'high', elevated: 'elevated', lowest: 'low' };

export const flagSearchSchema = z.strictObject({
  patient: z.string().optional(),
  subject: z.string().optional(),
  status: z.enum(['active', 'inactive']).optional(),
  ...resultParams,
});

function codeTextOf(alert: Pick<AlertRow, 'type' | 'rangeClass'>): string {
  if (alert.type === NO_READINGS) return 'No readings received';
  const measured = MEASUREMENT_CODES[alert.type as keyof typeof MEASUREMENT_CODES] ?? alert.type;
  return `${measured} ${WORDS[alert.rangeClass] ?? alert.rangeClass}`;
}

export function toFhirFlag(alert: AlertRow): FhirFlag {
  const priority = PRIORITY_OF[alert.rangeClass] ?? 'PM';
  return fhirFlagSchema.parse({
    resourceType: 'Flag',
    id: alert.id,
    extension: [
      { url: PRIORITY_EXTENSION, valueCodeableConcept: { coding: [{ system: PRIORITY_SYSTEM, code: priority, display: PRIORITIES[priority] }] } },
      ...(alert.measurementId ? [{ url: DETAIL_EXTENSION, valueReference: { reference: `Observation/${alert.measurementId}` } }] : []),
    ],
    status: alert.resolvedAt ? 'inactive' : 'active',
    category: [CATEGORY],
    code: { text: codeTextOf(alert) },
    subject: { reference: `Patient/${alert.patientAccountId}` },
    period: { start: alert.createdAt.toISOString(), ...(alert.resolvedAt ? { end: alert.resolvedAt.toISOString() } : {}) },
  });
}

/** Refuse, and audit, a person who has no alerts to read (a patient, an admin). */
async function requireAlertReader(deps: Deps, reader: Reader, meta: RequestMeta, action: string, patientAccountId: string): Promise<void> {
  if (reader.kind === 'integration' || hasRouteRole(reader.actor, 'clinician')) return;
  await authorize(deps, reader.actor, meta, { action, resourceType: 'patient', resourceId: patientAccountId, allowed: false });
}

/** `GET Flag/{id}`: an alert of a patient the caller may read. */
export async function fhirFlag(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirFlag> {
  const alert = uuidSchema.safeParse(id).success ? await findAlert(deps.db, id) : undefined;
  if (!alert) throw new AppError('notFound');
  await readablePatient(deps, reader, meta, alert.patientAccountId, 'fhir.flag.read', 'Export');
  await requireAlertReader(deps, reader, meta, 'fhir.flag.read', alert.patientAccountId);
  return toFhirFlag(alert);
}

/** A patient's alerts as Flags, newest first, for a reader already allowed the patient's record. */
export async function flagsOf(deps: Deps, reader: Reader, patientAccountId: string): Promise<FhirFlag[]> {
  if (reader.kind === 'account' && !hasRouteRole(reader.actor, 'clinician')) return [];
  return (await alertsOfPatient(deps.db, patientAccountId, SEARCH_ALERTS_MAX)).map(toFhirFlag);
}

/** `GET Flag?patient=`: the patient's alerts, newest first; `status=active` for those not resolved. */
export async function searchFlags(deps: Deps, reader: Reader, meta: RequestMeta, rawQuery: unknown, options: SearchOptions = {}): Promise<FhirSearchBundle> {
  const query = searchQuery(flagSearchSchema, rawQuery, options.lenient);
  const patient = await searchedPatient(deps, reader, meta, query, 'fhir.flag.search');
  await requireAlertReader(deps, reader, meta, 'fhir.flag.search', patient.account.id);
  const found = (await flagsOf(deps, reader, patient.account.id)).filter((flag) => !query.status || flag.status === query.status);
  const params = new URLSearchParams({ patient: patient.account.id });
  if (query.status) params.set('status', query.status);
  return searchBundle(baseOf(deps, options), 'Flag', params, query, found.length, found.slice(query._offset, query._offset + query._count));
}
