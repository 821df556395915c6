import { useTranslation } from 'react-i18next';
import { LockIcon } from '../components/icons/page-icons';
import { NoticePage } from '../components/page/notice-page';

/** A signed-in user outside the route's roles (spec §6). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <NoticePage
      testId="forbidden"
      icon={<LockIcon size={32} />}
      title={t('forbidden.title')}
      body={t('errors.err_forbidden')}
    />
  );
}
