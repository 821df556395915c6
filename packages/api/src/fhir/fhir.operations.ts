import { z } from 'zod';
import { operation, operations } from '../operations/operation';
import { capabilityStatement } from './capability';
import { careSearchSchema, fhirAppointment, fhirEncounter, fhirPractitioner, patientEverything, searchCare } from './care.service';
import {
  fhirAppointmentSchema,
  fhirCapabilityStatementSchema,
  fhirEncounterSchema,
  fhirObservationSchema,
  fhirPatientSchema,
  fhirPractitionerSchema,
  fhirSearchBundleSchema,
} from './fhir-r4';
import { fhirObservation, fhirPatient, observationSearchSchema, patientSearchSchema, searchObservations, searchPatients } from './fhir.service';

const byFhirId = z.strictObject({ id: z.string().max(64) });
/** FHIR answers its resources bare, with errors as OperationOutcomes (transport/rest/fhir.routes.ts). */
const fhirRoute = { custom: true, contentType: 'application/fhir+json' } as const;
const fhirAccess = { guard: 'reader', policy: 'patientExport' } as const;

/** FHIR R4 read and search, by the same access rules as the records they show (a person's token or an API key). */
export const fhirOperations = operations('fhir', {
  metadata: operation({
    type: 'query',
    summary: 'The CapabilityStatement: what this FHIR server supports (a FHIR client asks it first).',
    access: { guard: 'public', policy: 'public' },
    input: undefined,
    output: fhirCapabilityStatementSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/metadata', input: 'none', ...fhirRoute }],
    handler: ({ deps }) => Promise.resolve(capabilityStatement(deps)),
  }),
  patients: operation({
    type: 'query',
    summary: 'Patients as a FHIR R4 searchset Bundle, by identifier (MRN), name or birth date.',
    access: { ...fhirAccess, note: "an API key or a physician: the organisation's patients; a patient: themself" },
    input: patientSearchSchema,
    output: fhirSearchBundleSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Patient', input: 'query', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => searchPatients(deps, reader, meta, input),
  }),
  patient: operation({
    type: 'query',
    summary: 'A patient as a FHIR R4 Patient.',
    access: { ...fhirAccess, kind: 'patient' },
    input: byFhirId,
    output: fhirPatientSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Patient/:id', input: 'params', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => fhirPatient(deps, reader, meta, input.id),
  }),
  observation: operation({
    type: 'query',
    summary: 'A reading as a FHIR R4 Observation.',
    access: { ...fhirAccess, kind: 'measurement' },
    input: byFhirId,
    output: fhirObservationSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Observation/:id', input: 'params', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => fhirObservation(deps, reader, meta, input.id),
  }),
  observations: operation({
    type: 'query',
    summary: "A patient's readings as a FHIR R4 searchset Bundle of Observations, newest first.",
    access: { ...fhirAccess, kind: 'patient', note: 'the patient named by ?patient=' },
    input: observationSearchSchema,
    output: fhirSearchBundleSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Observation', input: 'query', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => searchObservations(deps, reader, meta, input),
  }),
  everything: operation({
    type: 'query',
    summary: "Patient/$everything: the patient, their readings, appointments, visits and the clinicians they name, in one Bundle.",
    access: { ...fhirAccess, kind: 'patient' },
    input: byFhirId,
    output: fhirSearchBundleSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Patient/:id/$everything', input: 'params', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => patientEverything(deps, reader, meta, input.id),
  }),
  practitioner: operation({
    type: 'query',
    summary: 'A physician, nurse or other provider of the organisation as a FHIR R4 Practitioner.',
    access: { guard: 'reader', policy: 'sameOrgUser', kind: 'provider', note: "anyone signed in at the organisation, or its API key: the organisation's own directory" },
    input: byFhirId,
    output: fhirPractitionerSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Practitioner/:id', input: 'params', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => fhirPractitioner(deps, reader, meta, input.id),
  }),
  appointment: operation({
    type: 'query',
    summary: 'An appointment as a FHIR R4 Appointment.',
    access: { ...fhirAccess, kind: 'appointment' },
    input: byFhirId,
    output: fhirAppointmentSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Appointment/:id', input: 'params', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => fhirAppointment(deps, reader, meta, input.id),
  }),
  appointments: operation({
    type: 'query',
    summary: "A patient's appointments as a FHIR R4 searchset, newest first.",
    access: { ...fhirAccess, kind: 'patient', note: 'the patient named by ?patient=' },
    input: careSearchSchema,
    output: fhirSearchBundleSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Appointment', input: 'query', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => searchCare(deps, reader, meta, 'Appointment', input),
  }),
  encounter: operation({
    type: 'query',
    summary: 'A visit as a FHIR R4 Encounter.',
    access: { ...fhirAccess, kind: 'visit' },
    input: byFhirId,
    output: fhirEncounterSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Encounter/:id', input: 'params', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => fhirEncounter(deps, reader, meta, input.id),
  }),
  encounters: operation({
    type: 'query',
    summary: "A patient's visits as a FHIR R4 searchset of Encounters, newest first.",
    access: { ...fhirAccess, kind: 'patient', note: 'the patient named by ?patient=' },
    input: careSearchSchema,
    output: fhirSearchBundleSchema,
    rest: [{ method: 'GET', path: '/fhir/R4/Encounter', input: 'query', ...fhirRoute }],
    handler: ({ deps, reader, meta }, input) => searchCare(deps, reader, meta, 'Encounter', input),
  }),
});
