import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { QueryView } from '../../components/data/load-state';
import { UserEditForm } from './user-edit-form';
import { useUserByUsername } from './user-management-queries';

/** /dashboard/user-management/users/:username/edit */
export function UserEditPage() {
  const { t } = useTranslation('userManagement');
  const { username = '' } = useParams();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const query = useUserByUsername(username);
  const viewPath = pathTo('userView', { username });
  const found = Boolean(query.data);

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
      <QueryView query={query} loading={t('common.loading')}>
        {(managed) =>
          managed === null ? (
            <EmptyState title={t('user.notFound')} hint={t('user.notFoundHint')} />
          ) : (
            <>
              <Text c="dimmed">
                {managed.user.fullName} · <bdi dir="ltr">{managed.user.username}</bdi>
              </Text>
              <Text size="sm">{t('userForm.editHint')}</Text>
              <UserEditForm
                managed={managed}
                onSaved={() => {
                  notify({ message: t('userForm.saved'), tone: 'success' });
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
