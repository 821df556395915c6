import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { MailIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo } from '../../route-paths';
import { InvitationEditForm } from './invitation-edit-form';
import { QueryView } from '../../components/data/load-state';
import { useInvitation } from './user-management-queries';

/** /dashboard/user-management/invitations/:invitationId/edit: only a pending invitation can change. */
export function InvitationEditPage() {
  const { t } = useTranslation('userManagement');
  const { invitationId = '' } = useParams();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const query = useInvitation(invitationId);
  const viewPath = pathTo('invitationView', { invitationId });

  return (
    <PageFrame
      title={t('invitationForm.editTitle')}
      back={<BackLink to={viewPath} label={t('invitation.backToInvitation')} />}
      size="lg"
    >
      <QueryView query={query} loading={t('common.loading')}>
        {(invitation) =>
          invitation === null ? (
            <EmptyState
              icon={<MailIcon size={28} />}
              title={t('invitation.notFound')}
              hint={t('invitation.notFoundHint')}
            />
          ) : invitation.status !== 'pending' ? (
            <Alert color="orange" variant="light" data-testid="invitation-not-editable">
              {t('invitationForm.notEditable')}
            </Alert>
          ) : (
            <>
              <Text c="dimmed">
                <bdi dir="ltr">{invitation.email}</bdi>
              </Text>
              <InvitationEditForm
                invitation={invitation}
                onSaved={() => {
                  notify({ message: t('invitation.done.saved'), tone: 'success' });
                  void navigate(viewPath);
                }}
              />
            </>
          )
        }
      </QueryView>
    </PageFrame>
  );
}
