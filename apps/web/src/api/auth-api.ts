import { accountSchema, type Account } from '@opencare/schemas/entities/account';
import {
  twoFactorChallengeSchema,
  twoFactorSetupSchema,
  type TwoFactorChallenge,
  type TwoFactorSetup,
} from '@opencare/schemas/entities/two-factor';
import { userSchema, type User } from '@opencare/schemas/entities/user';
import { z } from 'zod';
import { sessionStore } from '../session/session-store';
import { ApiError, authedRequest, publicRequest, refreshSession } from './client';

export type LoginResult = { kind: 'signed-in'; user: User; token: string } | { kind: 'two-factor'; challenge: TwoFactorChallenge };

/**
 * Log in; the answer must be a user and carry a token, else the credentials count as invalid (spec §5).
 * Staff with two-factor sign-in get a challenge instead: no token until the second step.
 */
export async function login(username: string, password: string): Promise<LoginResult> {
  let result;
  try {
    result = await publicRequest('/auth/login', { method: 'POST', body: { username, password }, schema: userSchema.or(twoFactorChallengeSchema) });
  } catch (error) {
    if (error instanceof ApiError && error.key === 'invalidResponseData') throw ApiError.of('invalidCredentials');
    throw error;
  }
  if ('twoFactor' in result.data) return { kind: 'two-factor', challenge: result.data.twoFactor };
  if (!result.token) throw ApiError.of('invalidCredentials');
  return { kind: 'signed-in', user: result.data, token: result.token };
}

/** The second step: an authenticator or recovery code for the challenge. */
export async function answerTwoFactor(challengeToken: string, code: string): Promise<{ user: User; token: string }> {
  const result = await publicRequest('/auth/login/two-factor', { method: 'POST', body: { challengeToken, code }, schema: userSchema });
  if (!result.token) throw ApiError.of('invalidResponseData');
  return { user: result.data, token: result.token };
}

/** Enrolment the login demands: a new secret for the challenge. */
export async function startEnrolmentAtLogin(challengeToken: string): Promise<TwoFactorSetup> {
  return (await publicRequest('/auth/login/two-factor/setup', { method: 'POST', body: { challengeToken }, schema: twoFactorSetupSchema })).data;
}

const enrolledSchema = z.object({ user: userSchema, recoveryCodes: z.array(z.string()) });

/** Enrolment confirmed with a first code: the session, and the recovery codes to show once. */
export async function completeEnrolmentAtLogin(challengeToken: string, code: string): Promise<{ user: User; token: string; recoveryCodes: string[] }> {
  const result = await publicRequest('/auth/login/two-factor/enrol', { method: 'POST', body: { challengeToken, code }, schema: enrolledSchema });
  if (!result.token) throw ApiError.of('invalidResponseData');
  return { ...result.data, token: result.token };
}

/** End the session on the server; the caller ends it locally whatever the server answers. */
export async function logout(): Promise<void> {
  if (!sessionStore.accessToken.get()) return;
  await authedRequest<null>('/auth/logout', { method: 'POST' });
}

/** A new access token from the refresh cookie, for a tab that has none yet (spec §4). */
export async function resumeSession(): Promise<User> {
  const { data } = await refreshSession();
  const checked = userSchema.safeParse(data);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return checked.data;
}

/** The signed-in user with every account. */
export function getMe(): Promise<User> {
  return authedRequest('/users/me', { schema: userSchema });
}

/** Make one of one's accounts the default: the one acted as after the next login. */
export function makeDefaultAccount(accountId: string): Promise<Account> {
  return authedRequest(`/accounts/${encodeURIComponent(accountId)}`, {
    method: 'PATCH',
    body: { isDefault: true },
    schema: accountSchema,
  });
}
