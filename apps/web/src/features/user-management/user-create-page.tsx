import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { UserCreateForm } from './user-create-form';

/** /dashboard/user-management/create-user: a new user, then their page. */
export function UserCreatePage() {
  const { t } = useTranslation('userManagement');
  const { notify } = useNotifications();
  const navigate = useNavigate();
  return (
    <PageFrame
      title={t('userForm.createTitle')}
      intro={t('userForm.createIntro')}
      back={<BackLink to={ROUTES.userList} label={t('users.backToList')} />}
      size="lg"
    >
      <UserCreateForm
        onCreated={(user) => {
          notify({ message: t('userForm.created'), tone: 'success' });
          void navigate(pathTo('userView', { username: user.username }));
        }}
      />
    </PageFrame>
  );
}
