import { caregiverLinkSchema, caregiverScopesInputSchema, caregivingSchema, inviteCaregiverInputSchema, linkCaregiverInputSchema } from '@opencare/schemas/entities/caregivers';
import { z } from 'zod';
import { byIdSchema } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import {
  acceptCaregiving,
  caregiving,
  changeCaregiverScopes,
  endCaregiving,
  inviteCaregiver,
  linkCaregiver,
  myCaregivers,
  organisationCaregivers,
  revokeCaregiver,
} from './caregivers.service';

const scopesBody = caregiverScopesInputSchema.omit({ id: true });

/** Caregivers who act for a patient (issue 19, part 4): the patient's, the admin's and the caregiver's sides. */
export const caregiversOperations = operations('caregivers', {
  mine: operation({
    type: 'query',
    summary: "The patient's caregivers and invitations, open ones first.",
    access: { guard: 'authed', policy: 'patientSelf' },
    input: undefined,
    output: z.array(caregiverLinkSchema),
    rest: [{ method: 'GET', path: '/caregivers', input: 'none' }],
    handler: ({ deps, actor, meta }) => myCaregivers(deps, actor, meta),
  }),
  invite: operation({
    type: 'mutation',
    summary: 'The patient invites a caregiver by e-mail, choosing what they may do.',
    access: { guard: 'authed', policy: 'patientSelf' },
    input: inviteCaregiverInputSchema,
    output: caregiverLinkSchema,
    rest: [{ method: 'POST', path: '/caregivers', input: 'body', status: 201, message: 'Invitation sent.' }],
    handler: ({ deps, actor, meta }, input) => inviteCaregiver(deps, actor, meta, input),
  }),
  scopes: operation({
    type: 'mutation',
    summary: 'The patient changes what a caregiver may do.',
    access: { guard: 'authed', policy: 'patientSelf', kind: 'unfixtured' },
    input: caregiverScopesInputSchema,
    output: caregiverLinkSchema,
    rest: [
      {
        method: 'PATCH',
        path: '/caregivers/:id',
        input: fromParts({ params: byIdSchema, bodyAsSent: scopesBody, map: ({ params, body }) => ({ ...(body as z.output<typeof scopesBody>), id: params.id }) }),
        message: 'Caregiver access changed.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => changeCaregiverScopes(deps, actor, meta, input),
  }),
  revoke: operation({
    type: 'mutation',
    summary: "The patient (or an admin of the organisation) ends a caregiver's access or withdraws the invitation.",
    access: { guard: 'authed', policy: 'patientSelfOrAdmin', kind: 'unfixtured', destructive: true },
    input: byIdSchema,
    output: caregiverLinkSchema,
    rest: [{ method: 'POST', path: '/caregivers/:id/revoke', input: 'params', message: 'Caregiver access revoked.' }],
    handler: ({ deps, actor, meta }, input) => revokeCaregiver(deps, actor, meta, input.id),
  }),
  organisation: operation({
    type: 'query',
    summary: "The organisation's open caregiver links and invitations (admins).",
    access: { guard: 'authed', policy: 'admin' },
    input: undefined,
    output: z.array(caregiverLinkSchema),
    rest: [{ method: 'GET', path: '/caregiver-links', input: 'none' }],
    handler: ({ deps, actor, meta }) => organisationCaregivers(deps, actor, meta),
  }),
  link: operation({
    type: 'mutation',
    summary: "An admin links a caregiver account of the organisation to a patient, with the patient's recorded consent.",
    access: { guard: 'authed', policy: 'admin' },
    input: linkCaregiverInputSchema,
    output: caregiverLinkSchema,
    rest: [{ method: 'POST', path: '/caregiver-links', input: 'body', status: 201, message: 'Caregiver linked.' }],
    handler: ({ deps, actor, meta }, input) => linkCaregiver(deps, actor, meta, input),
  }),
  caregiving: operation({
    type: 'query',
    summary: "A caregiver's people (with what they may do for each) and the invitations sent to their address.",
    access: { guard: 'authed', policy: 'anyUser', note: 'anyone else has nobody to care for: empty lists' },
    input: undefined,
    output: caregivingSchema,
    rest: [{ method: 'GET', path: '/caregiving', input: 'none' }],
    handler: ({ deps, actor, meta }) => caregiving(deps, actor, meta),
  }),
  accept: operation({
    type: 'mutation',
    summary: 'The caregiver accepts an invitation sent to their address.',
    access: { guard: 'authed', policy: 'anyUser', kind: 'unfixtured', note: "only an invitation to the caller's own address, by a caregiver account" },
    input: byIdSchema,
    output: caregiverLinkSchema,
    rest: [{ method: 'POST', path: '/caregiving/:id/accept', input: 'params', message: 'You are now a caregiver.' }],
    handler: ({ deps, actor, meta }, input) => acceptCaregiving(deps, actor, meta, input.id),
  }),
  end: operation({
    type: 'mutation',
    summary: 'The caregiver declines an invitation or stops caring for the person.',
    access: { guard: 'authed', policy: 'anyUser', kind: 'unfixtured', destructive: true, note: "only the caller's own link or invitation" },
    input: byIdSchema,
    output: caregiverLinkSchema,
    rest: [{ method: 'POST', path: '/caregiving/:id/end', input: 'params', message: 'Caregiving ended.' }],
    handler: ({ deps, actor, meta }, input) => endCaregiving(deps, actor, meta, input.id),
  }),
});
