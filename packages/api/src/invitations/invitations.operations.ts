import { tokenInputSchema } from '@opencare/schemas/entities/auth';
import {
  completeInvitationInputSchema,
  createInvitationInputSchema,
  invitationListQuerySchema,
  invitationPreviewSchema,
  invitationSchema,
  updateInvitationInputSchema,
} from '@opencare/schemas/entities/care';
import { userSchema } from '@opencare/schemas/entities/user';
import { z } from 'zod';
import { byIdSchema, changesById } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import {
  completeInvitation,
  createInvitation,
  deleteInvitation,
  getInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  updateInvitation,
  verifyInvitation,
} from './invitations.service';

const update = changesById(updateInvitationInputSchema);
const inviteeLimit = { bucket: 'invitation' };

/** Invitations: the admins' operations, and the invitee's public verify and complete steps (by the e-mailed token). */
export const invitationsOperations = operations('invitations', {
  list: operation({
    type: 'query',
    summary: "The organisation's invitations.",
    access: { guard: 'authed', policy: 'admin' },
    input: invitationListQuerySchema,
    output: invitationSchema,
    rest: [{ method: 'GET', path: '/invitations', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listInvitations(deps, actor, meta, input),
  }),
  create: operation({
    type: 'mutation',
    summary: 'Invite someone by e-mail.',
    access: { guard: 'authed', policy: 'admin' },
    input: createInvitationInputSchema,
    output: invitationSchema,
    rest: [{ method: 'POST', path: '/invitations', input: 'body', status: 201, message: 'Invitation sent.' }],
    handler: ({ deps, actor, meta }, input) => createInvitation(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One invitation.',
    access: { guard: 'authed', policy: 'admin', kind: 'invitation' },
    input: byIdSchema,
    output: invitationSchema,
    rest: [{ method: 'GET', path: '/invitations/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getInvitation(deps, actor, meta, input.id),
  }),
  update: operation({
    type: 'mutation',
    summary: 'Change a pending invitation.',
    access: { guard: 'authed', policy: 'admin', kind: 'invitation' },
    input: update.input,
    output: invitationSchema,
    rest: [{ method: 'PATCH', path: '/invitations/:id', input: update.rest, message: 'Invitation saved.' }],
    handler: ({ deps, actor, meta }, input) => updateInvitation(deps, actor, meta, input.id, input.changes),
  }),
  delete: operation({
    type: 'mutation',
    summary: 'Delete an invitation.',
    access: { guard: 'authed', policy: 'admin', kind: 'invitation', destructive: true },
    input: byIdSchema,
    output: z.null(),
    rest: [{ method: 'DELETE', path: '/invitations/:id', input: 'params', message: 'Invitation deleted.' }],
    handler: async ({ deps, actor, meta }, input) => {
      await deleteInvitation(deps, actor, meta, input.id);
      return null;
    },
  }),
  resend: operation({
    type: 'mutation',
    summary: 'Send an invitation again (a new token and expiry).',
    access: { guard: 'authed', policy: 'admin', kind: 'invitation' },
    input: byIdSchema,
    output: invitationSchema,
    rest: [{ method: 'PATCH', path: '/invitations/:id/resend', input: 'params', message: 'Invitation sent again.' }],
    handler: ({ deps, actor, meta }, input) => resendInvitation(deps, actor, meta, input.id),
  }),
  revoke: operation({
    type: 'mutation',
    summary: 'Revoke an invitation (its token stops working).',
    access: { guard: 'authed', policy: 'admin', kind: 'invitation', destructive: true },
    input: byIdSchema,
    output: invitationSchema,
    rest: [{ method: 'PATCH', path: '/invitations/:id/revoke', input: 'params', message: 'Invitation revoked.' }],
    handler: ({ deps, actor, meta }, input) => revokeInvitation(deps, actor, meta, input.id),
  }),
  verify: operation({
    type: 'mutation',
    summary: "What an invitation's token invites to (the invitee's first step).",
    access: { guard: 'public', policy: 'public' },
    rateLimit: inviteeLimit,
    input: tokenInputSchema,
    output: invitationPreviewSchema,
    rest: [{ method: 'POST', path: '/invitations/verify', input: 'body' }],
    handler: ({ deps }, input) => verifyInvitation(deps, input.token),
  }),
  complete: operation({
    type: 'mutation',
    summary: 'Accept an invitation: the account is made.',
    access: { guard: 'public', policy: 'public' },
    rateLimit: inviteeLimit,
    input: completeInvitationInputSchema,
    output: userSchema,
    rest: [{ method: 'POST', path: '/invitations/complete', input: 'body', status: 201, message: 'Welcome. You can log in now.' }],
    handler: ({ deps, meta }, input) => completeInvitation(deps, input, meta),
  }),
});
