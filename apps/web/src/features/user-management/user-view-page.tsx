import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { LoadFailed, Loading } from './load-failed';
import { UserAccounts } from './user-accounts';
import { UserActions } from './user-actions';
import { UserDetails } from './user-details';
import { useUserByUsername } from './use-user-by-username';

/** One user of the organisation, by username: details, accounts and the admin's actions. */
export function UserViewPage() {
  const { t } = useTranslation('userManagement');
  const { username = '' } = useParams();
  const { state, reload } = useUserByUsername(username);
  const back = <BackLink to={ROUTES.userList} label={t('users.backToList')} />;

  if (state.status !== 'loaded' || state.data === null) {
    return (
      <PageFrame title={t('user.title')} back={back}>
        {state.status === 'loading' && <Loading />}
        {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
        {state.status === 'loaded' && <EmptyState title={t('user.notFound')} hint={t('user.notFoundHint')} />}
      </PageFrame>
    );
  }

  const managed = state.data;
  return (
    <PageFrame
      title={managed.user.fullName || managed.user.username}
      back={back}
      actions={<UserActions managed={managed} onChanged={reload} />}
    >
      <Stack>
        <UserDetails managed={managed} />
        <UserAccounts accounts={managed.user.accounts} />
      </Stack>
    </PageFrame>
  );
}
