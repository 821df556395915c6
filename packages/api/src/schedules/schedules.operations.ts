import {
  measurementScheduleSchema,
  scheduleListQuerySchema,
  scheduleRemindersInputSchema,
  scheduleSchema,
  updateScheduleInputSchema,
} from '@opencare/schemas/entities/care';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { createSchedule, endSchedule, getSchedule, listSchedules, setScheduleReminders, updateSchedule } from './schedules.service';

/** Measurement schedules: the care plan's recurring readings (the daily tasks come from them). */
export const schedulesOperations = operations('schedules', {
  list: operation({
    type: 'query',
    summary: "A patient's schedules (`patient`), or the caller's own.",
    access: { guard: 'authed', policy: 'anyUser', note: 'without ?patient= a non-patient gets an empty list' },
    input: scheduleListQuerySchema,
    output: scheduleSchema,
    rest: [{ method: 'GET', path: '/schedules', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listSchedules(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One schedule.',
    access: { guard: 'authed', policy: 'patientRead', kind: 'schedule' },
    input: byIdSchema,
    output: scheduleSchema,
    rest: [{ method: 'GET', path: '/schedules/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getSchedule(deps, actor, meta, input.id),
  }),
  create: operation({
    type: 'mutation',
    summary: 'Schedule a measurement for a patient.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: measurementScheduleSchema,
    output: scheduleSchema,
    rest: [{ method: 'POST', path: '/schedules', input: 'body', status: 201, message: 'Schedule created.' }],
    handler: ({ deps, actor, meta }, input) => createSchedule(deps, actor, meta, input),
  }),
  update: operation({
    type: 'mutation',
    summary: 'Change a schedule.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'schedule' },
    input: byIdSchema.extend({ changes: updateScheduleInputSchema }),
    output: scheduleSchema,
    rest: [
      {
        method: 'PATCH',
        path: '/schedules/:id',
        input: fromParts({ params: byIdSchema, body: updateScheduleInputSchema, map: ({ params, body }) => ({ id: params.id, changes: body }) }),
        message: 'Schedule saved.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => updateSchedule(deps, actor, meta, input.id, input.changes),
  }),
  reminders: operation({
    type: 'mutation',
    summary: "The patient turns a schedule's e-mail reminders on or off.",
    access: { guard: 'authed', policy: 'patientSelf', kind: 'schedule' },
    input: byIdSchema.extend({ changes: scheduleRemindersInputSchema }),
    output: scheduleSchema,
    rest: [
      {
        method: 'PUT',
        path: '/schedules/:id/reminders',
        input: fromParts({ params: byIdSchema, body: scheduleRemindersInputSchema, map: ({ params, body }) => ({ id: params.id, changes: body }) }),
        message: 'Reminders saved.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => setScheduleReminders(deps, actor, meta, input.id, input.changes),
  }),
  end: operation({
    type: 'mutation',
    summary: 'End a schedule (its past tasks stay on the record).',
    access: { guard: 'authed', policy: 'patientCare', kind: 'schedule', destructive: true },
    input: byIdSchema,
    output: scheduleSchema,
    rest: [{ method: 'DELETE', path: '/schedules/:id', input: 'params', message: 'Schedule ended.' }],
    handler: ({ deps, actor, meta }, input) => endSchedule(deps, actor, meta, input.id),
  }),
});
