import type { Alert } from '@opencare/schemas/entities/measurements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { acknowledgeAlert } from './alerts-api';
import { refreshOpenAlertCount } from './open-alert-count';

/**
 * Acknowledging an alert: says so when done (a failure in the catalogue's words) and brings the
 * navigation's count up to date. `onDone` gets the alert as the server now has it.
 */
export function useAcknowledge(onDone: (alert: Alert) => void) {
  const { t } = useTranslation('alerts');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function acknowledge(alert: Alert) {
    setBusyId(alert.id);
    try {
      const updated = await acknowledgeAlert(alert.id);
      notify({ id: 'alert-acknowledged', message: t('done', { name: alert.patientName }), tone: 'success' });
      refreshOpenAlertCount();
      onDone(updated);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusyId(null);
    }
  }

  return { busyId, acknowledge: (alert: Alert) => void acknowledge(alert) };
}
