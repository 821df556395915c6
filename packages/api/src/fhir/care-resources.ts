import { APPOINTMENT_TYPES, SPECIALTY_CODES } from '@opencare/schemas/lookups';
import { CANCEL_REASONS, cancelReasonSchema } from '@opencare/schemas/entities/appointments';
import type { VisitStatusCode } from '@opencare/schemas/statuses';
import type { AccountRecord } from '../accounts/accounts.repository';
import type { AppointmentRow } from '../appointments/appointments.repository';
import { visitStatusOf } from '../visits/visit.dto';
import { humanNameOf } from './human-name';
import {
  fhirAppointmentSchema,
  fhirEncounterSchema,
  fhirPractitionerSchema,
  type FhirAppointment,
  type FhirEncounter,
  type FhirPractitioner,
} from './fhir-r4';

/*
 * The care around the readings as FHIR R4 resources (issue 21): the clinicians (Practitioner),
 * appointments (Appointment) and video or in-person visits (Encounter). Nothing clinical is written
 * into them (no visit notes): they say who, when and in what state.
 */

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const NPI = 'http://hl7.org/fhir/sid/us-npi';
/** Medicare's provider specialty codes, the ones our profiles use (lookups: SPECIALTY_CODES). */
const SPECIALTY_SYSTEM = 'https://www.cms.gov/medicare/provider-enrollment-and-certification/medicare-provider-supplier-enrollment/medicare-specialty-codes';

const fullName = (person: { firstName: string; middleName: string | null; lastName: string }) => humanNameOf(person).text;

export function toFhirPractitioner(provider: AccountRecord): FhirPractitioner {
  const { account, profile } = provider;
  const specialty = provider.provider?.specialty as keyof typeof SPECIALTY_CODES | null | undefined;
  return fhirPractitionerSchema.parse({
    resourceType: 'Practitioner',
    id: account.id,
    active: account.status === 'active',
    name: [humanNameOf(profile)],
    ...(provider.provider?.npi ? { identifier: [{ system: NPI, value: provider.provider.npi }] } : {}),
    ...(specialty && SPECIALTY_CODES[specialty] ? { qualification: [{ code: { coding: [{ system: SPECIALTY_SYSTEM, code: specialty, display: SPECIALTY_CODES[specialty] }] } }] } : {}),
  });
}

const APPOINTMENT_STATUS: Record<AppointmentRow['appointment']['status'], FhirAppointment['status']> = {
  scheduled: 'booked',
  confirmed: 'booked',
  rescheduled: 'booked',
  cancelled: 'cancelled',
  completed: 'fulfilled',
  noShow: 'noshow',
};

export function toFhirAppointment(row: AppointmentRow): FhirAppointment {
  const a = row.appointment;
  const cancel = cancelReasonSchema.safeParse(a.cancelReason);
  return fhirAppointmentSchema.parse({
    resourceType: 'Appointment',
    id: a.id,
    status: APPOINTMENT_STATUS[a.status],
    ...(a.status === 'cancelled' && cancel.success ? { cancelationReason: { text: CANCEL_REASONS[cancel.data] } } : {}),
    appointmentType: { text: APPOINTMENT_TYPES[a.type] },
    ...(a.reason ? { description: a.reason } : {}),
    start: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    created: a.createdAt.toISOString(),
    participant: [
      // The patient confirms they will come; until then the clinic awaits their answer.
      { actor: { reference: `Patient/${a.patientAccountId}`, display: fullName(row.patient) }, required: 'required', status: a.confirmedAt ? 'accepted' : 'needs-action' },
      { actor: { reference: `Practitioner/${a.providerAccountId}`, display: fullName(row.provider) }, required: 'required', status: 'accepted' },
    ],
  });
}

/** Every visit status code of spec §4, as an Encounter's status. */
const ENCOUNTER_STATUS: Record<VisitStatusCode, FhirEncounter['status']> = {
  p: 'planned',
  sch: 'planned',
  co: 'planned',
  nst: 'planned',
  w: 'arrived',
  ip: 'in-progress',
  st: 'in-progress',
  ic: 'finished',
  c: 'finished',
  can: 'cancelled',
  ns: 'cancelled',
  e: 'cancelled',
};
/** A telemedicine appointment is a virtual encounter; the others are at the clinic. */
const CLASS_OF = {
  tv: { system: ACT_CODE, code: 'VR', display: 'virtual' },
  pv: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
} as const;

/** The visit of an appointment as an Encounter; null for an appointment without a visit. */
export function toFhirEncounter(row: AppointmentRow): FhirEncounter | null {
  const { appointment: a, visit } = row;
  if (!visit) return null;
  const status = visitStatusOf(visit.status, a.status, visit.completedAt);
  const start = visit.startedAt ?? null;
  const end = visit.endedAt ?? visit.completedAt ?? null;
  return fhirEncounterSchema.parse({
    resourceType: 'Encounter',
    id: visit.id,
    status: ENCOUNTER_STATUS[status],
    class: CLASS_OF[a.type],
    subject: { reference: `Patient/${a.patientAccountId}`, display: fullName(row.patient) },
    participant: [{ individual: { reference: `Practitioner/${a.providerAccountId}`, display: fullName(row.provider) } }],
    appointment: [{ reference: `Appointment/${a.id}` }],
    ...(start ? { period: { start: start.toISOString(), ...(end ? { end: end.toISOString() } : {}) } } : {}),
  });
}
