import { Button, Group } from '@mantine/core';
import type { Invitation } from '@opencare/schemas/entities/care';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { pathTo } from '../../route-paths';
import { ConfirmDialog } from './confirm-dialog';
import {
  useDeleteInvitationMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from './user-management-queries';

type Confirmed = 'revoke' | 'delete';

interface InvitationActionsProps {
  invitation: Invitation;
  onDeleted: () => void;
}

/**
 * What can be done depends on the status: a pending invitation can be edited, resent and revoked; an
 * expired one resent (with a fresh link); anything not accepted deleted. Accepted invitations stay as
 * the record of who joined how. Revoking and deleting are confirmed first.
 */
export function InvitationActions({ invitation, onDeleted }: InvitationActionsProps) {
  const { t } = useTranslation('userManagement');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const [pending, setPending] = useState<Confirmed | null>(null);
  const [busy, setBusy] = useState<Confirmed | 'resend' | null>(null);
  const { status } = invitation;
  // Each answers with the invitation (or nothing, deleted), written into the cache: no reload.
  const resending = useResendInvitationMutation();
  const revoking = useRevokeInvitationMutation();
  const deleting = useDeleteInvitationMutation();

  async function resend() {
    setBusy('resend');
    try {
      await resending.mutateAsync({ id: invitation.id });
      notify({ message: t('invitation.done.resent'), tone: 'success' });
    } catch (error) {
      // Refused within 5 minutes of the last e-mail: the catalogue's resendTooSoon says so.
      notifyError(error);
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!pending) return;
    setBusy(pending);
    try {
      if (pending === 'delete') {
        await deleting.mutateAsync({ id: invitation.id });
        notify({ message: t('invitation.done.deleted'), tone: 'success' });
        onDeleted();
      } else {
        await revoking.mutateAsync({ id: invitation.id });
        notify({ message: t('invitation.done.revoked'), tone: 'success' });
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
      setPending(null);
    }
  }

  if (status === 'accepted') return null;
  return (
    <>
      <Group gap="xs">
        {status === 'pending' && (
          <Button
            component={Link}
            to={pathTo('invitationEdit', { invitationId: invitation.id })}
            variant="default"
          >
            {t('invitation.actions.edit')}
          </Button>
        )}
        {(status === 'pending' || status === 'expired') && (
          <Button variant="default" loading={busy === 'resend'} onClick={() => void resend()}>
            {t('invitation.actions.resend')}
          </Button>
        )}
        {status === 'pending' && (
          <Button variant="light" color="red" onClick={() => setPending('revoke')}>
            {t('invitation.actions.revoke')}
          </Button>
        )}
        <Button variant="light" color="red" onClick={() => setPending('delete')}>
          {t('invitation.actions.delete')}
        </Button>
      </Group>
      <ConfirmDialog
        text={
          pending && {
            title: t(`invitation.confirm.${pending}.title`),
            body: t(`invitation.confirm.${pending}.body`, { email: invitation.email }),
            confirm: t(`invitation.confirm.${pending}.confirm`),
          }
        }
        destructive
        busy={busy === pending && pending !== null}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
