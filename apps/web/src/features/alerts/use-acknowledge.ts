import type { Alert } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { useAcknowledgeMutation } from './alert-queries';

/** Acknowledging an alert: says so when done, a failure in the catalogue's words. */
export function useAcknowledge() {
  const { t } = useTranslation('alerts');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const mutation = useAcknowledgeMutation();

  function acknowledge(alert: Alert) {
    mutation.mutate(
      { id: alert.id },
      {
        onSuccess: () => notify({ id: 'alert-acknowledged', message: t('done', { name: alert.patientName }), tone: 'success' }),
        onError: notifyError,
      },
    );
  }

  return { busyId: mutation.isPending ? mutation.variables.id : null, acknowledge };
}
