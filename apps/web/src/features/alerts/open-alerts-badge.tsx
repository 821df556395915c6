import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { OPEN_ALERT_COUNT } from './alert-queries';

/** How often the badge asks again while the page is visible: a badge is a hint, not a live feed. */
const POLL_MS = 60_000;

/** The number of open alerts beside the alerts link; nothing while there are none or it is not known. */
export function OpenAlertsBadge() {
  const { t } = useTranslation('alerts');
  const { data } = trpc.alerts.list.useQuery(OPEN_ALERT_COUNT, { refetchInterval: POLL_MS });
  const count = data?.meta.total ?? 0;
  if (!count) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} data-testid="alerts-open-badge">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('badge', { count })}</VisuallyHidden>
    </Badge>
  );
}
