import {
  signupResponseSchema,
  signupVerifyResponseSchema,
  type SignupInput,
} from '@opencare/schemas/entities/auth';
import { usernameAvailableResponseSchema, userSchema, type User } from '@opencare/schemas/entities/user';
import { publicRequest } from '../../api/client';

/** Sign-up calls of spec §7; none needs a session. Answers are checked against the shared schemas. */

export interface SignupStarted {
  email: string;
  expiresAt: string;
}

export async function startSignup(input: SignupInput): Promise<SignupStarted> {
  const { data } = await publicRequest('/auth/signup', {
    method: 'POST',
    body: input,
    schema: signupResponseSchema,
  });
  return data;
}

export async function resendVerification(email: string): Promise<SignupStarted> {
  const { data } = await publicRequest('/auth/signup/resend-verification', {
    method: 'POST',
    body: { email },
    schema: signupResponseSchema,
  });
  return data;
}

export async function verifySignup(token: string): Promise<{ email: string; username: string }> {
  const { data } = await publicRequest('/auth/signup/verify', {
    method: 'POST',
    body: { token },
    schema: signupVerifyResponseSchema,
  });
  return data;
}

export async function completeSignup(token: string): Promise<User> {
  const { data } = await publicRequest('/auth/signup/complete', {
    method: 'POST',
    body: { token },
    schema: userSchema,
  });
  return data;
}

export async function usernameAvailable(username: string): Promise<boolean> {
  const { data } = await publicRequest(`/users/username/${encodeURIComponent(username)}/available`, {
    schema: usernameAvailableResponseSchema,
  });
  return data.available;
}
