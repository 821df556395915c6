import { MEASUREMENT_TYPES } from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { authorize, hasRouteRole, mayDo } from '../access/access';
import { findPatientAccounts, type AccountRecord, type PatientAccountFilter } from '../accounts/accounts.repository';
import { audit, auditPatientsListed } from '../audit/audit.service';
import { readablePatient, type Reader } from '../api-keys/integration-reader';
import type { Deps, RequestMeta } from '../deps';
import { AppError, parseInput } from '../errors/app-error';
import { findHeldReadings, heldOfPatientForFhir } from '../measurements/held-readings.repository';
import { findMeasurement, measurementsOfTypes } from '../measurements/measurements.repository';
import {
  fhirObservationSchema,
  fhirPatientSchema,
  fhirSearchBundleSchema,
  type FhirObservation,
  type FhirPatient,
  type FhirSearchBundle,
} from './fhir-r4';
import { humanNameOf } from './human-name';
import { hasCode, observationsOfHeld, observationsOfRow, typesWithCode } from './observations';

/** Where the FHIR resources live; fullUrls in bundles start here. */
export const FHIR_BASE_PATH = '/api/v1/fhir/R4';
/** The most readings one Observation search looks through; its pages come from these. */
export const SEARCH_READINGS_MAX = 10_000;

const GENDERS: Record<string, FhirPatient['gender']> = { m: 'male', f: 'female', unk: 'unknown', na: 'unknown' };

export function toFhirPatient(patient: AccountRecord): FhirPatient {
  const { account, profile } = patient;
  const telecom = [
    ...(profile.email ? [{ system: 'email' as const, value: profile.email }] : []),
    ...(profile.phone ? [{ system: 'phone' as const, value: profile.phone }] : []),
  ];
  const resource: FhirPatient = {
    resourceType: 'Patient',
    id: account.id,
    active: account.status === 'active',
    name: [humanNameOf(profile)],
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
  const isId = uuidSchema.safeParse(measurementId).success;
  const row = isId ? await findMeasurement(deps.db, measurementId) : undefined;
  // Not a measurement: maybe a gateway reading held for review, or rejected (preliminary, entered-in-error).
  const held = !row && isId ? (await findHeldReadings(deps.db, [measurementId])).get(measurementId) : undefined;
  // Another user's reading of a shared meter is nobody's Observation here: not this patient's.
  const patientAccountId =
    row?.patientAccountId ?? (held && held.status !== 'accepted' && held.reason === 'outOfLimits' ? held.patientAccountId : undefined);
  if (!patientAccountId) throw new AppError('notFound');
  await readablePatient(deps, reader, meta, patientAccountId, 'fhir.observation.read', 'Export');
  const observation = (row ? observationsOfRow(row) : observationsOfHeld(held!)).find((o) => o.id === id);
  if (!observation) throw new AppError('notFound');
  return fhirObservationSchema.parse(observation);
}

const DATE_PARAM = /^(eq|ge|gt|le|lt)?(\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)$/;
const oneOrMany = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));
export const dateParams = oneOrMany.pipe(z.array(z.string().regex(DATE_PARAM, 'Use a date like ge2026-01-01 or le2026-03-01T12:00:00Z.')));

/** The most entries one page of a search holds; a bigger `_count` is capped to it, as FHIR lets a server. */
export const SEARCH_COUNT_MAX = 200;

/** FHIR's result parameters, the same on every search (https://hl7.org/fhir/R4/search.html#return). */
export const resultParams = {
  _count: z.coerce.number().int().min(0).default(50).transform((n) => Math.min(n, SEARCH_COUNT_MAX)),
  _offset: z.coerce.number().int().min(0).default(0),
  _summary: z.enum(['count'], 'Only _summary=count is supported.').optional(),
};

export const observationSearchSchema = z.strictObject({
  // `patient=Patient/{id}` or `patient={id}`; `subject` is the same search.
  patient: z.string().optional(),
  subject: z.string().optional(),
  code: z.string().max(200).optional(),
  category: z.string().max(200).optional(),
  date: dateParams.optional(),
  _lastUpdated: dateParams.optional(),
  _sort: z.enum(['date', '-date', '_lastUpdated', '-_lastUpdated'], 'Sort by date or _lastUpdated (- for newest first).').optional(),
  ...resultParams,
});

export const patientSearchSchema = z.strictObject({
  _id: z.string().max(64).optional(),
  identifier: z.string().max(200).optional(),
  name: z.string().trim().min(1).max(100).optional(),
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 1958-04-12.').optional(),
  ...resultParams,
});

/** How a search is asked: under which base, and whether unknown parameters are left out (`Prefer: handling=lenient`). */
export interface SearchOptions {
  base?: string;
  lenient?: boolean;
}

