import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { AlertIcon } from '../../../components/icons/icons';

/** Data could not be loaded: say why, in the reader's language, and offer to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />} data-testid="load-failed">
      <Stack gap="sm" align="flex-start">
        {errorMessageOf(tc, error)}
        <Button variant="default" size="xs" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** While data loads: a spinner that says what it is waiting for. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('patients');
  return (
    <Stack align="center" py="lg">
      <Loader role="status" aria-label={label ?? t('common.loading')} />
    </Stack>
  );
}
