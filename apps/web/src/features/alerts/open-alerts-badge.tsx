import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { OPEN_ALERT_COUNT } from './alert-queries';
import { useLiveAlerts } from './use-live-alerts';

/**
 * The number of open alerts beside the alerts link; nothing while there are none or it is not
 * known. It is on every clinician's screen, so it also keeps the alert lists live (use-live-alerts).
 */
export function OpenAlertsBadge() {
  const { t } = useTranslation('alerts');
  useLiveAlerts();
  const { data } = trpc.alerts.list.useQuery(OPEN_ALERT_COUNT);
  const count = data?.meta.total ?? 0;
  if (!count) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} data-testid="alerts-open-badge">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('badge', { count })}</VisuallyHidden>
    </Badge>
  );
}