/** With lenient handling, the parameters a search does not know are left out rather than refused. */
export function searchQuery<S extends z.ZodObject>(schema: S, raw: unknown, lenient: boolean | undefined): z.output<S> {
  const known = lenient && typeof raw === 'object' && raw !== null ? Object.fromEntries(Object.entries(raw).filter(([name]) => name in schema.shape)) : raw;
  return parseInput(schema, known);
}

/** The [start, end] instants a date search value covers, by its precision. */
function rangeOf(value: string): [number, number] {
  if (value.length === 10) return [Date.parse(`${value}T00:00:00Z`), Date.parse(`${value}T23:59:59.999Z`)];
  const at = Date.parse(value);
  return [at, at];
}

export function matchesDate(instant: string, params: readonly string[] | undefined): boolean {
  if (!params) return true;
  const at = Date.parse(instant);
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

type ResultParams = { _count: number; _offset: number; _summary?: 'count' };
/** `_summary=count` or `_count=0`: the total only, no entries. */
export const countOnly = (query: ResultParams) => query._summary === 'count' || query._count === 0;

/** The absolute base a search's links and fullUrls name: the one the request came in on. */
export const baseOf = (deps: Deps, options: SearchOptions) => `${deps.config.publicUrl}${options.base ?? FHIR_BASE_PATH}`;

/**
 * The patient a search names (`patient` or `subject`, with or without `Patient/`), once the caller
 * may export their record: without one a field error; an id that cannot be a patient's, not found.
 */
export async function searchedPatient(deps: Deps, reader: Reader, meta: RequestMeta, query: { patient?: string; subject?: string }, action: string): Promise<AccountRecord> {
  const patientId = (query.patient ?? query.subject)?.replace(/^Patient\//, '');
  if (!patientId) throw new AppError('validationFailed', { fields: [{ field: 'patient', message: 'Name the patient: patient={id}.' }] });
  if (!uuidSchema.safeParse(patientId).success) throw new AppError('notFound');
  return readablePatient(deps, reader, meta, patientId, action, 'Export');
}

/** A token parameter's code, without its system (`system|code` or `code`). */
const codeOf = (token: string) => token.slice(token.indexOf('|') + 1);

export type SearchResource = NonNullable<FhirSearchBundle['entry']>[number]['resource'];

/**
 * A searchset: the total, a page of `_count` from `_offset` (none with `_summary=count` or
 * `_count=0`), and `self` / `next` links that repeat the search's own parameters.
 */
export function searchBundle(
  base: string,
  resourceType: SearchResource['resourceType'],
  params: URLSearchParams,
  query: ResultParams,
  total: number,
  page: readonly SearchResource[],
): FhirSearchBundle {
  const url = `${base}/${resourceType}`;
  const link = (offset: number) => {
    const search = new URLSearchParams(params);
    if (query._summary) search.set('_summary', query._summary);
    search.set('_count', String(query._count));
    search.set('_offset', String(offset));
    return `${url}?${search.toString()}`;
  };
  const counting = countOnly(query);
  const bundle: FhirSearchBundle = {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: [
      { relation: 'self', url: link(query._offset) },
      ...(!counting && query._offset + query._count < total ? [{ relation: 'next', url: link(query._offset + query._count) }] : []),
    ],
  };
  if (!counting && page.length > 0) bundle.entry = page.map((resource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'match' as const } }));
  return fhirSearchBundleSchema.parse(bundle);
}

/**
 * `GET Observation?patient={id}`: the patient's readings as Observations, newest first (or as
 * `_sort` asks), a page of `_count` from `_offset` with `self` and `next` links. `code` takes a LOINC
 * code (with or without `http://loinc.org|`), `category` an observation category (`vital-signs`),
 * `date` and `_lastUpdated` FHIR's eq/ge/gt/le/lt prefixes.
 */
