import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { FormUnavailable } from './form-unavailable';

/** Creating a user, or editing one by username. */
export function UserFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('screens');
  const { username = '' } = useParams();
  return mode === 'create' ? (
    <PageFrame title={t('users.create')} back={<BackLink to={ROUTES.userList} label={t('users.backToList')} />}>
      <FormUnavailable />
    </PageFrame>
  ) : (
    <PageFrame
      title={t('users.editTitle', { username })}
      back={<BackLink to={pathTo('userView', { username })} label={t('users.viewTitle', { username })} />}
    >
      <FormUnavailable />
    </PageFrame>
  );
}
