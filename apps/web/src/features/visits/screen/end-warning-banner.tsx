import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EndWarning } from './use-end-warning';

interface EndWarningBannerProps {
  warning: EndWarning;
  onDismiss: () => void;
  onStay: () => void;
  onLeave: () => void;
}

export function EndWarningBanner({ warning, onDismiss, onStay, onLeave }: EndWarningBannerProps) {
  const { t } = useTranslation('visits');
  if (warning.stage === 'none') return null;
  if (warning.stage === 'warning') {
    return (
      <Alert
        color="yellow"
        variant="light"
        withCloseButton
        onClose={onDismiss}
        data-testid="end-warning"
        closeButtonLabel={t('call.dismiss')}
      >
        {t('call.endWarning', { count: warning.minutes })}
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" role="alertdialog" data-testid="stay-or-leave">
      <Group justify="space-between" gap="sm">
        <Text>{t('call.stayOrLeave', { count: warning.seconds })}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={onStay} data-testid="stay">
            {t('call.stay')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={onLeave}>
            {t('call.leave')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
