import {
  createTelehealthInvitationInputSchema,
  guestVisitSessionSchema,
  joinTelehealthInvitationInputSchema,
  leaveTelehealthInvitationInputSchema,
  telehealthInvitationKeySchema,
  telehealthInvitationSchema,
  telehealthInvitationViewSchema,
  visitParticipantSchema,
} from '@opencare/schemas/entities/visits';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations, type RateLimit } from '../operations/operation';
import {
  createTelehealthInvitation,
  joinAsGuest,
  leaveAsGuest,
  listTelehealthInvitations,
  revokeTelehealthInvitation,
  viewTelehealthInvitation,
} from './telehealth-invitations.service';

/**
 * The guest's calls carry the link's key and no credentials: limited per address, as the other
 * public endpoints are (keys are 256 random bits anyway; the limit keeps anyone from trying at speed).
 */
const guestLimit: RateLimit = { bucket: 'telehealth-invitation' };

/** Telehealth invitations (spec §7): clinicians create, list and revoke guest links; the guest opens, joins and leaves. */
export const telehealthInvitationsOperations = operations('telehealthInvitations', {
  create: operation({
    type: 'mutation',
    summary: 'Invite a guest to a video visit (the link is e-mailed).',
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit' },
    input: createTelehealthInvitationInputSchema,
    output: telehealthInvitationSchema,
    rest: [{ method: 'POST', path: '/telehealth-invitations', input: 'body', status: 201, message: 'Invitation sent.' }],
    handler: ({ deps, actor, meta }, input) => createTelehealthInvitation(deps, actor, meta, input),
  }),
  ofVisit: operation({
    type: 'query',
    summary: "A visit's guest invitations.",
    access: { guard: 'authed', policy: 'patientCare', kind: 'visit' },
    input: z.strictObject({ visitId: uuidSchema }),
    output: z.array(telehealthInvitationSchema),
    rest: [
      {
        method: 'GET',
        path: '/visits/:id/telehealth-invitations',
        input: fromParts({ params: byIdSchema, map: ({ params }) => ({ visitId: params.id }) }),
      },
    ],
    handler: ({ deps, actor, meta }, input) => listTelehealthInvitations(deps, actor, meta, input.visitId),
  }),
  revoke: operation({
    type: 'mutation',
    summary: 'Revoke a guest link.',
    access: { guard: 'authed', policy: 'patientCare', kind: 'telehealthInvitation', destructive: true },
    input: byIdSchema,
    output: telehealthInvitationSchema,
    rest: [{ method: 'PATCH', path: '/telehealth-invitations/:id/revoke', input: 'params', message: 'Invitation revoked.' }],
    handler: ({ deps, actor, meta }, input) => revokeTelehealthInvitation(deps, actor, meta, input.id),
  }),
  view: operation({
    type: 'query',
    summary: "The guest's view of their invitation (who invites whom and when), by the link's key.",
    access: { guard: 'public', policy: 'public', note: 'a guest views an invitation by its token' },
    rateLimit: guestLimit,
    input: telehealthInvitationKeySchema,
    output: telehealthInvitationViewSchema,
    rest: [{ method: 'GET', path: '/telehealth-invitations', input: 'query' }],
    handler: ({ deps }, input) => viewTelehealthInvitation(deps, input.key),
  }),
  join: operation({
    type: 'mutation',
    summary: "A guest joins the video visit with their link's key.",
    access: { guard: 'public', policy: 'public' },
    rateLimit: guestLimit,
    input: joinTelehealthInvitationInputSchema,
    output: guestVisitSessionSchema,
    rest: [{ method: 'POST', path: '/telehealth-invitations/join', input: 'body', message: 'Joined the visit.' }],
    handler: ({ deps, meta }, input) => joinAsGuest(deps, meta, input),
  }),
  leave: operation({
    type: 'mutation',
    summary: 'A guest leaves the video visit (with a revoked or expired link too).',
    access: { guard: 'public', policy: 'public' },
    rateLimit: guestLimit,
    input: leaveTelehealthInvitationInputSchema,
    output: z.array(visitParticipantSchema),
    rest: [{ method: 'POST', path: '/telehealth-invitations/leave', input: 'body', message: 'Left the visit.' }],
    handler: ({ deps }, input) => leaveAsGuest(deps, input),
  }),
});
