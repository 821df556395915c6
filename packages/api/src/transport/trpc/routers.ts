import {
  accountListQuerySchema,
  createAccountInputSchema,
  updateAccountInputSchema,
} from '@opencare/schemas/entities/account';
import {
  changePasswordInputSchema,
  loginInputSchema,
  passwordResetConfirmInputSchema,
  passwordResetRequestInputSchema,
  resendVerificationInputSchema,
  signupInputSchema,
  tokenInputSchema,
} from '@opencare/schemas/entities/auth';
import {
  completeInvitationInputSchema,
  createInvitationInputSchema,
  invitationListQuerySchema,
  updateInvitationInputSchema,
} from '@opencare/schemas/entities/care';
import {
  deviceProfileInputSchema,
  deviceProfileListQuerySchema,
  updateDeviceProfileInputSchema,
  updateVendorInputSchema,
  vendorInputSchema,
  vendorListQuerySchema,
} from '@opencare/schemas/entities/devices';
import { errorLogEntrySchema } from '@opencare/schemas/entities/error-log';
import {
  createUserInputSchema,
  emailCheckInputSchema,
  updateProfileInputSchema,
  updateUserInputSchema,
  userListQuerySchema,
} from '@opencare/schemas/entities/user';
import { lookupTypeSchema } from '@opencare/schemas/lookups';
import { companyIdentifierSchema, ouiSchema, usernameSchema, uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import {
  createAccount,
  deactivateAccount,
  getAccount,
  getAccountProfile,
  listAccounts,
  updateAccount,
} from '../../accounts/accounts.service';
import {
  changePassword,
  endSession,
  listSessions,
  login,
  logout,
  logoutEverywhere,
  me,
  refresh,
  resolveActor,
  type SignedIn,
} from '../../auth/auth.service';
import { confirmPasswordReset, requestPasswordReset } from '../../auth/password-reset.service';
import { completeSignup, resendVerification, signup, verifySignup } from '../../auth/signup.service';
import {
  beginEnrolmentAtLogin,
  beginTwoFactorSetup,
  completeEnrolmentAtLogin,
  completeTwoFactorLogin,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from '../../auth/two-factor.service';
import {
  twoFactorChallengeInputSchema,
  twoFactorConfirmInputSchema,
  twoFactorDisableInputSchema,
  twoFactorLoginInputSchema,
} from '@opencare/schemas/entities/two-factor';
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
} from '../../invitations/invitations.service';
import {
  completeDeviceProfile,
  createDeviceProfile,
  deleteDeviceProfile,
  duplicateDeviceProfile,
  getDeviceProfile,
  listDeviceProfiles,
  listDeviceProfileVersions,
  updateDeviceProfile,
} from '../../device-profiles/device-profiles.service';
import { recordClientError } from '../../logs/logs.service';
import { AppError } from '../../errors/app-error';
import {
  addIdentifier,
  createVendor,
  deleteVendor,
  getVendor,
  listVendors,
  removeIdentifier,
  updateVendor,
} from '../../vendors/vendors.service';
import { getLookup, listLookups } from '../../lookups/lookups.service';
import { getMyProfile, updateMyProfile } from '../../profile/profile.service';
import {
  createUser,
  deactivateUser,
  getUser,
  listUsers,
  updateUser,
  usernameAvailable,
  checkEmail,
} from '../../users/users.service';
import { authedProcedure, publicProcedure, router, type TrpcContext } from './trpc';

const byId = z.strictObject({ id: uuidSchema });

/**
 * The per-address limits REST puts on its public endpoints, on the same counters, so the tRPC twin
 * of an endpoint is no way around them (issue 8, abuse).
 */
const limitedProcedure = (name: 'signup' | 'username' | 'invitation' | 'logs' | 'password-reset' | 'twoFactor') =>
  publicProcedure.use(async ({ ctx, next }) => {
    const { count } = await ctx.deps.limiter.hit(`${name}:${ctx.meta.ip}`, 60_000);
    if (count > ctx.deps.config.publicRateLimitPerMinute) throw new AppError('rateLimited');
    return next();
  });

/** Over tRPC the access token comes back in the body; the refresh token still only in its cookie. */
function signedIn(ctx: TrpcContext, result: SignedIn) {
  ctx.cookies.setRefresh(result.refreshToken, result.refreshExpiresAt);
  return { user: result.user, accessToken: result.accessToken };
}

export const authRouter = router({
  login: publicProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    const result = await login(ctx.deps, input, ctx.meta);
    return 'twoFactor' in result ? result : signedIn(ctx, result);
  }),
  twoFactorLogin: limitedProcedure('twoFactor')
    .input(twoFactorLoginInputSchema)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await completeTwoFactorLogin(ctx.deps, input, ctx.meta))),
  twoFactorLoginSetup: limitedProcedure('twoFactor')
    .input(twoFactorChallengeInputSchema)
    .mutation(({ ctx, input }) => beginEnrolmentAtLogin(ctx.deps, input.challengeToken, ctx.meta)),
  twoFactorLoginEnrol: limitedProcedure('twoFactor')
    .input(twoFactorLoginInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await completeEnrolmentAtLogin(ctx.deps, input, ctx.meta);
      return { ...signedIn(ctx, result), recoveryCodes: result.recoveryCodes };
    }),
  twoFactorStatus: authedProcedure.query(({ ctx }) => twoFactorStatus(ctx.deps, ctx.actor)),
  twoFactorSetup: authedProcedure.mutation(({ ctx }) => beginTwoFactorSetup(ctx.deps, ctx.actor, ctx.meta)),
  twoFactorConfirm: authedProcedure
    .input(twoFactorConfirmInputSchema)
    .mutation(({ ctx, input }) => confirmTwoFactorSetup(ctx.deps, ctx.actor, ctx.meta, input.code)),
  twoFactorDisable: authedProcedure
    .input(twoFactorDisableInputSchema)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.deps, ctx.actor, ctx.meta, input)),
  twoFactorRecoveryCodes: authedProcedure
    .input(twoFactorConfirmInputSchema)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.deps, ctx.actor, ctx.meta, input.code)),
  refresh: publicProcedure.mutation(async ({ ctx }) => {
    try {
      return signedIn(ctx, await refresh(ctx.deps, ctx.cookies.refreshToken(), ctx.meta));
    } catch (error) {
      ctx.cookies.clearRefresh();
      throw error;
    }
  }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.actor, ctx.meta);
    ctx.cookies.clearRefresh();
    return null;
  }),
  logoutEverywhere: authedProcedure.mutation(async ({ ctx }) => {
    const ended = await logoutEverywhere(ctx.deps, ctx.actor, ctx.meta);
    ctx.cookies.clearRefresh();
    return { ended };
  }),
  sessions: authedProcedure.query(({ ctx }) => listSessions(ctx.deps, ctx.actor)),
  endSession: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => endSession(ctx.deps, ctx.actor, ctx.meta, input.id).then(() => null)),
  changePassword: authedProcedure
    .input(changePasswordInputSchema)
    .mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.actor, ctx.meta, input).then(() => null)),
  signup: limitedProcedure('signup')
    .input(signupInputSchema)
    .mutation(({ ctx, input }) => signup(ctx.deps, input, ctx.meta)),
  verifySignup: limitedProcedure('signup')
    .input(tokenInputSchema)
    .mutation(({ ctx, input }) => verifySignup(ctx.deps, input.token)),
  resendVerification: limitedProcedure('signup')
    .input(resendVerificationInputSchema)
    .mutation(({ ctx, input }) => resendVerification(ctx.deps, input.email)),
  completeSignup: limitedProcedure('signup')
    .input(tokenInputSchema)
    .mutation(({ ctx, input }) => completeSignup(ctx.deps, input.token, ctx.meta)),
  emailCheck: limitedProcedure('signup')
    .input(emailCheckInputSchema)
    .query(async ({ ctx, input }) => {
      // As REST: a token that is no live session gets the stranger's answer.
      const actor = ctx.token ? await resolveActor(ctx.deps, ctx.token, ctx.accountId).catch(() => undefined) : undefined;
      return checkEmail(ctx.deps, input.email, { actor, invitationToken: input.invitationToken });
    }),
  requestPasswordReset: limitedProcedure('password-reset')
    .input(passwordResetRequestInputSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input.login, ctx.meta).then(() => null)),
  confirmPasswordReset: limitedProcedure('password-reset')
    .input(passwordResetConfirmInputSchema)
    .mutation(({ ctx, input }) => confirmPasswordReset(ctx.deps, input, ctx.meta).then(() => null)),
});

