import { accountListQuerySchema, accountSchema, createAccountInputSchema, updateAccountInputSchema } from '@opencare/schemas/entities/account';
import { anyProfileSchema } from '@opencare/schemas/entities/profile';
import { byIdSchema, changesById } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { createAccount, deactivateAccount, getAccount, getAccountProfile, listAccounts, updateAccount } from './accounts.service';

const update = changesById(updateAccountInputSchema);

/** Accounts (a user's roles in the organisation) and their profiles (docs/access-control.md "Record level"). */
export const accountsOperations = operations('accounts', {
  list: operation({
    type: 'query',
    summary: "The organisation's accounts for an admin; anyone else's own.",
    access: { guard: 'authed', policy: 'anyUser', note: 'an admin gets the organisation, anyone else their own accounts' },
    input: accountListQuerySchema,
    output: accountSchema,
    rest: [{ method: 'GET', path: '/accounts', input: 'query', list: true }],
    handler: ({ deps, actor, meta }, input) => listAccounts(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One account.',
    access: { guard: 'authed', policy: 'accountRead', kind: 'account' },
    input: byIdSchema,
    output: accountSchema,
    rest: [{ method: 'GET', path: '/accounts/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getAccount(deps, actor, meta, input.id),
  }),
  profile: operation({
    type: 'query',
    summary: "One account's profile.",
    access: { guard: 'authed', policy: 'accountRead', kind: 'account' },
    input: byIdSchema,
    output: anyProfileSchema,
    rest: [{ method: 'GET', path: '/accounts/:id/profile', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getAccountProfile(deps, actor, meta, input.id),
  }),
  create: operation({
    type: 'mutation',
    summary: 'A new account for a user of the organisation (admins).',
    access: { guard: 'authed', policy: 'admin', kind: 'user' },
    input: createAccountInputSchema,
    output: accountSchema,
    rest: [{ method: 'POST', path: '/accounts', input: 'body', status: 201, message: 'Account created.' }],
    handler: ({ deps, actor, meta }, input) => createAccount(deps, actor, meta, input),
  }),
  update: operation({
    type: 'mutation',
    summary: 'Change an account.',
    access: { guard: 'authed', policy: 'accountWrite', kind: 'account' },
    input: update.input,
    output: accountSchema,
    rest: [{ method: 'PATCH', path: '/accounts/:id', input: update.rest, message: 'Account saved.' }],
    handler: ({ deps, actor, meta }, input) => updateAccount(deps, actor, meta, input.id, input.changes),
  }),
  delete: operation({
    type: 'mutation',
    summary: 'Deactivate an account (admins; never the last admin).',
    access: { guard: 'authed', policy: 'adminOfRecord', kind: 'account', destructive: true },
    input: byIdSchema,
    output: accountSchema,
    rest: [{ method: 'DELETE', path: '/accounts/:id', input: 'params', message: 'Account deactivated.' }],
    handler: ({ deps, actor, meta }, input) => deactivateAccount(deps, actor, meta, input.id),
  }),
});
