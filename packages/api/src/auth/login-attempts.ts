import { LIMITS } from '@opencare/schemas/constants';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { findUserByLogin, type UserRow } from '../users/users.repository';

const addressKey = (ip: string) => `login-failed:${ip}`;
/**
 * Known users are counted by id (username and e-mail share one count); unknown names by the name
 * typed, so an unknown name locks exactly as a real one does and the lockout tells nothing.
 */
const accountKey = (user: UserRow | undefined, login: string) =>
  user ? `login-failed-account:${user.id}` : `login-failed-account:?${login.trim().toLowerCase()}`;

export interface LoginAttempt {
  user: UserRow | undefined;
  /** The sign-in succeeded: it was no failure, so both slots are given back. */
  succeeded(): Promise<void>;
}

/**
 * Reserve this attempt's slot, per address and per account, BEFORE the password is hashed: the
 * check and the count are one atomic step (see RateLimiter.consume), so a hundred parallel guesses
 * get at most the limit evaluated — not "everyone who peeked before the first failure was counted".
 * A refused attempt never reaches the password, so its answer and timing say nothing about it.
 */
export async function reserveLoginAttempt(deps: Deps, login: string, meta: RequestMeta): Promise<LoginAttempt> {
  const byAddress = addressKey(meta.ip);
  if (!(await deps.limiter.consume(byAddress, LIMITS.failedLoginsPerWindow, LIMITS.failedLoginWindowMs)).granted) {
    throw new AppError('rateLimited');
  }
  const user = await findUserByLogin(deps.db, login);
  const byAccount = accountKey(user, login);
  if (!(await deps.limiter.consume(byAccount, LIMITS.failedLoginsPerAccount, LIMITS.accountLockoutWindowMs)).granted) {
    throw new AppError('loginTemporarilyLocked');
  }
  return {
    user,
    async succeeded() {
      await Promise.all([deps.limiter.release(byAddress), deps.limiter.release(byAccount)]);
    },
  };
}

/** A password reset ends the account's lockout: the holder of the mailbox is the real user. */
export async function clearAccountLockout(deps: Deps, user: UserRow): Promise<void> {
  await deps.limiter.reset(accountKey(user, user.username));
}
