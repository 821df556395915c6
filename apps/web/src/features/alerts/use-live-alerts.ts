import { use, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { NotificationsContext } from '../../components/notifications/notifications-context';
import { useConnectionState, useSocketEvent } from '../../realtime/use-realtime';

/**
 * Alerts as they change ('alert:changed', sent to the organisation's clinicians): every cached
 * alert list (the inbox, the badge's count, the home worklist) and the patient list (its open
 * alerts column, and the order when sorted by it) is fetched again, as the event
 * carries ids only and a change may move an alert between lists or pages. An escalation to this
 * person also says so on screen. A resync after missed events does the same, and so does the
 * socket connecting after the lists were loaded (a change between the two would be missed).
 */
export function useLiveAlerts(): void {
  const utils = trpc.useUtils();
  const notifications = use(NotificationsContext);
  const { t } = useTranslation('alerts');
  const reload = () => {
    void utils.alerts.list.invalidate();
    void utils.patients.list.invalidate();
  };
  const state = useConnectionState();
  const connectedAtMount = useRef(state === 'connected');
  useEffect(() => {
    if (state !== 'connected') {
      connectedAtMount.current = false;
      return;
    }
    if (!connectedAtMount.current) {
      void utils.alerts.list.invalidate();
      void utils.patients.list.invalidate();
    }
  }, [state, utils]);
  useSocketEvent('alert:changed', reload);
  useSocketEvent('live:resync', reload);
  useSocketEvent('alert:escalated', ({ alertId }) =>
    notifications?.notify({ id: `alert-escalated-${alertId}`, title: t('live.escalatedTitle'), message: t('live.escalated'), tone: 'info' }),
  );
}
