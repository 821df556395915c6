import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons/icons';
import { useAppSettings } from './shared-settings';

/** The admin's maintenance message (system area), at the top of every signed-in page while it is set. */
export function MaintenanceBanner() {
  const { t } = useTranslation('system');
  const message = useAppSettings()?.maintenanceMessage?.trim();
  if (!message) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      mb="md"
      icon={<AlertIcon size={18} />}
      title={t('maintenance.title')}
      data-testid="maintenance-banner"
      role="status"
    >
      {message}
    </Alert>
  );
}
