import {
  appointmentDatesQuerySchema,
  appointmentDatesSchema,
  appointmentListQuerySchema,
  appointmentSchema,
  bookableProviderSchema,
  bookAppointmentInputSchema,
  cancelAppointmentInputSchema,
  rescheduleAppointmentInputSchema,
  slotsQuerySchema,
} from '@opencare/schemas/entities/appointments';
import { appointmentSlotSchema } from '@opencare/schemas/entities/settings';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import {
  appointmentDates,
  appointmentSlots,
  bookableProviders,
  bookAppointment,
  cancelAppointment,
  confirmAppointment,
  getAppointment,
  listAppointments,
  listProviderAppointments,
  rescheduleAppointment,
} from './appointments.service';

/** Appointments (spec §7): record-level access is decided and audited in appointments.service.ts. */
export const appointmentsOperations = operations('appointments', {
  list: operation({
    type: 'query',
    summary: 'Appointments the caller may see (a patient their own), filtered by patient, provider, status and dates.',
    access: { guard: 'authed', policy: 'patientRead' },
    input: appointmentListQuerySchema,
    output: appointmentSchema,
    rest: [{ method: 'GET', path: '/appointments', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listAppointments(deps, actor, meta, input),
  }),
  // REST only: tRPC lists a patient's appointments with `list` and `patientId`.
  ofPatient: operation({
    type: 'query',
    summary: "One patient's appointments.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: appointmentListQuerySchema,
    output: appointmentSchema,
    trpc: false,
    rest: [
      {
        method: 'GET',
        path: '/patients/:id/appointments',
        input: fromParts({
          params: byIdSchema,
          query: appointmentListQuerySchema.omit({ patientId: true }),
          map: ({ params, query }) => ({ ...query, patientId: params.id }),
        }),
        list: true,
      },
    ],
    handler: ({ deps, actor, meta }, input) => listAppointments(deps, actor, meta, input),
  }),
  ofProvider: operation({
    type: 'query',
    summary: "One provider's appointments (a patient sees only their own with that provider).",
    access: { guard: 'authed', policy: 'careTeamOrPatient', kind: 'provider', note: 'filtered: a patient sees only their own appointments with that provider' },
    input: appointmentListQuerySchema.omit({ providerId: true }).extend({ providerId: uuidSchema }),
    output: appointmentSchema,
    rest: [
      {
        method: 'GET',
        path: '/providers/:id/appointments',
        input: fromParts({
          params: byIdSchema,
          query: appointmentListQuerySchema.omit({ providerId: true }),
          map: ({ params, query }) => ({ ...query, providerId: params.id }),
        }),
        list: true,
      },
    ],
    handler: ({ deps, actor, meta }, input) => listProviderAppointments(deps, actor, meta, input.providerId, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One appointment.',
    access: { guard: 'authed', policy: 'patientRead', kind: 'appointment' },
    input: byIdSchema,
    output: appointmentSchema,
    rest: [{ method: 'GET', path: '/appointments/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getAppointment(deps, actor, meta, input.id),
  }),
  book: operation({
    type: 'mutation',
    summary: 'Book an appointment in a free slot.',
    access: { guard: 'authed', policy: 'patientWrite', kind: 'patient' },
    input: bookAppointmentInputSchema,
    output: appointmentSchema,
    rest: [{ method: 'POST', path: '/appointments', input: 'body', status: 201, message: 'Appointment booked.' }],
    handler: ({ deps, actor, meta }, input) => bookAppointment(deps, actor, meta, input),
  }),
  // The standard update of an appointment is a reschedule; cancelling keeps it, so there is no DELETE.
  reschedule: operation({
    type: 'mutation',
    summary: 'Move an appointment to another free slot.',
    access: { guard: 'authed', policy: 'patientUpdate', kind: 'appointment' },
    input: byIdSchema.extend(rescheduleAppointmentInputSchema.shape),
    output: appointmentSchema,
    rest: [
      {
        method: 'PATCH',
        path: '/appointments/:id',
        input: fromParts({ params: byIdSchema, body: rescheduleAppointmentInputSchema, map: ({ params, body }) => ({ id: params.id, ...body }) }),
        message: 'Appointment rescheduled.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => rescheduleAppointment(deps, actor, meta, input.id, input),
  }),
  confirm: operation({
    type: 'mutation',
    summary: 'The patient confirms they will come.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'appointment', note: 'the patient confirms they will come' },
    input: byIdSchema,
    output: appointmentSchema,
    rest: [{ method: 'PATCH', path: '/appointments/:id/confirm', input: 'params', message: 'Attendance confirmed.' }],
    handler: ({ deps, actor, meta }, input) => confirmAppointment(deps, actor, meta, input.id),
  }),
  cancel: operation({
    type: 'mutation',
    summary: 'Cancel an appointment with a reason (it stays on the record).',
    access: { guard: 'authed', policy: 'patientUpdate', kind: 'appointment', destructive: true },
    input: z.strictObject({ id: uuidSchema, cancel: cancelAppointmentInputSchema }),
    output: appointmentSchema,
    rest: [
      {
        method: 'PATCH',
        path: '/appointments/:id/cancel',
        input: fromParts({ params: byIdSchema, body: cancelAppointmentInputSchema, map: ({ params, body }) => ({ id: params.id, cancel: body }) }),
        message: 'Appointment cancelled.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => cancelAppointment(deps, actor, meta, input.id, input.cancel),
  }),
  dates: operation({
    type: 'query',
    summary: 'The calendar days with appointments that are not cancelled (for highlighting).',
    access: { guard: 'authed', policy: 'careTeamOrPatient' },
    input: appointmentDatesQuerySchema,
    output: appointmentDatesSchema,
    rest: [{ method: 'GET', path: '/appointments/dates', input: 'query' }],
    handler: ({ deps, actor, meta }, input) => appointmentDates(deps, actor, meta, input),
  }),
  slots: operation({
    type: 'query',
    summary: "A day's slots; with a provider, only that provider's free slots still to come.",
    access: { guard: 'authed', policy: 'anyUser' },
    input: slotsQuerySchema,
    output: z.array(appointmentSlotSchema),
    rest: [{ method: 'GET', path: '/appointments/slots', input: 'query' }],
    handler: ({ deps, actor }, input) => appointmentSlots(deps, actor, input),
  }),
  providers: operation({
    type: 'query',
    summary: "The physicians and nurses of the caller's organisation, to book with.",
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: z.array(bookableProviderSchema),
    rest: [{ method: 'GET', path: '/appointments/providers', input: 'none' }],
    handler: ({ deps, actor }) => bookableProviders(deps, actor),
  }),
});
