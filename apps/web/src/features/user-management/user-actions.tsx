import { Button, Group } from '@mantine/core';
import type { UpdateUserInput } from '@opencare/schemas/entities/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { pathTo } from '../../route-paths';
import { ConfirmDialog } from './confirm-dialog';
import { useSession } from '../../session/use-session';
import {
  useResetTwoFactorMutation,
  useUpdateUserMutation,
  useUserTwoFactor,
  type ManagedUser,
} from './user-management-queries';

type UserChange = 'lock' | 'unlock' | 'deactivate' | 'reactivate';
type UserAction = UserChange | 'resetTwoFactor';

const CHANGE: Record<UserChange, UpdateUserInput> = {
  lock: { isLocked: true },
  unlock: { isLocked: false },
  deactivate: { status: 'inactive' },
  reactivate: { status: 'active' },
};
const TAKES_ACCESS_AWAY: Record<UserAction, boolean> = {
  lock: true,
  unlock: false,
  deactivate: true,
  reactivate: false,
  resetTwoFactor: true,
};

/**
 * Edit, lock or unlock, deactivate or reactivate, and reset two-factor sign-in for someone who lost
 * their authenticator (not offered for the admin's own: that is Settings → Security). Each is
 * confirmed first: locking, deactivating and resetting sign the person out everywhere at once. The
 * server refuses to lock out the last admin (`lastAdmin`), which is shown like any refusal.
 */
export function UserActions({ managed }: { managed: ManagedUser }) {
  const { t } = useTranslation('userManagement');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const [pending, setPending] = useState<UserAction | null>(null);
  // The answer is written into the user's query and the lists are fetched again: no reload.
  const update = useUpdateUserMutation();
  const resetTwoFactor = useResetTwoFactorMutation();
  const twoFactor = useUserTwoFactor(managed.user.id);
  const { state } = useSession();
  const { summary, user } = managed;
  const name = user.fullName || user.username;

  function confirm() {
    if (!pending) return;
    const action = pending;
    const handlers = {
      onSuccess: () => notify({ message: t(`user.done.${action}`), tone: 'success' }),
      onError: notifyError,
      onSettled: () => setPending(null),
    };
    if (action === 'resetTwoFactor') resetTwoFactor.mutate({ id: user.id }, handlers);
    else update.mutate({ id: user.id, changes: CHANGE[action] }, handlers);
  }

  const lockAction: UserChange = user.isLocked ? 'unlock' : 'lock';
  const statusAction: UserChange = summary.status === 'active' ? 'deactivate' : 'reactivate';
  const isSelf = state.status === 'signed-in' && state.user.id === user.id;
  const actions: UserAction[] = [lockAction, statusAction];
  if (twoFactor.data?.enabled && !isSelf) actions.push('resetTwoFactor');
  return (
    <>
      <Group gap="xs">
        <Button component={Link} to={pathTo('userEdit', { username: user.username })} variant="default">
          {t('user.actions.edit')}
        </Button>
        {actions.map((action) => (
          <Button
            key={action}
            variant={TAKES_ACCESS_AWAY[action] ? 'light' : 'default'}
            color={TAKES_ACCESS_AWAY[action] ? 'red' : undefined}
            onClick={() => setPending(action)}
          >
            {t(`user.actions.${action}`)}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        text={
          pending && {
            title: t(`user.confirm.${pending}.title`),
            body: t(`user.confirm.${pending}.body`, { name }),
            confirm: t(`user.confirm.${pending}.confirm`),
          }
        }
        destructive={pending ? TAKES_ACCESS_AWAY[pending] : false}
        busy={update.isPending || resetTwoFactor.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
