import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppointmentStatus } from '@opencare/schemas/entities/appointments';
import type { Executor } from '../db/database';
import { accounts, appointments, profiles, visits } from '../db/schema';

export const patientProfile = alias(profiles, 'patient_profile');
export const providerProfile = alias(profiles, 'provider_profile');

/** Explicit columns: what an appointment DTO needs, with both names and the visit. */
export const appointmentColumns = {
  appointment: {
    id: appointments.id,
    organisationId: appointments.organisationId,
    patientAccountId: appointments.patientAccountId,
    providerAccountId: appointments.providerAccountId,
    type: appointments.type,
    startsAt: appointments.startsAt,
    endsAt: appointments.endsAt,
    status: appointments.status,
    reason: appointments.reason,
    cancelReason: appointments.cancelReason,
    cancelNote: appointments.cancelNote,
    confirmedAt: appointments.confirmedAt,
    createdAt: appointments.createdAt,
    updatedAt: appointments.updatedAt,
  },
  patient: {
    firstName: patientProfile.firstName,
    middleName: patientProfile.middleName,
    lastName: patientProfile.lastName,
  },
  provider: {
    firstName: providerProfile.firstName,
    middleName: providerProfile.middleName,
    lastName: providerProfile.lastName,
  },
  // Left-joined: leads with its key, so drizzle reads a missing visit as null.
  visit: {
    id: visits.id,
    code: visits.code,
    status: visits.status,
    completedAt: visits.completedAt,
    summary: visits.summary,
    // The call's own times (FHIR Encounter.period).
    startedAt: visits.startedAt,
    endedAt: visits.endedAt,
  },
};

export type AppointmentRow = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

function selectAppointments(db: Executor) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(patientProfile, eq(patientProfile.accountId, appointments.patientAccountId))
    .innerJoin(providerProfile, eq(providerProfile.accountId, appointments.providerAccountId))
    .leftJoin(visits, eq(visits.appointmentId, appointments.id))
    .$dynamic();
}

export async function findAppointment(db: Executor, id: string) {
  const [row] = await selectAppointments(db).where(eq(appointments.id, id));
  return row;
}

export interface AppointmentFilter {
  organisationId: string;
  patientAccountId?: string;
  providerAccountId?: string;
  from?: Date;
  to?: Date;
  statuses?: AppointmentStatus[];
  when?: 'upcoming' | 'past';
  now: Date;
}

function whereOf(f: AppointmentFilter): SQL | undefined {
  return and(
    eq(appointments.organisationId, f.organisationId),
    f.patientAccountId ? eq(appointments.patientAccountId, f.patientAccountId) : undefined,
    f.providerAccountId ? eq(appointments.providerAccountId, f.providerAccountId) : undefined,
    f.from ? gte(appointments.startsAt, f.from) : undefined,
    f.to ? lt(appointments.startsAt, f.to) : undefined,
    f.statuses ? inArray(appointments.status, f.statuses) : undefined,
    f.when === 'upcoming' ? gt(appointments.endsAt, f.now) : undefined,
    f.when === 'past' ? lte(appointments.endsAt, f.now) : undefined,
  );
}

export async function listAppointments(
  db: Executor,
  filter: AppointmentFilter,
  page: number,
  pageSize: number,
) {
  const where = whereOf(filter);
  const order = filter.when === 'past' ? [desc(appointments.startsAt)] : [asc(appointments.startsAt)];
  const rows = await selectAppointments(db)
    .where(where)
    .orderBy(...order, asc(appointments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Start times of the appointments (not cancelled) matching a filter, to mark calendar days. */
export async function appointmentStarts(db: Executor, filter: AppointmentFilter): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(whereOf(filter), ne(appointments.status, 'cancelled')));
  return rows.map((r) => r.startsAt);
}

/**
 * Appointments (not cancelled) of a provider or a patient that overlap [from, to): what makes a
 * slot taken. `except` leaves out the appointment being rescheduled.
 */
export async function overlappingAppointments(
  db: Executor,
  who: { providerAccountId?: string; patientAccountId?: string },
  from: Date,
  to: Date,
  except?: string,
) {
  return db
    .select({ id: appointments.id, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        who.providerAccountId ? eq(appointments.providerAccountId, who.providerAccountId) : undefined,
        who.patientAccountId ? eq(appointments.patientAccountId, who.patientAccountId) : undefined,
        ne(appointments.status, 'cancelled'),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
        except ? ne(appointments.id, except) : undefined,
      ),
    );
}

/** How many appointments a patient holds that are open (not cancelled, completed or missed) and still to come. */
export async function countOpenFutureAppointments(db: Executor, patientAccountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientAccountId, patientAccountId),
        inArray(appointments.status, ['scheduled', 'confirmed', 'rescheduled']),
        gt(appointments.startsAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Lock the accounts of a booking for the rest of the transaction. Two bookings of the same provider
 * (or patient) then take turns between "is the slot free?" and the insert, so a slot cannot be
 * booked twice; ids in order, so two bookings never wait on each other in a circle.
 */
export async function lockAccountsForBooking(db: Executor, accountIds: string[]): Promise<void> {
  for (const id of [...new Set(accountIds)].sort()) {
    await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).for('update');
  }
}

export type NewAppointment = typeof appointments.$inferInsert;

export async function insertAppointment(db: Executor, values: NewAppointment): Promise<string> {
  const [row] = await db.insert(appointments).values(values).returning({ id: appointments.id });
  if (!row) throw new Error('appointment insert returned nothing');
  return row.id;
}

export async function updateAppointment(
  db: Executor,
  id: string,
  values: Partial<
    Pick<NewAppointment, 'startsAt' | 'endsAt' | 'status' | 'cancelReason' | 'cancelNote' | 'confirmedAt'>
  >,
): Promise<void> {
  await db
    .update(appointments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(appointments.id, id));
}
