import { MEASUREMENT_TYPES } from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { readablePatient, type Reader } from '../api-keys/integration-reader';
import type { Deps, RequestMeta } from '../deps';
import { findDevice, listDevicesOfPatient } from '../devices/devices.repository';
import { AppError } from '../errors/app-error';
import { findGateway, listGatewaysOfPatient } from '../gateways/gateways.repository';
import { findMeasurement, measurementsOfTypes, type MeasurementRow } from '../measurements/measurements.repository';
import { provenanceOf, toFhirDevice, toFhirGateway } from './device-resources';
import type { FhirDevice, FhirProvenance, FhirSearchBundle } from './fhir-r4';
import { SEARCH_READINGS_MAX, baseOf, resultParams, searchBundle, searchQuery, searchedPatient, type SearchOptions } from './fhir.service';

export const deviceSearchSchema = z.strictObject({ patient: z.string().optional(), ...resultParams });
export const provenanceSearchSchema = z.strictObject({
  patient: z.string().optional(),
  // `Observation/{id}`: the Provenance of that reading.
  target: z.string().max(200).optional(),
  ...resultParams,
});

const notFound = () => new AppError('notFound');
const isUuid = (id: string) => uuidSchema.safeParse(id).success;

/** `GET Device/{id}`: a patient's meter or home gateway, by the rules of the patient's record. */
export async function fhirDevice(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirDevice> {
  if (!isUuid(id)) throw notFound();
  const meter = await findDevice(deps.db, id);
  if (meter) {
    await readablePatient(deps, reader, meta, meter.patientAccountId, 'fhir.device.read', 'Export');
    return toFhirDevice(meter);
  }
  const gateway = await findGateway(deps.db, id);
  const patientAccountId = gateway?.patientAccountId;
  if (!gateway || !patientAccountId) throw notFound();
  await readablePatient(deps, reader, meta, patientAccountId, 'fhir.device.read', 'Export');
  return toFhirGateway({ ...gateway, patientAccountId });
}

/** A patient's meters and the gateways assigned to them. */
export async function devicesOf(deps: Deps, patientAccountId: string): Promise<FhirDevice[]> {
  const [meters, gateways] = await Promise.all([listDevicesOfPatient(deps.db, patientAccountId), listGatewaysOfPatient(deps.db, patientAccountId)]);
  return [...meters.map(toFhirDevice), ...gateways.map((gateway) => toFhirGateway({ ...gateway, patientAccountId }))];
}

/** `GET Device?patient=`. */
export async function searchDevices(deps: Deps, reader: Reader, meta: RequestMeta, rawQuery: unknown, options: SearchOptions = {}): Promise<FhirSearchBundle> {
  const query = searchQuery(deviceSearchSchema, rawQuery, options.lenient);
  const patient = await searchedPatient(deps, reader, meta, query, 'fhir.device.search');
  const devices = await devicesOf(deps, patient.account.id);
  const page = devices.slice(query._offset, query._offset + query._count);
  return searchBundle(baseOf(deps, options), 'Device', new URLSearchParams({ patient: patient.account.id }), query, devices.length, page);
}

/**
 * The Provenances of the gateway readings among `rows` (a reading typed in by hand has none). A
 * reading whose meter was removed since keeps no Provenance: the gateway it came through is not known.
 */
export async function provenancesOf(deps: Deps, rows: readonly MeasurementRow[]): Promise<FhirProvenance[]> {
  const fromGateway = rows.filter((row) => row.source === 'gateway' && row.deviceId);
  const deviceIds = [...new Set(fromGateway.map((row) => row.deviceId!))];
  const meters = await Promise.all(deviceIds.map((deviceId) => findDevice(deps.db, deviceId)));
  const gatewayOf = new Map(meters.flatMap((meter) => (meter ? [[meter.id, meter.gatewayId] as const] : [])));
  return fromGateway.flatMap((row) => {
    const gatewayId = gatewayOf.get(row.deviceId!);
    return gatewayId ? [provenanceOf(row, gatewayId)] : [];
  });
}

/** `GET Provenance/{id}`: a gateway reading's (the id is the reading's). */
export async function fhirProvenance(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirProvenance> {
  const row = isUuid(id) ? await findMeasurement(deps.db, id) : undefined;
  if (!row) throw notFound();
  await readablePatient(deps, reader, meta, row.patientAccountId, 'fhir.provenance.read', 'Export');
  const [provenance] = await provenancesOf(deps, [row]);
  if (!provenance) throw notFound();
  return provenance;
}

/** `GET Provenance?patient=` (newest first) or `?target=Observation/{id}`. */
export async function searchProvenance(deps: Deps, reader: Reader, meta: RequestMeta, rawQuery: unknown, options: SearchOptions = {}): Promise<FhirSearchBundle> {
  const query = searchQuery(provenanceSearchSchema, rawQuery, options.lenient);
  const base = baseOf(deps, options);
  if (query.target) {
    const readingId = query.target.replace(/^Observation\//, '').slice(0, 36);
    const row = isUuid(readingId) ? await findMeasurement(deps.db, readingId) : undefined;
    if (row) await readablePatient(deps, reader, meta, row.patientAccountId, 'fhir.provenance.search', 'Export');
    const found = row ? await provenancesOf(deps, [row]) : [];
    return searchBundle(base, 'Provenance', new URLSearchParams({ target: query.target }), query, found.length, found.slice(query._offset, query._offset + query._count));
  }
  const patient = await searchedPatient(deps, reader, meta, query, 'fhir.provenance.search');
  const provenances = await provenancesOf(deps, await measurementsOfTypes(deps.db, patient.account.id, MEASUREMENT_TYPES, SEARCH_READINGS_MAX));
  const page = provenances.slice(query._offset, query._offset + query._count);
  return searchBundle(base, 'Provenance', new URLSearchParams({ patient: patient.account.id }), query, provenances.length, page);
}
