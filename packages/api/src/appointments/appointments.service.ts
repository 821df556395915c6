import type {
  Appointment,
  AppointmentDatesQuery,
  AppointmentListQuery,
  BookableProvider,
  BookAppointmentInput,
  CancelAppointmentInput,
  RescheduleAppointmentInput,
  SlotsQuery,
} from '@opencare/schemas/entities/appointments';
import type { AppointmentSlot } from '@opencare/schemas/entities/settings';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { SPECIALTY_CODES, specialtyCodeSchema } from '@opencare/schemas/lookups';
import { ROLES } from '@opencare/schemas/roles';
import { authorizeRecord, mayDo } from '../access/access';
import { auditPatientsListed } from '../audit/audit.service';
import type { Actor } from '../access/actor';
import { fullNameOf } from '../accounts/account.dto';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { changePatientRecord } from '../timeline/patient-events';
import { insertVisit, setVisitStatusOfAppointment } from '../visits/visits.repository';
import { newVisitCode } from '../visits/visit-code';
import { toAppointmentDto } from './appointment.dto';
import {
  appointmentFor,
  assertBookableTime,
  assertOpen,
  bookingPatient,
  clinicSchedule,
  listScope,
  requireProvider,
  requireProviderAccount,
  type ClinicSchedule,
} from './appointment-access';
import { timeZoneOr } from '../schedules/schedule-occurrences';
import {
  appointmentStarts,
  countOpenFutureAppointments,
  findAppointment,
  insertAppointment,
  listAppointments as listAppointmentRows,
  lockAccountsForBooking,
  overlappingAppointments,
  updateAppointment,
} from './appointments.repository';
import { findBookableProviders } from './providers.repository';
import { caregiverOf } from '../caregivers/on-behalf';
import { localDateOf, slotsOfDay, zonedInstant } from './slots';

const MINUTE_MS = 60 * 1000;
const endOf = (startsAt: Date, schedule: ClinicSchedule) =>
  new Date(startsAt.getTime() + schedule.settings.slotStepMinutes * MINUTE_MS);

async function appointmentDto(db: Executor, id: string): Promise<Appointment> {
  const row = await findAppointment(db, id);
  if (!row) throw new AppError('notFound');
  return toAppointmentDto(row);
}

/** A slot is free when neither the provider nor the patient has another appointment overlapping it. */
async function assertFree(
  db: Executor,
  who: { providerAccountId: string; patientAccountId: string },
  startsAt: Date,
  endsAt: Date,
  except?: string,
): Promise<void> {
  const [provider, patient] = await Promise.all([
    overlappingAppointments(db, { providerAccountId: who.providerAccountId }, startsAt, endsAt, except),
    overlappingAppointments(db, { patientAccountId: who.patientAccountId }, startsAt, endsAt, except),
  ]);
  if (provider.length > 0 || patient.length > 0) throw new AppError('slotNotAvailable');
}

/**
 * The day's slots in the organisation's time zone. With a provider: only the slots still to come
 * that the provider has free (what a booking may take). Without one: every slot of the day, as
 * the settings define them (the appointment-management screen's preview).
 */
export async function appointmentSlots(
  deps: Deps,
  actor: Actor,
  query: SlotsQuery,
): Promise<AppointmentSlot[]> {
  const schedule = await clinicSchedule(deps.db, actor.organisationId);
  const slots = slotsOfDay(query.date, schedule.settings, schedule.timeZone);
  if (!query.providerId) return slots;
  await requireProvider(deps.db, actor.organisationId, query.providerId);
  const first = slots[0];
  const last = slots.at(-1);
  if (!first || !last) return [];
  const busy = await overlappingAppointments(
    deps.db,
    { providerAccountId: query.providerId },
    new Date(first.startsAt),
    endOf(new Date(last.startsAt), schedule),
  );
  const now = Date.now();
  return slots.filter((slot) => {
    const start = new Date(slot.startsAt);
    const end = endOf(start, schedule);
    return start.getTime() > now && !busy.some((b) => b.startsAt < end && b.endsAt > start);
  });
}

