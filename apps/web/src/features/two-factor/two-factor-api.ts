import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@opencare/schemas/entities/two-factor';
import { authedRequest } from '../../api/client';

/** Two-factor sign-in of the signed-in user (Settings → Account → Security). */

export function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return authedRequest('/auth/two-factor', { schema: twoFactorStatusSchema });
}

export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return authedRequest('/auth/two-factor/setup', { method: 'POST', schema: twoFactorSetupSchema });
}

export async function confirmTwoFactorSetup(code: string): Promise<string[]> {
  return (await authedRequest('/auth/two-factor/confirm', { method: 'POST', body: { code }, schema: recoveryCodesSchema })).recoveryCodes;
}

export function disableTwoFactor(password: string, code: string): Promise<TwoFactorStatus> {
  return authedRequest('/auth/two-factor/disable', { method: 'POST', body: { password, code }, schema: twoFactorStatusSchema });
}

export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  return (await authedRequest('/auth/two-factor/recovery-codes', { method: 'POST', body: { code }, schema: recoveryCodesSchema })).recoveryCodes;
}
