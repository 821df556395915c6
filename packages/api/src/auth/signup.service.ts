import { LIMITS, VERIFICATION_RESEND_INTERVAL_MS } from '@opencare/schemas/constants';
import type { SignupInput } from '@opencare/schemas/entities/auth';
import type { User } from '@opencare/schemas/entities/user';
import { ROLES } from '@opencare/schemas/roles';
import { assertRoleFitsAccountType } from '../access/access';
import { insertAccount } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { assertMailOn } from '../mail/mailer';
import { defaultOrganisationId } from '../organisations/organisations.repository';
import { loadUserDto } from '../users/user.dto';
import { findUserById, insertUser, usernameInUse, usernameOrEmailTaken } from '../users/users.repository';
import { assertPasswordPolicy, settingsOf } from '../settings/settings.service';
import { hashPassword, hashToken, newOpaqueToken } from './secrets';
import { findActiveSignupByEmail, findSignupByToken, insertSignup, updateSignup, type SignupRequestRow } from './signup.repository';

/** Self sign-up makes patient and caregiver accounts; provider, insurance and staff accounts come by invitation. */
const SELF_SIGNUP_TYPES = ['pat', 'car'] as const;
const ROLE_OF_TYPE = { pat: ROLES.Patient, car: ROLES.User } as const;

type SignupDetails = Omit<SignupInput, 'password' | 'passwordConfirmation' | 'emailAddressConfirmation' | 'phoneNumberConfirmation'>;

