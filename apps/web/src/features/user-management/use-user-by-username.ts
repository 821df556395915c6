import type { User, UserListItem } from '@opencare/schemas/entities/user';
import { useCallback } from 'react';
import { findUserByUsername, getUser } from './users-api';
import { useReloadable } from '../../components/data/use-reloadable';

/** The list's row (e-mail, status, roles) and the user's accounts: the user DTO carries neither status nor e-mail. */
export interface ManagedUser {
  summary: UserListItem;
  user: User;
}

/** A user of the organisation by username (the address has the username; the API wants the id). */
export function useUserByUsername(username: string) {
  const load = useCallback(async (): Promise<ManagedUser | null> => {
    const summary = await findUserByUsername(username);
    if (!summary) return null;
    return { summary, user: await getUser(summary.id) };
  }, [username]);
  return useReloadable(load);
}
