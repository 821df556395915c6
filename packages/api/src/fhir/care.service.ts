import { MEASUREMENT_TYPES } from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { audit } from '../audit/audit.service';
import { findAccount } from '../accounts/accounts.repository';
import { readablePatient, type Reader } from '../api-keys/integration-reader';
import { findAppointment, listAppointments, type AppointmentRow } from '../appointments/appointments.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { heldOfPatientForFhir } from '../measurements/held-readings.repository';
import { measurementsOfTypes } from '../measurements/measurements.repository';
import { findVisit } from '../visits/visits.repository';
import { toFhirAppointment, toFhirEncounter, toFhirPractitioner } from './care-resources';
import { fhirSearchBundleSchema, type FhirAppointment, type FhirEncounter, type FhirPractitioner, type FhirSearchBundle } from './fhir-r4';
import {
  SEARCH_READINGS_MAX,
  baseOf,
  dateParams,
  matchesDate,
  resultParams,
  searchBundle,
  searchQuery,
  searchedPatient,
  toFhirPatient,
  type SearchOptions,
} from './fhir.service';
import { devicesOf, provenancesOf } from './device.service';
import { communicationsOf } from './communication.service';
import { flagsOf } from './flags.service';
import { observationsOfHeld, observationsOfRow } from './observations';

/** The most appointments one search or $everything looks through. */
const SEARCH_APPOINTMENTS_MAX = 1_000;

export const careSearchSchema = z.strictObject({
  patient: z.string().optional(),
  subject: z.string().optional(),
  date: dateParams.optional(),
  ...resultParams,
});

const notFound = () => new AppError('notFound');
const isUuid = (id: string) => uuidSchema.safeParse(id).success;

/** `GET Practitioner/{id}`: a physician, nurse or other provider of the caller's organisation (anyone signed in there, or its API key). */
export async function fhirPractitioner(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirPractitioner> {
  const provider = isUuid(id) ? await findAccount(deps.db, id) : undefined;
  const organisationId = reader.kind === 'integration' ? reader.integration.organisationId : reader.actor.organisationId;
  const found = provider?.account.accountType === 'prov' && provider.account.organisationId === organisationId;
  await audit(deps.db, reader.kind === 'account' ? reader.actor : null, meta, { action: 'fhir.practitioner.read', resourceType: 'account', resourceId: id, outcome: found ? 'allowed' : 'denied' });
  if (!found) throw notFound();
  return toFhirPractitioner(provider);
}

/** The appointment's patient, after checking the caller may export their record. */
async function readableAppointment(deps: Deps, reader: Reader, meta: RequestMeta, row: AppointmentRow | undefined, action: string): Promise<AppointmentRow> {
  if (!row) throw notFound();
  await readablePatient(deps, reader, meta, row.appointment.patientAccountId, action, 'Export');
  return row;
}

/** `GET Appointment/{id}`. */
export async function fhirAppointment(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirAppointment> {
  const row = isUuid(id) ? await findAppointment(deps.db, id) : undefined;
  return toFhirAppointment(await readableAppointment(deps, reader, meta, row, 'fhir.appointment.read'));
}

/** `GET Encounter/{id}`: a visit, by its id. */
export async function fhirEncounter(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirEncounter> {
  const visit = isUuid(id) ? await findVisit(deps.db, id) : undefined;
  const row = visit ? await findAppointment(deps.db, visit.appointment.id) : undefined;
  const encounter = toFhirEncounter(await readableAppointment(deps, reader, meta, row, 'fhir.encounter.read'));
  if (!encounter) throw notFound();
  return encounter;
}

async function appointmentsOf(deps: Deps, patient: { account: { id: string; organisationId: string } }): Promise<AppointmentRow[]> {
  const { rows } = await listAppointments(deps.db, { organisationId: patient.account.organisationId, patientAccountId: patient.account.id, now: new Date() }, 1, SEARCH_APPOINTMENTS_MAX);
  // Newest first, as the other searches.
  return rows.toSorted((a, b) => b.appointment.startsAt.getTime() - a.appointment.startsAt.getTime());
}

/**
 * `GET Appointment?patient=` and `GET Encounter?patient=`: the patient's appointments, or their
 * visits, newest first; `date` on the appointment's start.
 */
export async function searchCare(
  deps: Deps,
  reader: Reader,
  meta: RequestMeta,
  resourceType: 'Appointment' | 'Encounter',
  rawQuery: unknown,
  options: SearchOptions = {},
): Promise<FhirSearchBundle> {
  const query = searchQuery(careSearchSchema, rawQuery, options.lenient);
  const patient = await searchedPatient(deps, reader, meta, query, `fhir.${resourceType.toLowerCase()}.search`);
  const rows = (await appointmentsOf(deps, patient)).filter((row) => matchesDate(row.appointment.startsAt.toISOString(), query.date));
  const resources = resourceType === 'Appointment' ? rows.map(toFhirAppointment) : rows.flatMap((row) => toFhirEncounter(row) ?? []);
  const params = new URLSearchParams({ patient: patient.account.id });
  for (const date of query.date ?? []) params.append('date', date);
  const page = resources.slice(query._offset, query._offset + query._count);
  return searchBundle(baseOf(deps, options), resourceType, params, query, resources.length, page);
}

/**
 * `GET Patient/{id}/$everything`: the patient, their readings (the newest 10,000) with their meters,
 * gateways and Provenances, the gateway readings held for review or rejected, appointments, visits and the clinicians they name, and their secure
 * mail's Communications (for those who take part in mail) and alerts as Flags (for clinicians and
 * integrations), in one searchset.
 */
export async function patientEverything(deps: Deps, reader: Reader, meta: RequestMeta, id: string, options: SearchOptions = {}): Promise<FhirSearchBundle> {
  if (!isUuid(id)) throw notFound();
  const patient = await readablePatient(deps, reader, meta, id, 'fhir.patient.everything', 'Export');
  const [readings, held, appointments] = await Promise.all([
    measurementsOfTypes(deps.db, id, MEASUREMENT_TYPES, SEARCH_READINGS_MAX),
    heldOfPatientForFhir(deps.db, id, MEASUREMENT_TYPES, SEARCH_READINGS_MAX),
    appointmentsOf(deps, patient),
  ]);
  const providerIds = [...new Set(appointments.map((row) => row.appointment.providerAccountId))];
  const providers = (await Promise.all(providerIds.map((providerId) => findAccount(deps.db, providerId)))).flatMap((p) => (p ? [p] : []));
  const [devices, provenances, communications, flags] = await Promise.all([
    devicesOf(deps, id),
    provenancesOf(deps, readings),
    communicationsOf(deps, reader, id),
    flagsOf(deps, reader, id),
  ]);
  const resources = [
    toFhirPatient(patient),
    ...readings.flatMap(observationsOfRow),
    ...held.flatMap(observationsOfHeld),
    ...devices,
    ...provenances,
    ...appointments.map(toFhirAppointment),
    ...appointments.flatMap((row) => toFhirEncounter(row) ?? []),
    ...providers.map(toFhirPractitioner),
    ...communications,
    ...flags,
  ];
  const base = baseOf(deps, options);
  return fhirSearchBundleSchema.parse({
    resourceType: 'Bundle',
    type: 'searchset',
    total: resources.length,
    link: [{ relation: 'self', url: `${base}/Patient/${id}/$everything` }],
    entry: resources.map((resource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'match' } })),
  });
}
