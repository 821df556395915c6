import { updateProfileInputSchema, userProfileResponseSchema } from '@opencare/schemas/entities/user';
import { operation, operations } from '../operations/operation';
import { getMyProfile, updateMyProfile } from './profile.service';

/** The signed-in person's own profile. */
export const profileOperations = operations('profile', {
  get: operation({
    type: 'query',
    summary: "The caller's profile.",
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: userProfileResponseSchema,
    rest: [{ method: 'GET', path: '/profile', input: 'none' }],
    handler: ({ deps, actor, meta }) => getMyProfile(deps, actor, meta),
  }),
  update: operation({
    type: 'mutation',
    summary: "Change the caller's profile.",
    access: { guard: 'authed', policy: 'anyUser' },
    input: updateProfileInputSchema,
    output: userProfileResponseSchema,
    rest: [{ method: 'PATCH', path: '/profile', input: 'body', message: 'Profile saved.' }],
    handler: ({ deps, actor, meta }, input) => updateMyProfile(deps, actor, meta, input),
  }),
});
