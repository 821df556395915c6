import { useTranslation } from 'react-i18next';
import { DetailsList } from './details-list';
import { useDateTime } from './labels';
import { UserStatusBadges } from './status-badges';
import { useUserTwoFactor, type ManagedUser } from './user-management-queries';

/** Who the user is and whether they can sign in. */
export function UserDetails({ managed }: { managed: ManagedUser }) {
  const { t } = useTranslation('userManagement');
  const dateTime = useDateTime();
  const { summary, user } = managed;
  const twoFactor = useUserTwoFactor(user.id).data;
  function twoFactorText() {
    if (!twoFactor) return '…';
    if (twoFactor.enabledAt) return t('user.twoFactor.onSince', { date: dateTime(twoFactor.enabledAt) });
    if (twoFactor.enabled) return t('user.twoFactor.on');
    // Required but not set up (a new admin, or after a reset): they set it up at their next sign-in.
    return t(twoFactor.required ? 'user.twoFactor.offRequired' : 'user.twoFactor.off');
  }
  return (
    <DetailsList
      testId="user-details"
      rows={[
        { label: t('users.columns.username'), value: <bdi dir="ltr">{user.username}</bdi> },
        { label: t('users.columns.email'), value: <bdi dir="ltr">{summary.email}</bdi> },
        {
          label: t('users.columns.status'),
          value: <UserStatusBadges status={summary.status} isLocked={user.isLocked} />,
        },
        { label: t('user.verified'), value: user.isVerified ? t('common.yes') : t('common.no') },
        {
          label: t('user.twoFactor.label'),
          value: twoFactorText(),
        },
        {
          label: t('users.columns.lastLogin'),
          value: user.lastLogin ? dateTime(user.lastLogin) : t('users.never'),
        },
      ]}
    />
  );
}
