import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { InvitationCreateForm } from './invitation-create-form';

/** /dashboard/user-management/invitations/create: send an invitation, then show it. */
export function InvitationCreatePage() {
  const { t } = useTranslation('userManagement');
  const { notify } = useNotifications();
  const navigate = useNavigate();
  return (
    <PageFrame
      title={t('invitationForm.createTitle')}
      intro={t('invitationForm.createIntro')}
      back={<BackLink to={ROUTES.invitations} label={t('invitations.backToList')} />}
      size="lg"
    >
      <InvitationCreateForm
        onCreated={(invitation) => {
          notify({ message: t('invitation.done.created'), tone: 'success' });
          void navigate(pathTo('invitationView', { invitationId: invitation.id }));
        }}
      />
    </PageFrame>
  );
}
