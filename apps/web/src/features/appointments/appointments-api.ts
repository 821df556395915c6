import {
  appointmentDatesSchema,
  appointmentSchema,
  bookableProviderSchema,
  visitSchema,
  type Appointment,
  type AppointmentStatus,
  type BookableProvider,
  type BookAppointmentInput,
  type CancelAppointmentInput,
  type CompleteVisitInput,
  type Visit,
} from '@opencare/schemas/entities/appointments';
import { appointmentSlotSchema, type AppointmentSlot } from '@opencare/schemas/entities/settings';
import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import { ApiError, authedRequest, authedResponse, type RequestOptions } from '../../api/client';

/** Appointment and visit calls of the appointments screens; all need the session. */

export interface Page<T> {
  items: T[];
  meta: ListMeta;
}

export interface AppointmentQuery {
  when?: 'upcoming' | 'past';
  status?: AppointmentStatus[];
  providerId?: string;
  patientId?: string;
  /** Instants, ISO. */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

type QueryValue = string | number | readonly string[] | undefined;

function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(name, typeof value === 'object' ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function page<T>(path: string, request: RequestOptions<T[]>): Promise<Page<T>> {
  const { data, meta } = await authedResponse(path, request);
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

export function fetchAppointments(query: AppointmentQuery): Promise<Page<Appointment>> {
  return page(`/appointments${queryString({ ...query })}`, { schema: appointmentSchema.array() });
}

export function fetchProviders(): Promise<BookableProvider[]> {
  return authedRequest('/appointments/providers', { schema: bookableProviderSchema.array() });
}

/** A provider's free slots on a clinic day (YYYY-MM-DD), still to come. */
export function fetchFreeSlots(date: string, providerId: string): Promise<AppointmentSlot[]> {
  return authedRequest(`/appointments/slots${queryString({ date, providerId })}`, {
    schema: appointmentSlotSchema.array(),
  });
}

export function fetchAppointmentDates(from: string, to: string): Promise<string[]> {
  return authedRequest(`/appointments/dates${queryString({ from, to })}`, { schema: appointmentDatesSchema });
}

export function bookAppointment(input: BookAppointmentInput): Promise<Appointment> {
  return authedRequest('/appointments', { method: 'POST', body: input, schema: appointmentSchema });
}

export function rescheduleAppointment(id: string, startsAt: string): Promise<Appointment> {
  return authedRequest(`/appointments/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { startsAt },
    schema: appointmentSchema,
  });
}

export function confirmAppointment(id: string): Promise<Appointment> {
  return authedRequest(`/appointments/${encodeURIComponent(id)}/confirm`, {
    method: 'PATCH',
    schema: appointmentSchema,
  });
}

export function cancelAppointment(id: string, input: CancelAppointmentInput): Promise<Appointment> {
  return authedRequest(`/appointments/${encodeURIComponent(id)}/cancel`, {
    method: 'PATCH',
    body: input,
    schema: appointmentSchema,
  });
}

export function fetchIncompleteVisits(query: {
  providerId?: string;
  page?: number;
  pageSize?: number;
}): Promise<Page<Visit>> {
  return page(`/visits/incomplete${queryString({ ...query })}`, { schema: visitSchema.array() });
}

export function completeVisit(id: string, input: CompleteVisitInput): Promise<Visit> {
  return authedRequest(`/visits/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    body: input,
    schema: visitSchema,
  });
}
