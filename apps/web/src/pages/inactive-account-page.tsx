import { useTranslation } from 'react-i18next';
import { UserOffIcon } from '../components/icons/page-icons';
import { NoticePage } from '../components/page/notice-page';
import { useSession } from '../session/use-session';

/** The account acted as is inactive: the user is told to contact support (spec §6). */
export function InactiveAccountPage() {
  const { t } = useTranslation();
  const { state } = useSession();
  const several = state.status === 'signed-in' && state.user.accounts.length > 1;
  return (
    <NoticePage
      testId="inactive-account"
      icon={<UserOffIcon size={32} />}
      title={t('inactive.title')}
      body={t('errors.accountInactive')}
      detail={several ? t('inactive.switch') : undefined}
    />
  );
}