/** The physicians and nurses of the caller's organisation, to choose from when booking. */
export async function bookableProviders(deps: Deps, actor: Actor): Promise<BookableProvider[]> {
  const rows = await findBookableProviders(deps.db, actor.organisationId);
  return rows.map((row) => {
    const specialty = specialtyCodeSchema.safeParse(row.specialty);
    return {
      id: row.id,
      fullName: fullNameOf(row),
      role: row.role === ROLES.Physician ? 'physician' : 'nurse',
      specialty: specialty.success
        ? { code: specialty.data, description: SPECIALTY_CODES[specialty.data] }
        : null,
    };
  });
}

/**
 * Book a free slot. A patient books for themself; a clinician (physician, nurse, assistant) of the
 * patient's organisation books for the patient. Each appointment gets its visit and visit code now,
 * so the code can be shared before the visit.
 */
export async function bookAppointment(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: BookAppointmentInput,
): Promise<Appointment> {
  const patient = await bookingPatient(deps, actor, meta, input.patientId, 'appointment.book');
  const organisationId = patient.account.organisationId;
  const provider = await requireProvider(deps.db, organisationId, input.providerId);
  const schedule = await clinicSchedule(deps.db, organisationId);
  const startsAt = new Date(input.startsAt);
  assertBookableTime(startsAt, schedule, new Date());
  const endsAt = endOf(startsAt, schedule);
  const caregiver = await caregiverOf(deps.db, actor, patient.account.id);

  const id = await changePatientRecord(deps, async (tx, record) => {
    await lockAccountsForBooking(tx, [provider.id, patient.account.id]);
    await assertFree(
      tx,
      { providerAccountId: provider.id, patientAccountId: patient.account.id },
      startsAt,
      endsAt,
    );
    // Under the patient's booking lock, so two bookings at once cannot both take the last place.
    const max = schedule.settings.maxOpenAppointmentsPerPatient;
    if ((await countOpenFutureAppointments(tx, patient.account.id, new Date())) >= max) {
      throw new AppError('appointmentLimitReached', { params: { max } });
    }
    const appointmentId = await insertAppointment(tx, {
      organisationId,
      patientAccountId: patient.account.id,
      providerAccountId: provider.id,
      type: input.type,
      startsAt,
      endsAt,
      reason: input.reason || null,
      createdByAccountId: actor.accountId,
    });
    await insertVisit(tx, { organisationId, appointmentId, code: newVisitCode() });
    await record({
      organisationId,
      patientAccountId: patient.account.id,
      kind: 'appointment',
      refId: appointmentId,
      at: new Date(),
      data: {
        action: 'booked',
        type: input.type,
        startsAt: startsAt.toISOString(),
        provider: fullNameOf(provider),
        ...caregiver,
      },
    });
    return appointmentId;
  });
  return appointmentDto(deps.db, id);
}

export async function listAppointments(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: AppointmentListQuery,
): Promise<{ items: Appointment[]; meta: ListMeta }> {
  const scope = await listScope(deps, actor, meta, query.patientId, 'appointment.list', 'appointments');
  const { rows, total } = await listAppointmentRows(
    deps.db,
    {
      organisationId: scope.organisationId,
      patientAccountId: scope.patientAccountId,
      providerAccountId: query.providerId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      statuses: query.status,
      when: query.when,
      now: new Date(),
    },
    query.page,
    query.pageSize,
  );
  await auditPatientsListed(deps.db, actor, meta, 'appointment.list', rows.map((r) => r.appointment.patientAccountId));
  return { items: rows.map(toAppointmentDto), meta: listMeta(total, query.page, query.pageSize) };
}

/** GET /providers/{id}/appointments: the list, for one provider of the caller's organisation. */
export async function listProviderAppointments(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  providerId: string,
  query: AppointmentListQuery,
) {
  await requireProviderAccount(deps.db, actor.organisationId, providerId);
  return listAppointments(deps, actor, meta, { ...query, providerId });
}

