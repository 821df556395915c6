import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { LoadFailed, Loading } from './load-failed';
import { UserEditForm } from './user-edit-form';
import { useUserByUsername } from './use-user-by-username';

/** /dashboard/user-management/users/:username/edit */
export function UserEditPage() {
  const { t } = useTranslation('userManagement');
  const { username = '' } = useParams();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const { state, reload } = useUserByUsername(username);
  const viewPath = pathTo('userView', { username });
  const found = state.status === 'loaded' && state.data !== null;

  return (
    <PageFrame
      title={t('userForm.editTitle')}
      back={
        <BackLink
          to={found ? viewPath : ROUTES.userList}
          label={found ? t('user.backToUser') : t('users.backToList')}
        />
      }
      size="lg"
    >
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' &&
        (state.data === null ? (
          <EmptyState title={t('user.notFound')} hint={t('user.notFoundHint')} />
        ) : (
          <>
            <Text c="dimmed">
              {state.data.user.fullName} · <bdi dir="ltr">{state.data.user.username}</bdi>
            </Text>
            <Text size="sm">{t('userForm.editHint')}</Text>
            <UserEditForm
              managed={state.data}
              onSaved={() => {
                notify({ message: t('userForm.saved'), tone: 'success' });
                void navigate(viewPath);
              }}
            />
          </>
        ))}
    </PageFrame>
  );
}
