import {
  recoveryCodesSchema,
  twoFactorChallengeInputSchema,
  twoFactorConfirmInputSchema,
  twoFactorDisableInputSchema,
  twoFactorLoginInputSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@opencare/schemas/entities/two-factor';
import { userSchema } from '@opencare/schemas/entities/user';
import { z } from 'zod';
import { operation } from '../operations/operation';
import { signedIn } from './signed-in';
import {
  beginEnrolmentAtLogin,
  beginTwoFactorSetup,
  completeEnrolmentAtLogin,
  completeTwoFactorLogin,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from './two-factor.service';

const twoFactorLimit = { bucket: 'twoFactor' };
const SCAN = 'Scan the code with your authenticator app.';
const ON = 'Two-factor sign-in is on. Keep your recovery codes safe.';
const CHALLENGE_ONLY = 'public, but only with a live challenge token from a correct password, which the matrix does not hold: 401 for everyone';
const ENROLMENT_ONLY = 'public, but only with a live enrolment challenge: 401 for everyone';

/**
 * Two-factor sign-in (docs/decisions.md "Two-factor sign-in"): the second step of a login, and the
 * staff's own enrolment. Spread into the auth feature's operations (auth.operations.ts).
 */
export const twoFactorOperations = {
  // REST sets the refresh cookie and answers the access token in `x-access-token` (auth.routes.ts).
  twoFactorLogin: operation({
    type: 'mutation',
    summary: 'The second step of a login: a code from the authenticator app, or a recovery code.',
    access: { guard: 'public', policy: 'nobody', note: CHALLENGE_ONLY },
    rateLimit: twoFactorLimit,
    input: twoFactorLoginInputSchema,
    output: userSchema,
    rest: [{ method: 'POST', path: '/auth/login/two-factor', input: 'body', message: 'Logged in.', custom: true }],
    handler: async ({ deps, meta, cookies }, input) => signedIn(cookies, await completeTwoFactorLogin(deps, input, meta)),
  }),
  twoFactorLoginSetup: operation({
    type: 'mutation',
    summary: 'A new secret for staff who must enrol at login.',
    access: { guard: 'public', policy: 'nobody', note: ENROLMENT_ONLY },
    rateLimit: twoFactorLimit,
    input: twoFactorChallengeInputSchema,
    output: twoFactorSetupSchema,
    rest: [{ method: 'POST', path: '/auth/login/two-factor/setup', input: 'body', message: SCAN }],
    handler: ({ deps, meta }, input) => beginEnrolmentAtLogin(deps, input.challengeToken, meta),
  }),
  // REST sets the refresh cookie and answers the access token in `x-access-token` (auth.routes.ts).
  twoFactorLoginEnrol: operation({
    type: 'mutation',
    summary: 'Enrolment at login confirmed with a first code: signed in, with the recovery codes.',
    access: { guard: 'public', policy: 'nobody', note: ENROLMENT_ONLY },
    rateLimit: twoFactorLimit,
    input: twoFactorLoginInputSchema,
    output: z.object({ user: userSchema, recoveryCodes: z.array(z.string()) }),
    rest: [{ method: 'POST', path: '/auth/login/two-factor/enrol', input: 'body', message: ON, custom: true }],
    handler: async ({ deps, meta, cookies }, input) => {
      const result = await completeEnrolmentAtLogin(deps, input, meta);
      return { ...signedIn(cookies, result), recoveryCodes: result.recoveryCodes };
    },
  }),
  twoFactorStatus: operation({
    type: 'query',
    summary: "The caller's two-factor sign-in: on or off, required or not.",
    access: { guard: 'authed', policy: 'anyUser' },
    input: undefined,
    output: twoFactorStatusSchema,
    rest: [{ method: 'GET', path: '/auth/two-factor', input: 'none' }],
    handler: ({ deps, actor }) => twoFactorStatus(deps, actor),
  }),
  twoFactorSetup: operation({
    type: 'mutation',
    summary: 'A new secret to enrol (staff).',
    access: { guard: 'authed', policy: 'staff', note: 'patients and caregivers: 403 twoFactorStaffOnly' },
    input: undefined,
    output: twoFactorSetupSchema,
    rest: [{ method: 'POST', path: '/auth/two-factor/setup', input: 'none', message: SCAN }],
    handler: ({ deps, actor, meta }) => beginTwoFactorSetup(deps, actor, meta),
  }),
  twoFactorConfirm: operation({
    type: 'mutation',
    summary: 'Enrolment confirmed with a first code: the recovery codes.',
    access: { guard: 'authed', policy: 'staff' },
    input: twoFactorConfirmInputSchema,
    output: recoveryCodesSchema,
    rest: [{ method: 'POST', path: '/auth/two-factor/confirm', input: 'body', message: ON }],
    handler: ({ deps, actor, meta }, input) => confirmTwoFactorSetup(deps, actor, meta, input.code),
  }),
  twoFactorDisable: operation({
    type: 'mutation',
    summary: 'Two-factor sign-in off (where it is not required).',
    access: { guard: 'authed', policy: 'staff' },
    input: twoFactorDisableInputSchema,
    output: twoFactorStatusSchema,
    rest: [{ method: 'POST', path: '/auth/two-factor/disable', input: 'body', message: 'Two-factor sign-in is off.' }],
    handler: ({ deps, actor, meta }, input) => disableTwoFactor(deps, actor, meta, input),
  }),
  twoFactorRecoveryCodes: operation({
    type: 'mutation',
    summary: 'New recovery codes (the old ones stop working).',
    access: { guard: 'authed', policy: 'staff' },
    input: twoFactorConfirmInputSchema,
    output: recoveryCodesSchema,
    rest: [{ method: 'POST', path: '/auth/two-factor/recovery-codes', input: 'body', message: 'New recovery codes. The old ones no longer work.' }],
    handler: ({ deps, actor, meta }, input) => regenerateRecoveryCodes(deps, actor, meta, input.code),
  }),
};
