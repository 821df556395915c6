import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { QueryView } from '../../components/data/load-state';
import { UserAccounts } from './user-accounts';
import { UserActions } from './user-actions';
import { UserDetails } from './user-details';
import { useUserByUsername } from './user-management-queries';

/** One user of the organisation, by username: details, accounts and the admin's actions. */
export function UserViewPage() {
  const { t } = useTranslation('userManagement');
  const { username = '' } = useParams();
  const query = useUserByUsername(username);
  const back = <BackLink to={ROUTES.userList} label={t('users.backToList')} />;

  const managed = query.data;
  if (!managed) {
    return (
      <PageFrame title={t('user.title')} back={back}>
        <QueryView query={query} loading={t('common.loading')}>
          {() => <EmptyState title={t('user.notFound')} hint={t('user.notFoundHint')} />}
        </QueryView>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={managed.user.fullName || managed.user.username}
      back={back}
      actions={<UserActions managed={managed} />}
    >
      <Stack>
        <UserDetails managed={managed} />
        <UserAccounts accounts={managed.user.accounts} />
      </Stack>
    </PageFrame>
  );
}
