import type { Invitation } from '@opencare/schemas/entities/care';
import type { User, UserListItem } from '@opencare/schemas/entities/user';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';

export const USERS_PAGE_SIZE = 20;

/** The list's row (e-mail, status, roles) and the user's accounts: the user DTO carries neither status nor e-mail. */
export interface ManagedUser {
  summary: UserListItem;
  user: User;
}

/** What QueryView reads of a read. */
export interface Read<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A user of the organisation by username (the address has the username; the API wants the id): the
 * list searched (usernames are unique, so the exact match), then the user. Null when there is none.
 */
export function useUserByUsername(username: string): Read<ManagedUser | null> {
  const found = trpc.users.list.useQuery({ search: username, pageSize: 100 });
  const summary = found.data?.items.find((u) => u.username.toLowerCase() === username.toLowerCase());
  const user = trpc.users.get.useQuery({ id: summary?.id ?? '' }, { enabled: summary !== undefined });
  if (found.data === undefined)
    return { status: found.status, data: undefined, error: found.error, refetch: found.refetch };
  if (summary === undefined) return { status: 'success', data: null, error: null, refetch: found.refetch };
  if (user.data === undefined)
    return { status: user.status, data: undefined, error: user.error, refetch: user.refetch };
  return { status: 'success', data: { summary, user: user.data }, error: null, refetch: user.refetch };
}

/** One invitation by id; null when the server has none by that id (deleted, or a mistyped address). */
export function useInvitation(id: string): Read<Invitation | null> {
  const query = trpc.invitations.get.useQuery({ id });
  const failure = asApiError(query.error);
  if (
    query.data === undefined &&
    failure instanceof ApiError &&
    (failure.key === 'notFound' || failure.key === 'validationFailed')
  )
    return { status: 'success', data: null, error: null, refetch: query.refetch };
  return query;
}

/** A new user: the answer is their query (the user's page opens next), and the lists are fetched again. */
export function useCreateUserMutation() {
  const utils = trpc.useUtils();
  return trpc.users.create.useMutation({
    onSuccess(user) {
      utils.users.get.setData({ id: user.id }, user);
      void utils.users.list.invalidate();
    },
  });
}

/** A changed user: their own query holds the answer, and the lists (status, lock, e-mail) are fetched again. */
export function useUpdateUserMutation() {
  const utils = trpc.useUtils();
  return trpc.users.update.useMutation({
    onSuccess(user) {
      utils.users.get.setData({ id: user.id }, user);
      void utils.users.list.invalidate();
    },
  });
}

/** A user's two-factor sign-in (on or off), for their admin. */
export function useUserTwoFactor(userId: string) {
  return trpc.users.twoFactor.useQuery({ id: userId });
}

/** A reset two-factor sign-in: the answer is the user's new state (off). */
export function useResetTwoFactorMutation() {
  const utils = trpc.useUtils();
  return trpc.users.resetTwoFactor.useMutation({
    onSuccess(answer, { id }) {
      utils.users.twoFactor.setData({ id }, answer);
    },
  });
}

/** An invitation as a write answered it: its own query holds it, and the lists are fetched again. */
function useInvitationChanged() {
  const utils = trpc.useUtils();
  return (invitation: Invitation) => {
    utils.invitations.get.setData({ id: invitation.id }, invitation);
    void utils.invitations.list.invalidate();
  };
}

export function useCreateInvitationMutation() {
  return trpc.invitations.create.useMutation({ onSuccess: useInvitationChanged() });
}

export function useUpdateInvitationMutation() {
  return trpc.invitations.update.useMutation({ onSuccess: useInvitationChanged() });
}

/** Resend (a fresh link, once every 5 minutes) and revoke answer with the invitation. */
export function useResendInvitationMutation() {
  return trpc.invitations.resend.useMutation({ onSuccess: useInvitationChanged() });
}

export function useRevokeInvitationMutation() {
  return trpc.invitations.revoke.useMutation({ onSuccess: useInvitationChanged() });
}

/** A deleted invitation leaves the lists; its own query is dropped without being fetched again. */
export function useDeleteInvitationMutation() {
  const utils = trpc.useUtils();
  return trpc.invitations.delete.useMutation({
    onSuccess(_, { id }) {
      void utils.invitations.get.invalidate({ id }, { refetchType: 'none' });
      void utils.invitations.list.invalidate();
    },
  });
}
