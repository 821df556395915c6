import {
  completeVisitInputSchema,
  editVisitNotesInputSchema,
  incompleteVisitsQuerySchema,
  recordVisitInputSchema,
  visitCodeSchema,
  visitListQuerySchema,
  visitNoteAddendumInputSchema,
  visitSchema,
} from '@opencare/schemas/entities/appointments';
import { FILE_MAX_BYTES, measurementSchema } from '@opencare/schemas/entities/measurements';
import { saveVisitCaptureInputSchema } from '@opencare/schemas/entities/visit-captures';
import {
  joinVisitInputSchema,
  leaveVisitInputSchema,
  visitChatMessageSchema,
  visitParticipantSchema,
  visitSessionSchema,
} from '@opencare/schemas/entities/visits';
import { z } from 'zod';
import { byIdSchema, idAndBody } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { saveVisitCapture } from './visit-captures.service';
import { listVisitChat } from './visit-chat.service';
import { endVisit, joinVisit, leaveVisit, startVisit } from './visit-session.service';
import {
  addVisitNoteAddendum,
  completeVisit,
  editVisitNotes,
  getVisit,
  getVisitByCode,
  incompleteVisits,
  listVisits,
  recordVisit,
  signVisitNote,
} from './visits.service';


/** Visits (spec §7): the record of an appointment, and the video visit (start, join, leave, end). */
export const visitsOperations = operations('visits', {
  list: operation({
    type: 'query',
    summary: 'Visits the caller may see (a patient their own).',
    access: { guard: 'authed', policy: 'patientRead' },
    input: visitListQuerySchema,
    output: visitSchema,
    rest: [{ method: 'GET', path: '/visits', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listVisits(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One visit.',
    access: { guard: 'authed', policy: 'patientRead', kind: 'visit' },
    input: byIdSchema,
    output: visitSchema,
    rest: [{ method: 'GET', path: '/visits/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getVisit(deps, actor, meta, input.id),
  }),
  messages: operation({
    type: 'query',
    summary: "The visit's chat, oldest first: what its participants wrote during the call.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'visit' },
    input: byIdSchema,
    output: z.array(visitChatMessageSchema),
    rest: [{ method: 'GET', path: '/visits/:id/messages', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => listVisitChat(deps, actor, meta, input.id),
  }),
  byCode: operation({
    type: 'query',
    summary: "The visit a visit code opens (the telehealth screen's address), for its participants only.",
    access: { guard: 'authed', policy: 'patientRead', kind: 'visit' },
    input: z.strictObject({ code: visitCodeSchema }),
    output: visitSchema,
    rest: [{ method: 'GET', path: '/visits/code/:code', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getVisitByCode(deps, actor, meta, input.code),
  }),
  record: operation({
    type: 'mutation',
    summary: 'Record a visit that took place without a booking (a walk-in).',
    access: { guard: 'authed', policy: 'clinicianWrite', kind: 'patient' },
    input: recordVisitInputSchema,
    output: visitSchema,
    rest: [{ method: 'POST', path: '/visits', input: 'body', status: 201, message: 'Visit recorded.' }],
    handler: ({ deps, actor, meta }, input) => recordVisit(deps, actor, meta, input),
  }),
  incomplete: operation({
    type: 'query',
    summary: 'Visits begun and not completed with a summary and notes (physicians and nurses).',
    access: { guard: 'authed', policy: 'physicianOrNurse' },
    input: incompleteVisitsQuerySchema,
    output: visitSchema,
    rest: [{ method: 'GET', path: '/visits/incomplete', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => incompleteVisits(deps, actor, meta, input),
  }),
  complete: operation({
    type: 'mutation',
    summary: 'Complete a visit with its summary and notes (its appointment is completed with it).',
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit' },
    input: byIdSchema.extend(completeVisitInputSchema.shape),
    output: visitSchema,
    rest: [{ method: 'POST', path: '/visits/:id/complete', input: idAndBody(completeVisitInputSchema), message: 'Visit completed.' }],
    handler: ({ deps, actor, meta }, input) => completeVisit(deps, actor, meta, input.id, { summary: input.summary, notes: input.notes }),
  }),
  editNotes: operation({
    type: 'mutation',
    summary: "Correct a completed visit's note before it is signed (a signed note is refused).",
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit' },
    input: byIdSchema.extend(editVisitNotesInputSchema.shape),
    output: visitSchema,
    rest: [{ method: 'PATCH', path: '/visits/:id/notes', input: idAndBody(editVisitNotesInputSchema), message: 'Note saved.' }],
    handler: ({ deps, actor, meta }, input) => editVisitNotes(deps, actor, meta, input.id, { notes: input.notes }),
  }),
  signNote: operation({
    type: 'mutation',
    summary: "Sign a completed visit's note, which locks it (later changes are addenda).",
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit' },
    input: byIdSchema,
    output: visitSchema,
    rest: [{ method: 'POST', path: '/visits/:id/notes/sign', input: 'params', message: 'Note signed.' }],
    handler: ({ deps, actor, meta }, input) => signVisitNote(deps, actor, meta, input.id),
  }),
  addAddendum: operation({
    type: 'mutation',
    summary: "Add an addendum to a visit's signed note.",
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit' },
    input: byIdSchema.extend(visitNoteAddendumInputSchema.shape),
    output: visitSchema,
    rest: [{ method: 'POST', path: '/visits/:id/notes/addenda', input: idAndBody(visitNoteAddendumInputSchema), status: 201, message: 'Addendum added.' }],
    handler: ({ deps, actor, meta }, input) => addVisitNoteAddendum(deps, actor, meta, input.id, { text: input.text }),
  }),
  start: operation({
    type: 'mutation',
    summary: 'A physician or nurse starts the video visit.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit' },
    input: byIdSchema,
    output: visitSchema,
    rest: [{ method: 'POST', path: '/visits/:id/start', input: 'params', message: 'Visit started.' }],
    handler: ({ deps, actor, meta }, input) => startVisit(deps, actor, meta, input.id),
  }),
  join: operation({
    type: 'mutation',
    summary: 'Join the video visit from a device: everything the visit screen needs to call.',
    access: { guard: 'authed', policy: 'patientRead', kind: 'visit' },
    input: byIdSchema.extend(joinVisitInputSchema.shape),
    output: visitSessionSchema,
    rest: [{ method: 'POST', path: '/visits/:id/participants/join', input: idAndBody(joinVisitInputSchema), message: 'Joined the visit.' }],
    handler: ({ deps, actor, meta }, input) => joinVisit(deps, actor, meta, input.id, { deviceId: input.deviceId, takeOver: input.takeOver }),
  }),
  leave: operation({
    type: 'mutation',
    summary: 'Leave the video visit from a device.',
    access: { guard: 'authed', policy: 'patientRead', kind: 'visit' },
    input: byIdSchema.extend(leaveVisitInputSchema.shape),
    output: z.array(visitParticipantSchema),
    rest: [{ method: 'POST', path: '/visits/:id/participants/leave', input: idAndBody(leaveVisitInputSchema), message: 'Left the visit.' }],
    handler: ({ deps, actor, meta }, input) => leaveVisit(deps, actor, meta, input.id, { deviceId: input.deviceId }),
  }),
  end: operation({
    type: 'mutation',
    summary: "A physician or nurse ends the call (the visit stays to be completed).",
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit', destructive: true },
    input: byIdSchema,
    output: visitSchema,
    rest: [{ method: 'POST', path: '/visits/:id/end', input: 'params', message: 'Visit ended.' }],
    handler: ({ deps, actor, meta }, input) => endVisit(deps, actor, meta, input.id),
  }),
  // REST only (the web client sends snapshots over REST). Base64 inside JSON, so the route reads a
  // larger body (as POST /files does); anything larger is refused by Fastify with 413 before it is read.
  saveCapture: operation({
    type: 'mutation',
    summary: "A snapshot taken during the video visit, saved to the patient's record.",
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit', note: 'a photo taken during the visit goes on the record: physicians and nurses' },
    input: byIdSchema.extend(saveVisitCaptureInputSchema.shape),
    output: measurementSchema,
    trpc: false,
    rest: [
      {
        method: 'POST',
        path: '/visits/:id/captures',
        input: idAndBody(saveVisitCaptureInputSchema),
        status: 201,
        message: 'Snapshot saved to the patient record.',
        bodyLimit: Math.ceil(FILE_MAX_BYTES * 1.4),
      },
    ],
    handler: ({ deps, actor, meta }, { id, ...capture }) => saveVisitCapture(deps, actor, meta, id, capture),
  }),
});
