import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { asApiError } from '../../api/api-error';
import { useApiErrorText } from '../../components/form/use-api-error-text';

interface LoadedViewProps<T> {
  /** A query (or what QueryView reads of one). */
  query: {
    status: 'pending' | 'error' | 'success';
    data: T | undefined;
    error: unknown;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
  testId?: string;
}

/**
 * A small loader while a system area or its figures are fetched, the failure with a retry, else
 * the data. A failed refetch of data already shown keeps showing it.
 */
export function LoadedView<T>({ query, children, testId }: LoadedViewProps<T>) {
  const { t } = useTranslation('system');
  const errorText = useApiErrorText();
  if (query.data !== undefined) return children(query.data);
  if (query.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid={testId && `${testId}-error`}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorText(asApiError(query.error))}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('form.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Center py="md">
      <Loader size="sm" role="status" aria-label={t('form.loading')} />
    </Center>
  );
}
