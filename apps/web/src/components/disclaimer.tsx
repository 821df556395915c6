import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Disclaimer() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" data-testid="disclaimer">
      {t('disclaimer')}
    </Alert>
  );
}
