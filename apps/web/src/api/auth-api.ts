import { accountSchema, type Account } from '@opencare/schemas/entities/account';
import { userSchema, type User } from '@opencare/schemas/entities/user';
import { sessionStore } from '../session/session-store';
import { ApiError, authedRequest, publicRequest, refreshSession } from './client';

/** Log in; the answer must be a user and carry a token, else the credentials count as invalid (spec §5). */
export async function login(username: string, password: string): Promise<{ user: User; token: string }> {
  let result;
  try {
    result = await publicRequest('/auth/login', { method: 'POST', body: { username, password }, schema: userSchema });
  } catch (error) {
    if (error instanceof ApiError && error.key === 'invalidResponseData') throw ApiError.of('invalidCredentials');
    throw error;
  }
  if (!result.token) throw ApiError.of('invalidCredentials');
  return { user: result.data, token: result.token };
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
