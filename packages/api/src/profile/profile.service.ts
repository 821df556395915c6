import type { UpdateProfileInput, UserProfileResponse } from '@opencare/schemas/entities/user';
import { authorize } from '../access/access';
import type { Actor } from '../access/actor';
import { toProfileDto } from '../accounts/account.dto';
import { findAccount, updateProfileRow } from '../accounts/accounts.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { findUserById, updateUserRow } from '../users/users.repository';

/** The user-profile response of spec §3 for the account the caller acts as. */
export async function getMyProfile(deps: Deps, actor: Actor, meta: RequestMeta): Promise<UserProfileResponse> {
  const [user, account] = await Promise.all([findUserById(deps.db, actor.userId), findAccount(deps.db, actor.accountId)]);
  if (!user || !account) throw new AppError('notFound');
  await authorize(deps, actor, meta, { action: 'profile.read', resourceType: 'account', resourceId: actor.accountId, allowed: true });
  return {
    userId: user.id,
    accountId: account.account.id,
    user: {
      email: user.email,
      phone: user.phone,
      username: user.username,
      isVerified: user.isVerified,
      isLocked: user.isLocked,
      profile: toProfileDto(account),
    },
  };
}

export async function updateMyProfile(deps: Deps, actor: Actor, meta: RequestMeta, input: UpdateProfileInput): Promise<UserProfileResponse> {
  await authorize(deps, actor, meta, { action: 'profile.update', resourceType: 'account', resourceId: actor.accountId, allowed: true });
  const { phone, ...profile } = input;
  await updateProfileRow(deps.db, actor.accountId, { ...profile, ...(phone !== undefined ? { phone } : {}) });
  if (phone !== undefined) await updateUserRow(deps.db, actor.userId, { phone });
  return getMyProfile(deps, actor, meta);
}