export const profileRouter = router({
  get: authedProcedure.query(({ ctx }) => getMyProfile(ctx.deps, ctx.actor, ctx.meta)),
  update: authedProcedure
    .input(updateProfileInputSchema)
    .mutation(({ ctx, input }) => updateMyProfile(ctx.deps, ctx.actor, ctx.meta, input)),
});

export const accountsRouter = router({
  list: authedProcedure
    .input(accountListQuerySchema)
    .query(({ ctx, input }) => listAccounts(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getAccount(ctx.deps, ctx.actor, ctx.meta, input.id)),
  profile: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getAccountProfile(ctx.deps, ctx.actor, ctx.meta, input.id)),
  create: authedProcedure
    .input(createAccountInputSchema)
    .mutation(({ ctx, input }) => createAccount(ctx.deps, ctx.actor, ctx.meta, input)),
  update: authedProcedure
    .input(z.strictObject({ id: uuidSchema, changes: updateAccountInputSchema }))
    .mutation(({ ctx, input }) => updateAccount(ctx.deps, ctx.actor, ctx.meta, input.id, input.changes)),
  delete: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deactivateAccount(ctx.deps, ctx.actor, ctx.meta, input.id)),
});

export const usersRouter = router({
  me: authedProcedure.query(({ ctx }) => me(ctx.deps, ctx.actor)),
  list: authedProcedure
    .input(userListQuerySchema)
    .query(({ ctx, input }) => listUsers(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getUser(ctx.deps, ctx.actor, ctx.meta, input.id)),
  create: authedProcedure
    .input(createUserInputSchema)
    .mutation(({ ctx, input }) => createUser(ctx.deps, ctx.actor, ctx.meta, input)),
  update: authedProcedure
    .input(z.strictObject({ id: uuidSchema, changes: updateUserInputSchema }))
    .mutation(({ ctx, input }) => updateUser(ctx.deps, ctx.actor, ctx.meta, input.id, input.changes)),
  delete: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deactivateUser(ctx.deps, ctx.actor, ctx.meta, input.id)),
  usernameAvailable: limitedProcedure('username')
    .input(z.strictObject({ name: usernameSchema }))
    .query(({ ctx, input }) => usernameAvailable(ctx.deps, input.name)),
});