export async function getAppointment(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<Appointment> {
  return toAppointmentDto(await appointmentFor(deps, actor, meta, id, 'appointment.read'));
}

/** The patient confirms they will attend; only they can say so. Confirming twice changes nothing. */
export async function confirmAppointment(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
): Promise<Appointment> {
  const row = await findAppointment(deps.db, id);
  if (!row) throw new AppError('notFound');
  const { appointment } = row;
  await authorizeRecord(deps, actor, meta, [appointment.organisationId], {
    action: 'appointment.confirm',
    resourceType: 'patient',
    resourceId: appointment.patientAccountId,
    allowed: actor.accountId === appointment.patientAccountId && mayDo(actor, 'Update'),
  });
  const now = new Date();
  assertOpen(row, now);
  if (appointment.status === 'confirmed') return toAppointmentDto(row);
  await changePatientRecord(deps, async (tx, record) => {
    await updateAppointment(tx, id, { status: 'confirmed', confirmedAt: now });
    await record({
      organisationId: appointment.organisationId,
      patientAccountId: appointment.patientAccountId,
      kind: 'appointment',
      refId: id,
      at: now,
      data: { action: 'confirmed', type: appointment.type, startsAt: appointment.startsAt.toISOString() },
    });
  });
  return appointmentDto(deps.db, id);
}

/** Cancel with one of the spec's reasons; the visit is cancelled with it. */
export async function cancelAppointment(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: CancelAppointmentInput,
): Promise<Appointment> {
  const row = await appointmentFor(deps, actor, meta, id, 'appointment.cancel', 'Update');
  const { appointment } = row;
  const now = new Date();
  assertOpen(row, now);
  await changePatientRecord(deps, async (tx, record) => {
    await updateAppointment(tx, id, {
      status: 'cancelled',
      cancelReason: input.reason,
      cancelNote: input.note || null,
    });
    await setVisitStatusOfAppointment(tx, id, 'can');
    await record({
      organisationId: appointment.organisationId,
      patientAccountId: appointment.patientAccountId,
      kind: 'appointment',
      refId: id,
      at: now,
      // The reason's code only: a free-text note stays on the appointment.
      data: {
        action: 'cancelled',
        type: appointment.type,
        startsAt: appointment.startsAt.toISOString(),
        reason: input.reason,
      },
    });
  });
  return appointmentDto(deps.db, id);
}

/**
 * Move an appointment to another free slot of the same provider. The status becomes rescheduled and
 * a confirmation no longer holds (the time changed); the timeline keeps the old and new times.
 */
export async function rescheduleAppointment(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  id: string,
  input: RescheduleAppointmentInput,
): Promise<Appointment> {
  const row = await appointmentFor(deps, actor, meta, id, 'appointment.reschedule', 'Update');
  const { appointment } = row;
  const now = new Date();
  assertOpen(row, now);
  const schedule = await clinicSchedule(deps.db, appointment.organisationId);
  const startsAt = new Date(input.startsAt);
  assertBookableTime(startsAt, schedule, now);
  const endsAt = endOf(startsAt, schedule);
  const who = {
    providerAccountId: appointment.providerAccountId,
    patientAccountId: appointment.patientAccountId,
  };

  await changePatientRecord(deps, async (tx, record) => {
    await lockAccountsForBooking(tx, [who.providerAccountId, who.patientAccountId]);
    await assertFree(tx, who, startsAt, endsAt, id);
    await updateAppointment(tx, id, { startsAt, endsAt, status: 'rescheduled', confirmedAt: null });
    await record({
      organisationId: appointment.organisationId,
      patientAccountId: appointment.patientAccountId,
      kind: 'appointment',
      refId: id,
      at: now,
      data: {
        action: 'rescheduled',
        type: appointment.type,
        from: appointment.startsAt.toISOString(),
        startsAt: startsAt.toISOString(),
      },
    });
  });
  return appointmentDto(deps.db, id);
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * MINUTE_MS).toISOString().slice(0, 10);

/**
 * The calendar days (YYYY-MM-DD) with appointments that are not cancelled, for highlighting. Days
 * are a patient's own days in their profile's time zone; anyone else's in the organisation's.
 */
export async function appointmentDates(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: AppointmentDatesQuery,
): Promise<string[]> {
  const scope = await listScope(deps, actor, meta, query.patientId, 'appointment.dates');
  const { timeZone: clinicZone } = await clinicSchedule(deps.db, scope.organisationId);
  const ownDays = scope.patient && scope.patient.account.id === actor.accountId;
  const timeZone = ownDays ? timeZoneOr(scope.patient?.profile.timezone, clinicZone) : clinicZone;
  const starts = await appointmentStarts(deps.db, {
    organisationId: scope.organisationId,
    patientAccountId: scope.patientAccountId,
    providerAccountId: query.providerId,
    from: zonedInstant(query.from, 0, timeZone),
    to: zonedInstant(nextDay(query.to), 0, timeZone),
    now: new Date(),
  });
  return [...new Set(starts.map((start) => localDateOf(start, timeZone)))].sort();
}
