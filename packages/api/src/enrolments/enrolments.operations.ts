import { enrolInputSchema, enrolmentSchema, setupInputSchema } from '@opencare/schemas/entities/enrolment';
import type { z } from 'zod';
import { byIdSchema, byPatientSchema, patientOfPath } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { consent, enrol, enrolmentsOf, recordSetup, withdraw } from './enrolments.service';

/** Enrolment in remote monitoring with the patient's consent (issue 19, part 1). */
export const enrolmentsOperations = operations('enrolments', {
  list: operation({
    type: 'query',
    summary: "The patient's episodes of remote monitoring, newest first, with their consent and set-up.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'patient' },
    input: byPatientSchema,
    output: enrolmentSchema,
    rest: [{ method: 'GET', path: '/patients/:id/enrolments', input: patientOfPath }],
    handler: ({ deps, actor, meta }, input) => enrolmentsOf(deps, actor, meta, input.patientId),
  }),
  enrol: operation({
    type: 'mutation',
    summary: 'Enrol the patient: conditions, measurements, devices, start, primary provider, and how they consented.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'patient' },
    input: byPatientSchema.extend(enrolInputSchema.shape),
    output: enrolmentSchema,
    rest: [
      {
        method: 'POST',
        path: '/patients/:id/enrolments',
        // The service checks the body after its access check.
        input: fromParts({
          params: byIdSchema,
          bodyAsSent: enrolInputSchema,
          map: ({ params, body }) => ({ ...(body as z.output<typeof enrolInputSchema>), patientId: params.id }),
        }),
        status: 201,
        message: 'Patient enrolled.',
      },
    ],
    handler: ({ deps, actor, meta }, { patientId, ...body }) => enrol(deps, actor, meta, patientId, body),
  }),
  consent: operation({
    type: 'mutation',
    summary: 'The patient signs their consent in the app: the episode starts.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'unfixtured' },
    input: byIdSchema,
    output: enrolmentSchema,
    rest: [{ method: 'POST', path: '/enrolments/:id/consent', input: 'params', message: 'Consent recorded.' }],
    handler: ({ deps, actor, meta }, input) => consent(deps, actor, meta, input.id),
  }),
  withdraw: operation({
    type: 'mutation',
    summary: 'The patient withdraws consent: the episode ends.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'unfixtured' },
    input: byIdSchema,
    output: enrolmentSchema,
    rest: [{ method: 'POST', path: '/enrolments/:id/withdraw', input: 'params', message: 'Consent withdrawn.' }],
    handler: ({ deps, actor, meta }, input) => withdraw(deps, actor, meta, input.id),
  }),
  setup: operation({
    type: 'mutation',
    summary: "The episode's first device set-up and education, recorded once.",
    access: { guard: 'authed', policy: 'patientCare', kind: 'unfixtured' },
    input: byIdSchema.extend(setupInputSchema.shape),
    output: enrolmentSchema,
    rest: [{ method: 'POST', path: '/enrolments/:id/setup', input: fromParts({ params: byIdSchema, bodyAsSent: setupInputSchema, map: ({ params, body }) => ({ ...(body as object), id: params.id }) }), message: 'Set-up recorded.' }],
    handler: ({ deps, actor, meta }, { id, ...body }) => recordSetup(deps, actor, meta, id, body),
  }),
});
