import { LIMITS } from '@opencare/schemas/constants';
import type { PasswordResetConfirmInput } from '@opencare/schemas/entities/auth';
import { findAccountsOfUser } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { assertMailOn } from '../mail/mailer';
import { organisationOfUser } from '../settings/settings.repository';
import { assertPasswordPolicy } from '../settings/settings.service';
import { findUserById, findUserByLogin, updateUserRow } from '../users/users.repository';
import { clearAccountLockout } from './login-attempts';
import {
  deleteUnusedPasswordResetTokens,
  findPasswordResetToken,
  insertPasswordResetToken,
  usePasswordResetToken,
} from './password-reset.repository';
import { hashPassword, hashToken, newOpaqueToken } from './secrets';
import { revokeSessionsOfUser } from './sessions.repository';

async function sendResetMail(deps: Deps, user: { id: string; email: string }, token: string): Promise<void> {
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const minutes = LIMITS.passwordResetTokenTtlMs / 60_000;
  await deps.mailer.send({
    to: user.email,
    organisationId: (await organisationOfUser(deps.db, user.id)) ?? null,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account. Open this link to choose a new one:\n\n${link}\n\nThe link works once, for ${minutes} minutes. Resetting signs you out on every device. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your account. Open this link to choose a new one:</p><p><a href="${link}">Reset my password</a></p><p>The link works once, for ${minutes} minutes. Resetting signs you out on every device. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
  });
}

/**
 * "Forgot password?". The answer is the same whether or not the username or e-mail names an
 * account, and whether or not a mail went out: only the mailbox learns. Limited per address (a 429,
 * the same for every name) and per account (silently: a 429 there would say the account exists),
 * so nobody floods a mailbox. A new link replaces the unused ones before it.
 */
export async function requestPasswordReset(deps: Deps, login: string, meta: RequestMeta): Promise<void> {
  // A reset link is only ever delivered by mail: with mail disabled, everyone is told so alike.
  assertMailOn(deps);
  const byAddress = await deps.limiter.consume(`password-reset-request:${meta.ip}`, LIMITS.passwordResetsPerAddress, LIMITS.passwordResetWindowMs);
  if (!byAddress.granted) throw new AppError('rateLimited');
  const user = await findUserByLogin(deps.db, login);
  const accountKey = `password-reset-account:${user ? user.id : `?${login.trim().toLowerCase()}`}`;
  const byAccount = await deps.limiter.consume(accountKey, LIMITS.passwordResetsPerAccount, LIMITS.passwordResetWindowMs);
  if (!user || user.status !== 'active' || !byAccount.granted) {
    await audit(deps.db, null, meta, { action: 'auth.password.reset.request', resourceType: 'user', resourceId: user?.id ?? null, outcome: 'denied' });
    return;
  }
  const token = newOpaqueToken();
  await deleteUnusedPasswordResetTokens(deps.db, user.id);
  await insertPasswordResetToken(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LIMITS.passwordResetTokenTtlMs),
  });
  await sendResetMail(deps, user, token);
  await audit(deps.db, null, meta, { action: 'auth.password.reset.request', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
}

/**
 * Set a new password with a reset link. The link works once (marked used in the same transaction
 * that changes the password, so two racing confirmations cannot both win) and for 30 minutes. Every
 * session of the user ends, their sockets told, and the account's sign-in lockout is lifted: whoever
 * holds the mailbox is the account's owner.
 */
export async function confirmPasswordReset(deps: Deps, input: PasswordResetConfirmInput, meta: RequestMeta): Promise<void> {
  const stored = await findPasswordResetToken(deps.db, hashToken(input.token));
  if (!stored || stored.usedAt) {
    await audit(deps.db, null, meta, { action: 'auth.password.reset', resourceType: 'user', resourceId: stored?.userId ?? null, outcome: 'denied' });
    throw new AppError('passwordResetInvalid');
  }
  if (stored.expiresAt.getTime() <= Date.now()) {
    await audit(deps.db, null, meta, { action: 'auth.password.reset', resourceType: 'user', resourceId: stored.userId, outcome: 'denied' });
    throw new AppError('passwordResetExpired');
  }
  const user = await findUserById(deps.db, stored.userId);
  if (!user || user.status !== 'active') throw new AppError('passwordResetInvalid');
  const main = (await findAccountsOfUser(deps.db, user.id)).find((a) => a.account.isDefault);
  // Before the token is spent: a password the policy refuses leaves the link usable.
  await assertPasswordPolicy(deps.db, main?.account.organisationId, input.password);
  const passwordHash = await hashPassword(input.password);

  const ended = await deps.db.transaction(async (tx) => {
    if (!(await usePasswordResetToken(tx, stored.id, new Date()))) throw new AppError('passwordResetInvalid');
    await updateUserRow(tx, user.id, { passwordHash });
    return revokeSessionsOfUser(tx, user.id, 'password reset');
  });
  deps.live.sessionsEnded(ended, 'passwordChanged');
  await clearAccountLockout(deps, user);
  await audit(deps.db, null, meta, { action: 'auth.password.reset', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
}
