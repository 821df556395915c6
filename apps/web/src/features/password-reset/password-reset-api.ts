import type { PasswordResetConfirmInput } from '@opencare/schemas/entities/auth';
import { publicRequest } from '../../api/client';

/** "Forgot password?": the answer is the same whether or not the name matches an account. */
export async function requestPasswordReset(login: string): Promise<void> {
  await publicRequest<null>('/auth/password-reset/request', { method: 'POST', body: { login } });
}

/** Set the new password with the link's token; the server signs every session out. */
export async function confirmPasswordReset(body: PasswordResetConfirmInput): Promise<void> {
  await publicRequest<null>('/auth/password-reset/confirm', { method: 'POST', body });
}
