import {
  createUserInputSchema,
  updateUserInputSchema,
  userListItemSchema,
  userListQuerySchema,
  usernameAvailableResponseSchema,
  userSchema,
} from '@opencare/schemas/entities/user';
import { userTwoFactorSchema } from '@opencare/schemas/entities/two-factor';
import { usernameSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { me } from '../auth/auth.service';
import { byIdSchema, changesById } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import {
  createUser,
  deactivateUser,
  getUser,
  getUserTwoFactor,
  listUsers,
  resetUserTwoFactor,
  updateUser,
  usernameAvailable,
} from './users.service';

const update = changesById(updateUserInputSchema);

/** Users (people who sign in, with their accounts): the caller's own, and the organisation's for its admins. */
export const usersOperations = operations('users', {
  me: operation({
    type: 'query',
    summary: 'The signed-in user with their accounts.',
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: userSchema,
    rest: [{ method: 'GET', path: '/users/me', input: 'none' }],
    handler: ({ deps, actor }) => me(deps, actor),
  }),
  list: operation({
    type: 'query',
    summary: "The organisation's users (admins).",
    access: { guard: 'authed', policy: 'admin' },
    input: userListQuerySchema,
    output: userListItemSchema,
    rest: [{ method: 'GET', path: '/users', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listUsers(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One user.',
    access: { guard: 'authed', policy: 'userRead', kind: 'user' },
    input: byIdSchema,
    output: userSchema,
    rest: [{ method: 'GET', path: '/users/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getUser(deps, actor, meta, input.id),
  }),
  create: operation({
    type: 'mutation',
    summary: 'A new user of the organisation with their first account (admins).',
    access: { guard: 'authed', policy: 'admin' },
    input: createUserInputSchema,
    output: userSchema,
    rest: [{ method: 'POST', path: '/users', input: 'body', status: 201, message: 'User created.' }],
    handler: ({ deps, actor, meta }, input) => createUser(deps, actor, meta, input),
  }),
  update: operation({
    type: 'mutation',
    summary: 'Change a user.',
    access: { guard: 'authed', policy: 'accountWrite', kind: 'user' },
    input: update.input,
    output: userSchema,
    rest: [{ method: 'PATCH', path: '/users/:id', input: update.rest, message: 'User saved.' }],
    handler: ({ deps, actor, meta }, input) => updateUser(deps, actor, meta, input.id, input.changes),
  }),
  delete: operation({
    type: 'mutation',
    summary: 'Deactivate a user (admins; never the last admin).',
    access: { guard: 'authed', policy: 'adminOfRecord', kind: 'user', destructive: true },
    input: byIdSchema,
    output: userSchema,
    rest: [{ method: 'DELETE', path: '/users/:id', input: 'params', message: 'User deactivated.' }],
    handler: ({ deps, actor, meta }, input) => deactivateUser(deps, actor, meta, input.id),
  }),
  twoFactor: operation({
    type: 'query',
    summary: "A user's two-factor sign-in: on or off (admins of the user's organisation).",
    access: { guard: 'authed', policy: 'adminOfRecord', kind: 'user' },
    input: byIdSchema,
    output: userTwoFactorSchema,
    rest: [{ method: 'GET', path: '/users/:id/two-factor', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getUserTwoFactor(deps, actor, meta, input.id),
  }),
  resetTwoFactor: operation({
    type: 'mutation',
    summary: 'Reset the two-factor sign-in of a user who lost their authenticator: they are signed out everywhere and enrol again.',
    access: { guard: 'authed', policy: 'adminOfRecord', kind: 'user', destructive: true },
    input: byIdSchema,
    output: userTwoFactorSchema,
    rest: [{ method: 'DELETE', path: '/users/:id/two-factor', input: 'params', message: 'Two-factor sign-in reset.' }],
    handler: ({ deps, actor, meta }, input) => resetUserTwoFactor(deps, actor, meta, input.id),
  }),
  usernameAvailable: operation({
    type: 'query',
    summary: 'Is this username free? (sign-up and invitation forms)',
    access: { guard: 'public', policy: 'public' },
    rateLimit: { bucket: 'username' },
    input: z.strictObject({ name: usernameSchema }),
    output: usernameAvailableResponseSchema,
    rest: [{ method: 'GET', path: '/users/username/:name/available', input: 'params' }],
    handler: ({ deps }, input) => usernameAvailable(deps, input.name),
  }),
});
