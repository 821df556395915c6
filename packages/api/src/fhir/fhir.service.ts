import { MEASUREMENT_TYPES } from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import type { AccountRecord } from '../accounts/accounts.repository';
import { readablePatient, type Reader } from '../api-keys/integration-reader';
import type { Deps, RequestMeta } from '../deps';
import { AppError, parseInput } from '../errors/app-error';
import { toMeasurementDto } from '../measurements/measurement.dto';
import { findMeasurement, measurementsOfTypes } from '../measurements/measurements.repository';
import {
  fhirObservationSchema,
  fhirPatientSchema,
  fhirSearchBundleSchema,
  type FhirObservation,
  type FhirPatient,
  type FhirSearchBundle,
} from './fhir-r4';
import { hasCode, observationsOf, typesWithCode } from './observations';

/** Where the FHIR resources live; fullUrls in bundles start here. */
export const FHIR_BASE_PATH = '/api/v1/fhir/R4';
/** The most readings one Observation search looks through; its pages come from these. */
const SEARCH_READINGS_MAX = 10_000;

const GENDERS: Record<string, FhirPatient['gender']> = { m: 'male', f: 'female', unk: 'unknown', na: 'unknown' };

function toFhirPatient(patient: AccountRecord): FhirPatient {
  const { account, profile } = patient;
  const given = [profile.firstName, profile.middleName].filter((n): n is string => Boolean(n));
  const telecom = [
    ...(profile.email ? [{ system: 'email' as const, value: profile.email }] : []),
    ...(profile.phone ? [{ system: 'phone' as const, value: profile.phone }] : []),
  ];
  const resource: FhirPatient = {
    resourceType: 'Patient',
    id: account.id,
    active: account.status === 'active',
    name: [{ use: 'official', family: profile.lastName, given, text: [...given, profile.lastName].join(' ') }],
  };
  if (patient.patient?.mrn) {
    resource.identifier = [
      {
        use: 'usual',
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR', display: 'Medical record number' }] },
        // MRNs are unique within an organisation, so the organisation names the system.
        system: `urn:opencare:mrn:${account.organisationId}`,
        value: patient.patient.mrn,
      },
    ];
  }
  if (telecom.length > 0) resource.telecom = telecom;
  const gender = profile.gender ? GENDERS[profile.gender] : undefined;
  if (gender) resource.gender = gender;
  if (profile.dateOfBirth) resource.birthDate = profile.dateOfBirth;
  return fhirPatientSchema.parse(resource);
}

/** `GET Patient/{id}`, by the same rules as the patient's record. */
export async function fhirPatient(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirPatient> {
  if (!uuidSchema.safeParse(id).success) throw new AppError('notFound');
  return toFhirPatient(await readablePatient(deps, reader, meta, id, 'fhir.patient.read', 'Export'));
}

/** `GET Observation/{id}`: a reading's id, with a suffix for its heart rate or spirometry values. */
export async function fhirObservation(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirObservation> {
  const measurementId = id.slice(0, 36);
  const row = uuidSchema.safeParse(measurementId).success ? await findMeasurement(deps.db, measurementId) : undefined;
  if (!row) throw new AppError('notFound');
  await readablePatient(deps, reader, meta, row.patientAccountId, 'fhir.observation.read', 'Export');
  const observation = observationsOf(toMeasurementDto(row)).find((o) => o.id === id);
  if (!observation) throw new AppError('notFound');
  return fhirObservationSchema.parse(observation);
}

const DATE_PARAM = /^(eq|ge|gt|le|lt)?(\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)$/;
const oneOrMany = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

export const observationSearchSchema = z.strictObject({
  // `patient=Patient/{id}` or `patient={id}`; `subject` is the same search.
  patient: z.string().optional(),
  subject: z.string().optional(),
  code: z.string().max(200).optional(),
  date: oneOrMany.pipe(z.array(z.string().regex(DATE_PARAM, 'Use a date like ge2026-01-01 or le2026-03-01T12:00:00Z.'))).optional(),
  _count: z.coerce.number().int().min(1).max(200).default(50),
  _offset: z.coerce.number().int().min(0).default(0),
});

/** The [start, end] instants a date search value covers, by its precision. */
function rangeOf(value: string): [number, number] {
  if (value.length === 10) return [Date.parse(`${value}T00:00:00Z`), Date.parse(`${value}T23:59:59.999Z`)];
  const at = Date.parse(value);
  return [at, at];
}

function matchesDate(takenAt: string, params: string[]): boolean {
  const at = Date.parse(takenAt);
  return params.every((param) => {
    const [, prefix = 'eq', value = ''] = DATE_PARAM.exec(param) ?? [];
    const [start, end] = rangeOf(value);
    if (prefix === 'ge') return at >= start;
    if (prefix === 'gt') return at > end;
    if (prefix === 'le') return at <= end;
    if (prefix === 'lt') return at < start;
    return at >= start && at <= end;
  });
}

/**
 * `GET Observation?patient={id}`: the patient's readings as Observations, newest first, a page of
 * `_count` from `_offset` with `self` and `next` links. `code` takes a LOINC code (with or without
 * `http://loinc.org|`), `date` FHIR's eq/ge/gt/le/lt prefixes.
 */
export async function searchObservations(deps: Deps, reader: Reader, meta: RequestMeta, rawQuery: unknown): Promise<FhirSearchBundle> {
  const query = parseInput(observationSearchSchema, rawQuery);
  const patientId = (query.patient ?? query.subject)?.replace(/^Patient\//, '');
  if (!patientId) throw new AppError('validationFailed', { fields: [{ field: 'patient', message: 'Name the patient: patient={id}.' }] });
  if (!uuidSchema.safeParse(patientId).success) throw new AppError('notFound');
  const patient = await readablePatient(deps, reader, meta, patientId, 'fhir.observation.search', 'Export');

  const code = query.code?.replace(/^http:\/\/loinc\.org\|/, '');
  const types = code ? typesWithCode(code) : MEASUREMENT_TYPES;
  const rows = types.length > 0 ? await measurementsOfTypes(deps.db, patient.account.id, types, SEARCH_READINGS_MAX) : [];
  const matches = rows
    .map(toMeasurementDto)
    .filter((m) => !query.date || matchesDate(m.takenAt, query.date))
    .flatMap(observationsOf)
    .filter((o) => !code || hasCode(o, code));

  const base = `${deps.config.publicUrl}${FHIR_BASE_PATH}`;
  const page = matches.slice(query._offset, query._offset + query._count);
  const params = (offset: number) => {
    const search = new URLSearchParams({ patient: patientId });
    if (query.code) search.set('code', query.code);
    for (const date of query.date ?? []) search.append('date', date);
    search.set('_count', String(query._count));
    search.set('_offset', String(offset));
    return `${base}/Observation?${search.toString()}`;
  };
  const bundle: FhirSearchBundle = {
    resourceType: 'Bundle',
    type: 'searchset',
    total: matches.length,
    link: [
      { relation: 'self', url: params(query._offset) },
      ...(query._offset + query._count < matches.length ? [{ relation: 'next', url: params(query._offset + query._count) }] : []),
    ],
  };
  if (page.length > 0) {
    bundle.entry = page.map((resource) => ({ fullUrl: `${base}/Observation/${resource.id}`, resource, search: { mode: 'match' as const } }));
  }
  return fhirSearchBundleSchema.parse(bundle);
}
