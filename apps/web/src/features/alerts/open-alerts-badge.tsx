import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session';
import { useOpenAlertCount } from './open-alert-count';

/** The number of open alerts beside the alerts link; nothing while there are none. */
export function OpenAlertsBadge() {
  const { t } = useTranslation('alerts');
  const { state } = useSession();
  const count = useOpenAlertCount(state.status === 'signed-in' ? state.account.id : '');
  if (!count) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} data-testid="alerts-open-badge">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('badge', { count })}</VisuallyHidden>
    </Badge>
  );
}
