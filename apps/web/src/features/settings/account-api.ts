import {
  userProfileResponseSchema,
  type UpdateProfileInput,
  type UserProfileResponse,
} from '@opencare/schemas/entities/user';
import { sessionSummarySchema, type SessionSummary } from '@opencare/schemas/entities/auth';
import { z } from 'zod';
import { authedRequest } from '../../api/client';

/** Account calls of the settings screens; all need the session. */

export function fetchProfile(): Promise<UserProfileResponse> {
  return authedRequest('/profile', { schema: userProfileResponseSchema });
}

export function saveProfile(patch: UpdateProfileInput): Promise<UserProfileResponse> {
  return authedRequest('/profile', { method: 'PATCH', body: patch, schema: userProfileResponseSchema });
}

export interface ChangePasswordBody {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await authedRequest<null>('/auth/change-password', { method: 'POST', body });
}

/** One signed-in session of this user, as GET /auth/sessions lists them. */
export type SessionItem = SessionSummary;

export function fetchSessions(): Promise<SessionItem[]> {
  return authedRequest('/auth/sessions', { schema: z.array(sessionSummarySchema) });
}

export async function endSession(id: string): Promise<void> {
  await authedRequest<null>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function logoutEverywhere(): Promise<void> {
  await authedRequest<unknown>('/auth/logout-everywhere', { method: 'POST' });
}
