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
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import {
  completeVisit,
  getVisit,
  getVisitByCode,
  incompleteVisits,
  listVisits,
  recordVisit,
} from '../../visits/visits.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });
const codeParams = z.strictObject({ code: visitCodeSchema });

/** Appointments and visits (spec §7): thin adapters over the appointments and visits services. */
export function appointmentRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({
    actor: await authenticate(deps, req),
    meta: requestMetaOf(req),
  });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;

  app.get('/appointments', async (req, reply) => {
    const { actor, meta } = await who(req);
    const result = await listAppointments(
      deps,
      actor,
      meta,
      parseInput(appointmentListQuerySchema, req.query),
    );
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/appointments', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(bookAppointmentInputSchema, req.body);
    return ok(reply, await bookAppointment(deps, actor, meta, input), 'Appointment booked.', { status: 201 });
  });
  app.get('/appointments/slots', async (req, reply) => {
    const actor = await authenticate(deps, req);
    return ok(reply, await appointmentSlots(deps, actor, parseInput(slotsQuerySchema, req.query)));
  });
  app.get('/appointments/dates', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await appointmentDates(deps, actor, meta, parseInput(appointmentDatesQuerySchema, req.query)),
    );
  });
  app.get('/appointments/providers', async (req, reply) =>
    ok(reply, await bookableProviders(deps, await authenticate(deps, req))),
  );
  app.get('/appointments/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getAppointment(deps, actor, meta, idOf(req)));
  });
  // The standard update of an appointment is a reschedule; cancelling keeps it, so there is no DELETE.
  app.patch('/appointments/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(rescheduleAppointmentInputSchema, req.body);
    return ok(
      reply,
      await rescheduleAppointment(deps, actor, meta, idOf(req), input),
      'Appointment rescheduled.',
    );
  });
  app.patch('/appointments/:id/confirm', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await confirmAppointment(deps, actor, meta, idOf(req)), 'Attendance confirmed.');
  });
  app.patch('/appointments/:id/cancel', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(cancelAppointmentInputSchema, req.body);
    return ok(reply, await cancelAppointment(deps, actor, meta, idOf(req), input), 'Appointment cancelled.');
  });
  app.get('/patients/:id/appointments', async (req, reply) => {
    const { actor, meta } = await who(req);
    const query = parseInput(appointmentListQuerySchema.omit({ patientId: true }), req.query);
    const result = await listAppointments(deps, actor, meta, { ...query, patientId: idOf(req) });
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.get('/providers/:id/appointments', async (req, reply) => {
    const { actor, meta } = await who(req);
    const query = parseInput(appointmentListQuerySchema.omit({ providerId: true }), req.query);
    const result = await listProviderAppointments(deps, actor, meta, idOf(req), query);
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });

  app.get('/visits', async (req, reply) => {
    const { actor, meta } = await who(req);
    const result = await listVisits(deps, actor, meta, parseInput(visitListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/visits', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(recordVisitInputSchema, req.body);
    return ok(reply, await recordVisit(deps, actor, meta, input), 'Visit recorded.', { status: 201 });
  });
  app.get('/visits/incomplete', async (req, reply) => {
    const { actor, meta } = await who(req);
    const result = await incompleteVisits(
      deps,
      actor,
      meta,
      parseInput(incompleteVisitsQuerySchema, req.query),
    );
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.get('/visits/code/:code', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getVisitByCode(deps, actor, meta, parseInput(codeParams, req.params).code));
  });
  app.get('/visits/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getVisit(deps, actor, meta, idOf(req)));
  });
  app.post('/visits/:id/complete', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(completeVisitInputSchema, req.body);
    return ok(reply, await completeVisit(deps, actor, meta, idOf(req), input), 'Visit completed.');
  });
}
