import {
  awaitingPatientSchema,
  signupDecisionSchema,
  patientDetailSchema,
  patientListItemSchema,
  patientSearchQuerySchema,
  patientSnapshotSchema,
  seriesQuerySchema,
  seriesSchema,
  timelinePageSchema,
  timelineQuerySchema,
  updatePatientCareInputSchema,
} from '@opencare/schemas/entities/patients';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { getPatient, listPatients, updatePatientCare } from './patients.service';
import { decideSignup, patientsAwaitingApproval } from './signup-approval.service';
import { getPatientSeries, getPatientSnapshot, getPatientTimeline } from './snapshot.service';

/** The id in the path, a query of its own (series and timeline). */
const idAndQuery = <Q>(query: z.ZodType<Q>) => fromParts({ params: byIdSchema, query, map: ({ params, query: values }) => ({ id: params.id, query: values }) });

/**
 * Patients, their snapshot and timeline (spec §7). Record-level rules (own record, the
 * organisation's patients, physicians and nurses for the care profile) are decided and audited in
 * the services, so every operation starts from a session.
 */
export const patientsOperations = operations('patients', {
  awaitingApproval: operation({
    type: 'query',
    summary: 'Patients who signed up themselves and wait for approval before they join the patient list.',
    access: { guard: 'authed', policy: 'physicianNurseOrAdmin' },
    input: undefined,
    output: awaitingPatientSchema,
    rest: [{ method: 'GET', path: '/patients/awaiting-approval', input: 'none' }],
    handler: ({ deps, actor, meta }) => patientsAwaitingApproval(deps, actor, meta),
  }),
  approve: operation({
    type: 'mutation',
    summary: 'Approve a patient who signed up: they join the patient list and can sign in.',
    access: { guard: 'authed', policy: 'physicianNurseOrAdmin', kind: 'patient' },
    input: byIdSchema,
    output: signupDecisionSchema,
    rest: [{ method: 'POST', path: '/patients/:id/approve', input: 'params', message: 'Patient approved.' }],
    handler: ({ deps, actor, meta }, input) => decideSignup(deps, actor, meta, input.id, 'approve'),
  }),
  decline: operation({
    type: 'mutation',
    summary: 'Decline a patient who signed up: the account is made inactive.',
    access: { guard: 'authed', policy: 'physicianNurseOrAdmin', kind: 'patient' },
    input: byIdSchema,
    output: signupDecisionSchema,
    rest: [{ method: 'POST', path: '/patients/:id/decline', input: 'params', message: 'Sign-up declined.' }],
    handler: ({ deps, actor, meta }, input) => decideSignup(deps, actor, meta, input.id, 'decline'),
  }),
  list: operation({
    type: 'query',
    summary: "Find patients: clinicians the organisation's active patients, a patient only themself.",
    access: { guard: 'authed', policy: 'patientRead', note: 'clinicians search the organisation; a patient finds only themself' },
    input: patientSearchQuerySchema,
    output: patientListItemSchema,
    rest: [
      { method: 'GET', path: '/patients', input: 'query', list: true },
      { method: 'GET', path: '/patients/search', input: 'query', list: true },
    ],
    handler: ({ deps, actor, meta }, input) => listPatients(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One patient with their care team.',
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: byIdSchema,
    output: patientDetailSchema,
    rest: [{ method: 'GET', path: '/patients/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getPatient(deps, actor, meta, input.id),
  }),
  updateCare: operation({
    type: 'mutation',
    summary: 'Set the care profile (primary provider, care team, history, medications, allergies, blood type).',
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: byIdSchema.extend({ values: updatePatientCareInputSchema }),
    output: patientDetailSchema,
    rest: [
      {
        method: 'PATCH',
        path: '/patients/:id',
        input: fromParts({ params: byIdSchema, body: updatePatientCareInputSchema, map: ({ params, body }) => ({ id: params.id, values: body }) }),
        message: 'Care profile saved.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => updatePatientCare(deps, actor, meta, input.id, input.values),
  }),
  snapshot: operation({
    type: 'query',
    summary: "A patient's snapshot: profile, latest readings, adherence, mail, open alerts, next appointments.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: byIdSchema,
    output: patientSnapshotSchema,
    rest: [{ method: 'GET', path: '/patients/:id/snapshot', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getPatientSnapshot(deps, actor, meta, input.id),
  }),
  series: operation({
    type: 'query',
    summary: "One measurement type over a period, for the snapshot's chart.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: z.strictObject({ id: uuidSchema, query: seriesQuerySchema }),
    output: seriesSchema,
    rest: [{ method: 'GET', path: '/patients/:id/series', input: idAndQuery(seriesQuerySchema) }],
    handler: ({ deps, actor, meta }, input) => getPatientSeries(deps, actor, meta, input.id, input.query),
  }),
  timeline: operation({
    type: 'query',
    summary: "A page of the patient's timeline, newest first.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: z.strictObject({ id: uuidSchema, query: timelineQuerySchema }),
    output: timelinePageSchema,
    rest: [{ method: 'GET', path: '/patients/:id/timeline', input: idAndQuery(timelineQuerySchema) }],
    handler: ({ deps, actor, meta }, input) => getPatientTimeline(deps, actor, meta, input.id, input.query),
  }),
});
