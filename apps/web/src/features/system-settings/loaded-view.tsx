import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../signup/use-api-error-text';
import type { Loaded } from '../../components/data/use-loaded';

interface LoadedViewProps<T> {
  loaded: Loaded<T> & { reload: () => void };
  children: (data: T) => ReactNode;
  testId?: string;
}

/** A loader while figures are fetched, the failure with a retry, else the figures. */
export function LoadedView<T>({ loaded, children, testId }: LoadedViewProps<T>) {
  const { t } = useTranslation('system');
  const errorText = useApiErrorText();
  if (loaded.status === 'loading') {
    return (
      <Center py="md" role="status">
        <Loader size="sm" aria-label={t('form.loading')} />
      </Center>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid={testId && `${testId}-error`}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorText(loaded.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={loaded.reload}>
            {t('form.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return children(loaded.data);
}