async function sendVerification(deps: Deps, email: string, token: string): Promise<void> {
  const link = `${deps.config.publicUrl}/signup/verify?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    // A person signing up joins the default organisation (completeSignup): its admins see the mail.
    organisationId: await defaultOrganisationId(deps.db),
    to: email,
    subject: 'Verify your e-mail to finish signing up',
    text: `Welcome. Open this link to verify your e-mail and finish signing up:\n\n${link}\n\nYour activation code is ${token}\n\nThe link works for 24 hours. If you did not sign up, ignore this e-mail.`,
    html: `<p>Welcome. Open this link to verify your e-mail and finish signing up:</p><p><a href="${link}">Verify my e-mail</a></p><p>Your activation code is <code>${token}</code></p><p>The link works for 24 hours. If you did not sign up, ignore this e-mail.</p>`,
  });
}

export async function signup(deps: Deps, input: SignupInput, meta: RequestMeta): Promise<{ email: string; expiresAt: string }> {
  if (!(SELF_SIGNUP_TYPES as readonly string[]).includes(input.accountType)) throw new AppError('accountTypeByInvitation');
  if (input.role) assertRoleFitsAccountType(input.accountType, input.role);
  // Invitations carry their own flow (/invitations/verify); a code typed here is not one we issued.
  if (input.invitationCode) throw new AppError('invalidInvitation');
  assertMailOn(deps);
  const now = new Date();
  if (await usernameOrEmailTaken(deps.db, input.username, input.emailAddress)) throw new AppError('usernameOrEmailTaken');
  if (await findActiveSignupByEmail(deps.db, input.emailAddress, now)) throw new AppError('signupRequestExists');
  if (await usernameInUse(deps.db, input.username, now)) throw new AppError('usernameNotAvailable');

  await assertPasswordPolicy(deps.db, undefined, input.password);
  const { password, passwordConfirmation: _p, emailAddressConfirmation: _e, phoneNumberConfirmation: _t, ...details } = input;
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + LIMITS.verificationTokenTtlMs);
  await insertSignup(deps.db, {
    email: input.emailAddress,
    username: input.username,
    passwordHash: await hashPassword(password),
    accountType: input.accountType,
    details,
    tokenHash: hashToken(token),
    expiresAt,
    lastSentAt: now,
  });
  await sendVerification(deps, input.emailAddress, token);
  await audit(deps.db, null, meta, { action: 'auth.signup', resourceType: 'signup', resourceId: null, outcome: 'allowed' });
  return { email: input.emailAddress, expiresAt: expiresAt.toISOString() };
}

async function requestOfToken(deps: Deps, token: string): Promise<SignupRequestRow> {
  const request = await findSignupByToken(deps.db, hashToken(token));
  if (!request) throw new AppError('invalidActivationCode');
  if (request.completedAt) throw new AppError('alreadyActivated');
  if (request.expiresAt.getTime() <= Date.now()) throw new AppError('tokenExpired');
  return request;
}

export async function verifySignup(deps: Deps, token: string): Promise<{ email: string; username: string }> {
  const request = await requestOfToken(deps, token);
  if (!request.verifiedAt) await updateSignup(deps.db, request.id, { verifiedAt: new Date() });
  return { email: request.email, username: request.username };
}

export async function resendVerification(deps: Deps, email: string): Promise<{ email: string; expiresAt: string }> {
  const now = new Date();
  const request = await findActiveSignupByEmail(deps.db, email, now);
  if (!request) throw new AppError('noActiveSignupRequest');
  assertMailOn(deps);
  if (now.getTime() - request.lastSentAt.getTime() < VERIFICATION_RESEND_INTERVAL_MS) throw new AppError('verificationRecentlySent');
  // A new token replaces the old one: only the newest e-mail's link works.
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + LIMITS.verificationTokenTtlMs);
  await updateSignup(deps.db, request.id, { tokenHash: hashToken(token), lastSentAt: now, expiresAt });
  await sendVerification(deps, request.email, token);
  return { email: request.email, expiresAt: expiresAt.toISOString() };
}

/** Turn a verified sign-up into a user with one default account, in one transaction. */
export async function completeSignup(deps: Deps, token: string, meta: RequestMeta): Promise<User> {
  const request = await requestOfToken(deps, token);
  if (!request.verifiedAt) throw new AppError('signupNotVerified');
  const d = request.details as SignupDetails;
  const accountType = request.accountType as (typeof SELF_SIGNUP_TYPES)[number];
  const userId = await deps.db
    .transaction(async (tx) => {
      if (await usernameOrEmailTaken(tx, request.username, request.email)) throw new AppError('usernameOrEmailTaken');
      const organisationId = await defaultOrganisationId(tx);
      // A patient who signed up themselves joins the patient list once staff approve them (the organisation's choice).
      const { approveSelfSignups } = await settingsOf(tx, organisationId, 'patientManagement');
      const status = accountType === 'pat' && approveSelfSignups ? ('pending' as const) : ('active' as const);
      const id = await insertUser(tx, {
        username: request.username,
        email: request.email,
        phone: d.phoneNumber,
        passwordHash: request.passwordHash,
        isVerified: true,
      });
      await insertAccount(
        tx,
        { userId: id, organisationId, accountType, isDefault: true, status },
        {
          firstName: d.firstName,
          middleName: d.middleName ?? null,
          lastName: d.lastName,
          dateOfBirth: d.dateOfBirth,
          gender: d.gender,
          preferredLanguage: d.preferredLanguage ?? 'en-US',
          email: request.email,
          phone: d.phoneNumber,
          address: d.address ?? null,
          country: d.country ?? null,
          maritalStatus: d.maritalStatus ?? null,
          emailNotifications: d.emailNotifications,
          textNotifications: d.textNotifications,
        },
        [ROLE_OF_TYPE[accountType]],
      );
      await updateSignup(tx, request.id, { completedAt: new Date() });
      return id;
    })
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      // A unique index caught a user created between our check and the insert.
      if (String((error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code) === '23505') {
        throw new AppError('usernameOrEmailTaken');
      }
      throw error;
    });
  await audit(deps.db, null, meta, { action: 'auth.signup.complete', resourceType: 'user', resourceId: userId, outcome: 'allowed' });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('userCreationFailed');
  return loadUserDto(deps.db, user);
}
