import {
  appointmentDatesQuerySchema,
  appointmentListQuerySchema,
  bookAppointmentInputSchema,
  cancelAppointmentInputSchema,
  completeVisitInputSchema,
  incompleteVisitsQuerySchema,
  recordVisitInputSchema,
  rescheduleAppointmentInputSchema,
  slotsQuerySchema,
  visitCodeSchema,
  visitListQuerySchema,
} from '@opencare/schemas/entities/appointments';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
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
} from '../../appointments/appointments.service';
import {
  completeVisit,
  getVisit,
  getVisitByCode,
  incompleteVisits,
  listVisits,
  recordVisit,
} from '../../visits/visits.service';
import { authedProcedure, router } from './trpc';

const byId = z.strictObject({ id: uuidSchema });

/** The same operations as the REST routes, over the same services; access is decided there. */
export const appointmentsRouter = router({
  list: authedProcedure
    .input(appointmentListQuerySchema)
    .query(({ ctx, input }) => listAppointments(ctx.deps, ctx.actor, ctx.meta, input)),
  ofProvider: authedProcedure
    .input(appointmentListQuerySchema.omit({ providerId: true }).extend({ providerId: uuidSchema }))
    .query(({ ctx, input }) =>
      listProviderAppointments(ctx.deps, ctx.actor, ctx.meta, input.providerId, input),
    ),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getAppointment(ctx.deps, ctx.actor, ctx.meta, input.id)),
  book: authedProcedure
    .input(bookAppointmentInputSchema)
    .mutation(({ ctx, input }) => bookAppointment(ctx.deps, ctx.actor, ctx.meta, input)),
  reschedule: authedProcedure
    .input(byId.extend(rescheduleAppointmentInputSchema.shape))
    .mutation(({ ctx, input }) => rescheduleAppointment(ctx.deps, ctx.actor, ctx.meta, input.id, input)),
  confirm: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => confirmAppointment(ctx.deps, ctx.actor, ctx.meta, input.id)),
  cancel: authedProcedure
    .input(z.strictObject({ id: uuidSchema, cancel: cancelAppointmentInputSchema }))
    .mutation(({ ctx, input }) => cancelAppointment(ctx.deps, ctx.actor, ctx.meta, input.id, input.cancel)),
  dates: authedProcedure
    .input(appointmentDatesQuerySchema)
    .query(({ ctx, input }) => appointmentDates(ctx.deps, ctx.actor, ctx.meta, input)),
  slots: authedProcedure
    .input(slotsQuerySchema)
    .query(({ ctx, input }) => appointmentSlots(ctx.deps, ctx.actor, input)),
  providers: authedProcedure.query(({ ctx }) => bookableProviders(ctx.deps, ctx.actor)),
});

export const visitsRouter = router({
  list: authedProcedure
    .input(visitListQuerySchema)
    .query(({ ctx, input }) => listVisits(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getVisit(ctx.deps, ctx.actor, ctx.meta, input.id)),
  byCode: authedProcedure
    .input(z.strictObject({ code: visitCodeSchema }))
    .query(({ ctx, input }) => getVisitByCode(ctx.deps, ctx.actor, ctx.meta, input.code)),
  record: authedProcedure
    .input(recordVisitInputSchema)
    .mutation(({ ctx, input }) => recordVisit(ctx.deps, ctx.actor, ctx.meta, input)),
  incomplete: authedProcedure
    .input(incompleteVisitsQuerySchema)
    .query(({ ctx, input }) => incompleteVisits(ctx.deps, ctx.actor, ctx.meta, input)),
  complete: authedProcedure
    .input(byId.extend(completeVisitInputSchema.shape))
    .mutation(({ ctx, input }) =>
      completeVisit(ctx.deps, ctx.actor, ctx.meta, input.id, { summary: input.summary, notes: input.notes }),
    ),
});
