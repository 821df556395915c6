import { use, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, errorMessageOf } from '../../api/error-message';
import { NotificationsContext, type NotificationsContextValue } from './notifications-context';

export function useNotifications(): NotificationsContextValue {
  const value = use(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>.');
  return value;
}

/** Show a failure at the top of the screen in the reader's language, once per error key at a time. */
export function useNotifyError(): (error: unknown) => void {
  const { notify } = useNotifications();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => notify({ id: `error-${errorKeyOf(error)}`, message: errorMessageOf(t, error), tone: 'error' }),
    [notify, t],
  );
}
