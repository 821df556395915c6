import { createTaskInputSchema, dailyTasksQuerySchema, taskRangeQuerySchema, taskSchema, updateTaskInputSchema } from '@opencare/schemas/entities/care';
import { z } from 'zod';
import { parseInput } from '../errors/app-error';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { createTask, dailyTasks, getTask, listTasks, updateTask } from './tasks.service';

/**
 * Tasks: the daily tasks the schedules make, plus one-off tasks (spec §7's /tasks and
 * /tasks/patients/{id}).
 */
export const tasksOperations = operations('tasks', {
  list: operation({
    type: 'query',
    summary: "A patient's tasks between two dates.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient', note: 'the patient named by ?patient= (or the path)' },
    input: taskRangeQuerySchema,
    output: z.array(taskSchema),
    rest: [
      { method: 'GET', path: '/tasks', input: 'query' },
      {
        method: 'GET',
        path: '/tasks/patients/:id',
        // The path names the patient; the rest of the range comes from the query, read as one with it.
        input: fromParts({
          params: byIdSchema,
          query: z.unknown(),
          map: ({ params, query }) => parseInput(taskRangeQuerySchema, { ...(query as object), patient: params.id }),
        }),
      },
    ],
    handler: ({ deps, actor, meta }, input) => listTasks(deps, actor, meta, input),
  }),
  daily: operation({
    type: 'query',
    summary: "One day's tasks of a patient (the caller's own without `patient`).",
    access: { guard: 'reader', policy: 'anyUser', note: 'a non-patient without ?patient= has none of their own: empty list' },
    input: dailyTasksQuerySchema,
    output: z.array(taskSchema),
    rest: [{ method: 'GET', path: '/daily-tasks', input: 'query' }],
    handler: ({ deps, reader, meta }, input) => dailyTasks(deps, reader, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One task.',
    access: { guard: 'authed', policy: 'patientRead', kind: 'task' },
    input: byIdSchema,
    output: taskSchema,
    rest: [{ method: 'GET', path: '/tasks/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getTask(deps, actor, meta, input.id),
  }),
  create: operation({
    type: 'mutation',
    summary: 'A one-off task for a patient.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: createTaskInputSchema,
    output: taskSchema,
    rest: [{ method: 'POST', path: '/tasks', input: 'body', status: 201, message: 'Task created.' }],
    handler: ({ deps, actor, meta }, input) => createTask(deps, actor, meta, input),
  }),
  update: operation({
    type: 'mutation',
    summary: "Set a task's status (pending or cancelled).",
    access: { guard: 'authed', policy: 'patientCare', kind: 'task', note: 'status pending/cancelled is the care plan: physicians and nurses' },
    input: byIdSchema.extend(updateTaskInputSchema.shape),
    output: taskSchema,
    rest: [
      {
        method: 'PATCH',
        path: '/tasks/:id',
        input: fromParts({ params: byIdSchema, body: updateTaskInputSchema, map: ({ params, body }) => ({ id: params.id, ...body }) }),
        message: 'Task saved.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => updateTask(deps, actor, meta, input.id, { status: input.status }),
  }),
  // Deleting cancels: a task that was due stays on the patient's record. REST only (tRPC: update).
  cancel: operation({
    type: 'mutation',
    summary: 'Cancel a task (it stays on the record).',
    access: { guard: 'authed', policy: 'patientCare', kind: 'task', destructive: true },
    input: byIdSchema,
    output: taskSchema,
    trpc: false,
    rest: [{ method: 'DELETE', path: '/tasks/:id', input: 'params', message: 'Task cancelled.' }],
    handler: ({ deps, actor, meta }, input) => updateTask(deps, actor, meta, input.id, { status: 'cancelled' }),
  }),
});
