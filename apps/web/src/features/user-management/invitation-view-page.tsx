import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { MailIcon } from '../../components/icons/icons';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { InvitationActions } from './invitation-actions';
import { InvitationDetails } from './invitation-details';
import { QueryView } from '../../components/data/load-state';
import { useInvitation } from './user-management-queries';

/** One invitation: who, as what, its status and dates, and what can still be done with it. */
export function InvitationViewPage() {
  const { t } = useTranslation('userManagement');
  const { invitationId = '' } = useParams();
  const navigate = useNavigate();
  const query = useInvitation(invitationId);
  const invitation = query.data ?? null;

  return (
    <PageFrame
      title={t('invitation.title')}
      back={<BackLink to={ROUTES.invitations} label={t('invitations.backToList')} />}
      actions={
        invitation && (
          <InvitationActions invitation={invitation} onDeleted={() => void navigate(ROUTES.invitations)} />
        )
      }
    >
      <QueryView query={query} loading={t('common.loading')}>
        {(invitation) =>
          invitation === null ? (
            <EmptyState
              icon={<MailIcon size={28} />}
              title={t('invitation.notFound')}
              hint={t('invitation.notFoundHint')}
            />
          ) : (
            <Stack>
              <InvitationDetails invitation={invitation} />
              <Text size="sm" c="dimmed">
                {t(`invitation.statusHint.${invitation.status}`)}
              </Text>
            </Stack>
          )
        }
      </QueryView>
    </PageFrame>
  );
}
