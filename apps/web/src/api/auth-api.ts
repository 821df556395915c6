import type { User, UserProfileResponse } from '@opencare/schemas/entities/user';
import { accessToken } from '../session/token-store';
import { ApiError, authedRequest, publicRequest } from './client';

/** Log in; the token is kept only when the answer is a user and carries one (spec §5). */
export async function login(username: string, password: string): Promise<User> {
  const { data, token } = await publicRequest<User>('/auth/login', {
    method: 'POST',
    body: { username, password },
  });
  if (!token || !Array.isArray(data.accounts)) {
    throw new ApiError(401, 'invalidCredentials', 'Invalid username or password.');
  }
  accessToken.set(token);
  return data;
}

/** End the session on the server too; the local session ends whatever the server answers. */
export async function logout(): Promise<void> {
  try {
    await authedRequest<null>('/auth/logout', { method: 'POST' });
  } finally {
    accessToken.clear();
  }
}

export function getProfile(): Promise<UserProfileResponse> {
  return authedRequest<UserProfileResponse>('/profile');
}

export function getUser(userId: string): Promise<User> {
  return authedRequest<User>(`/users/${encodeURIComponent(userId)}`);
}