export const invitationsRouter = router({
  list: authedProcedure
    .input(invitationListQuerySchema)
    .query(({ ctx, input }) => listInvitations(ctx.deps, ctx.actor, ctx.meta, input)),
  create: authedProcedure
    .input(createInvitationInputSchema)
    .mutation(({ ctx, input }) => createInvitation(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getInvitation(ctx.deps, ctx.actor, ctx.meta, input.id)),
  update: authedProcedure
    .input(z.strictObject({ id: uuidSchema, changes: updateInvitationInputSchema }))
    .mutation(({ ctx, input }) => updateInvitation(ctx.deps, ctx.actor, ctx.meta, input.id, input.changes)),
  delete: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deleteInvitation(ctx.deps, ctx.actor, ctx.meta, input.id).then(() => null)),
  resend: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => resendInvitation(ctx.deps, ctx.actor, ctx.meta, input.id)),
  revoke: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.deps, ctx.actor, ctx.meta, input.id)),
  verify: limitedProcedure('invitation')
    .input(tokenInputSchema)
    .mutation(({ ctx, input }) => verifyInvitation(ctx.deps, input.token)),
  complete: limitedProcedure('invitation')
    .input(completeInvitationInputSchema)
    .mutation(({ ctx, input }) => completeInvitation(ctx.deps, input, ctx.meta)),
});

