import type { WaitingVisit } from '@opencare/schemas/entities/visits';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../../../api/trpc';
import { useNotifications, useNotifyError } from '../../../components/notifications/use-notify';
import { useSocketEvent } from '../../../realtime/use-realtime';
import { formatTime } from '../../appointments/format';
import { chime } from './chime';

/**
 * The knock (issue 18): someone arrived in the waiting room of one of this provider's visits. On any
 * screen: a notice that stays until answered, with "Let in" and "Open visit", a soft chime, and a
 * system notification when the tab is in the background and the browser allows one. The waiting
 * room lists load again.
 */
export function VisitKnocks(): null {
  const { t, i18n } = useTranslation('visits');
  const notifications = useNotifications();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const admit = trpc.visits.admit.useMutation({ onSettled: () => utils.visits.waitingRoom.invalidate() });

  useSocketEvent('visit:knock', (knock: WaitingVisit) => {
    void utils.visits.waitingRoom.invalidate();
    const names = knock.waiting.map((p) => p.fullName).join(', ');
    const id = `knock-${knock.visitId}`;
    const title = t('knock.title', { name: names });
    const message = t('knock.message', { time: formatTime(knock.startsAt, i18n.language) });
    notifications.notify({
      id,
      title,
      message,
      tone: 'info',
      sticky: true,
      actions: [
        {
          label: t('knock.admit'),
          testId: 'knock-admit',
          onClick: () => {
            notifications.dismiss(id);
            admit.mutate(
              { id: knock.visitId, deviceIds: knock.waiting.map((p) => p.deviceId) },
              { onError: notifyError },
            );
          },
        },
        {
          label: t('knock.open'),
          testId: 'knock-open',
          onClick: () => {
            notifications.dismiss(id);
            void navigate(`/telehealth-visit/${encodeURIComponent(knock.code)}`);
          },
        },
      ],
    });
    chime();
    if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      new Notification(title, { body: message, tag: id });
    }
  });
  return null;
}