export async function searchObservations(deps: Deps, reader: Reader, meta: RequestMeta, rawQuery: unknown, options: SearchOptions = {}): Promise<FhirSearchBundle> {
  const query = searchQuery(observationSearchSchema, rawQuery, options.lenient);
  const patient = await searchedPatient(deps, reader, meta, query, 'fhir.observation.search');
  const patientId = patient.account.id;

  const code = query.code ? codeOf(query.code) : undefined;
  const category = query.category ? codeOf(query.category) : undefined;
  const types = code ? typesWithCode(code) : MEASUREMENT_TYPES;
  const [stored, held] =
    types.length > 0
      ? await Promise.all([
          measurementsOfTypes(deps.db, patient.account.id, types, SEARCH_READINGS_MAX),
          heldOfPatientForFhir(deps.db, patient.account.id, types, SEARCH_READINGS_MAX),
        ])
      : [[], []];
  // Readings held for review (or rejected) beside the stored ones, each with its own Observations.
  const rows = [
    ...stored.map((row) => ({ takenAt: row.takenAt, createdAt: row.createdAt, observations: () => observationsOfRow(row) })),
    ...held.map((row) => ({ takenAt: row.takenAt, createdAt: row.receivedAt, observations: () => observationsOfHeld(row) })),
  ];
  const sortKey = query._sort?.replace('-', '') === '_lastUpdated' ? 'createdAt' : 'takenAt';
  const ascending = query._sort !== undefined && !query._sort.startsWith('-');
  const matches = rows
    .filter((m) => matchesDate(m.takenAt.toISOString(), query.date) && matchesDate(m.createdAt.toISOString(), query._lastUpdated))
    .sort((a, b) => (ascending ? 1 : -1) * (a[sortKey].getTime() - b[sortKey].getTime()))
    .flatMap((m) => m.observations())
    .filter((o) => (!code || hasCode(o, code)) && (!category || (o.category ?? []).some((c) => c.coding?.some((coding) => coding.code === category))));

  const params = new URLSearchParams({ patient: patientId });
  for (const [name, value] of [['code', query.code], ['category', query.category], ['_sort', query._sort]] as const) if (value) params.set(name, value);
  for (const date of query.date ?? []) params.append('date', date);
  for (const date of query._lastUpdated ?? []) params.append('_lastUpdated', date);
  const page = matches.slice(query._offset, query._offset + query._count);
  return searchBundle(baseOf(deps, options), 'Observation', params, query, matches.length, page);
}

/** Who may search patients, over which of them: a key its organisation's; a person with Export their organisation's as a clinician, themself as a patient. */
async function patientSearchScope(deps: Deps, reader: Reader, meta: RequestMeta): Promise<PatientAccountFilter> {
  if (reader.kind === 'integration') {
    const { integration } = reader;
    await audit(deps.db, null, meta, { action: 'fhir.patient.search', resourceType: integration.type, resourceId: integration.id, outcome: 'allowed' });
    return { organisationId: integration.organisationId };
  }
  const { actor } = reader;
  const clinician = hasRouteRole(actor, 'clinician');
  const allowed = mayDo(actor, 'Export') && (clinician || hasRouteRole(actor, 'patient'));
  await authorize(deps, actor, meta, { action: 'fhir.patient.search', resourceType: 'organisation', resourceId: actor.organisationId, allowed });
  // A SMART app with a patient context finds that patient only, whoever its user may see besides.
  const only = reader.smart?.patientId ?? (clinician ? undefined : actor.accountId);
  return only ? { organisationId: actor.organisationId, accountId: only } : { organisationId: actor.organisationId };
}

/**
 * `GET Patient?identifier=|name=|birthdate=|_id=`: the patients the caller may read, by name, a page
 * at a time. `identifier` is the MRN (`urn:opencare:mrn:{organisation}|{mrn}` or the MRN alone),
 * `name` matches the start of any part of the name, `birthdate` a day.
 */
export async function searchPatients(deps: Deps, reader: Reader, meta: RequestMeta, rawQuery: unknown, options: SearchOptions = {}): Promise<FhirSearchBundle> {
  const query = searchQuery(patientSearchSchema, rawQuery, options.lenient);
  const scope = await patientSearchScope(deps, reader, meta);
  const [system, mrn] = query.identifier?.includes('|') ? query.identifier.split('|', 2) : [undefined, query.identifier];
  // Another system's identifier, or an id that cannot be ours, matches nobody.
  const none = (system !== undefined && system !== '' && system !== `urn:opencare:mrn:${scope.organisationId}`) || (query._id !== undefined && !uuidSchema.safeParse(query._id).success) || (scope.accountId !== undefined && query._id !== undefined && query._id !== scope.accountId);
  const { records, total } = none
    ? { records: [], total: 0 }
    : await findPatientAccounts(deps.db, { ...scope, accountId: scope.accountId ?? query._id, name: query.name, birthDate: query.birthdate, mrn }, countOnly(query) ? 0 : query._count, query._offset);
  await auditPatientsListed(deps.db, reader.kind === 'account' ? reader.actor : null, meta, 'fhir.patient.search', records.map((r) => r.account.id));

  const params = new URLSearchParams();
  for (const [name, value] of [['_id', query._id], ['identifier', query.identifier], ['name', query.name], ['birthdate', query.birthdate]] as const) if (value) params.set(name, value);
  return searchBundle(baseOf(deps, options), 'Patient', params, query, total, records.map(toFhirPatient));
}