const byVendorIdentifier = <T extends z.ZodType>(value: T) => z.strictObject({ id: uuidSchema, value });

export const vendorsRouter = router({
  list: authedProcedure
    .input(vendorListQuerySchema)
    .query(({ ctx, input }) => listVendors(ctx.deps, ctx.actor, input)),
  create: authedProcedure
    .input(vendorInputSchema)
    .mutation(({ ctx, input }) => createVendor(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getVendor(ctx.deps, ctx.actor, ctx.meta, input.id)),
  update: authedProcedure
    .input(z.strictObject({ id: uuidSchema, changes: updateVendorInputSchema }))
    .mutation(({ ctx, input }) => updateVendor(ctx.deps, ctx.actor, ctx.meta, input.id, input.changes)),
  delete: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deleteVendor(ctx.deps, ctx.actor, ctx.meta, input.id).then(() => null)),
  addOui: authedProcedure
    .input(byVendorIdentifier(ouiSchema))
    .mutation(({ ctx, input }) => addIdentifier(ctx.deps, ctx.actor, ctx.meta, input.id, 'oui', input.value)),
  removeOui: authedProcedure
    .input(byVendorIdentifier(ouiSchema))
    .mutation(({ ctx, input }) =>
      removeIdentifier(ctx.deps, ctx.actor, ctx.meta, input.id, 'oui', input.value),
    ),
  addCompanyIdentifier: authedProcedure
    .input(byVendorIdentifier(companyIdentifierSchema))
    .mutation(({ ctx, input }) =>
      addIdentifier(ctx.deps, ctx.actor, ctx.meta, input.id, 'company', input.value),
    ),
  removeCompanyIdentifier: authedProcedure
    .input(byVendorIdentifier(companyIdentifierSchema))
    .mutation(({ ctx, input }) =>
      removeIdentifier(ctx.deps, ctx.actor, ctx.meta, input.id, 'company', input.value),
    ),
});

export const deviceProfilesRouter = router({
  list: authedProcedure
    .input(deviceProfileListQuerySchema)
    .query(({ ctx, input }) => listDeviceProfiles(ctx.deps, ctx.actor, input)),
  create: authedProcedure
    .input(deviceProfileInputSchema)
    .mutation(({ ctx, input }) => createDeviceProfile(ctx.deps, ctx.actor, ctx.meta, input)),
  get: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getDeviceProfile(ctx.deps, ctx.actor, ctx.meta, input.id)),
  update: authedProcedure
    .input(z.strictObject({ id: uuidSchema, changes: updateDeviceProfileInputSchema }))
    .mutation(({ ctx, input }) =>
      updateDeviceProfile(ctx.deps, ctx.actor, ctx.meta, input.id, input.changes),
    ),
  complete: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => completeDeviceProfile(ctx.deps, ctx.actor, ctx.meta, input.id)),
  duplicate: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => duplicateDeviceProfile(ctx.deps, ctx.actor, ctx.meta, input.id)),
  versions: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => listDeviceProfileVersions(ctx.deps, ctx.actor, ctx.meta, input.id)),
  delete: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) =>
      deleteDeviceProfile(ctx.deps, ctx.actor, ctx.meta, input.id).then(() => null),
    ),
});

export const lookupsRouter = router({
  list: authedProcedure.query(() => listLookups()),
  get: authedProcedure
    .input(z.strictObject({ type: lookupTypeSchema }))
    .query(({ input }) => getLookup(input.type)),
});

export const logsRouter = router({
  create: limitedProcedure('logs')
    .input(errorLogEntrySchema)
    .mutation(({ ctx, input }) => recordClientError(ctx.deps, null, input)),
});
