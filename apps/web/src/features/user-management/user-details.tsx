import { useTranslation } from 'react-i18next';
import { DetailsList } from './details-list';
import { useDateTime } from './labels';
import { UserStatusBadges } from './status-badges';
import type { ManagedUser } from './user-management-queries';

/** Who the user is and whether they can sign in. */
export function UserDetails({ managed }: { managed: ManagedUser }) {
  const { t } = useTranslation('userManagement');
  const dateTime = useDateTime();
  const { summary, user } = managed;
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
          label: t('users.columns.lastLogin'),
          value: user.lastLogin ? dateTime(user.lastLogin) : t('users.never'),
        },
      ]}
    />
  );
}
