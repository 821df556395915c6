import { Alert, Button, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { AlertIcon } from '../icons/icons';

/** Data could not be loaded: say why, in the reader's language, and offer to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />} data-testid="load-failed">
      <Stack gap="sm" align="flex-start">
        {errorMessageOf(t, error)}
        <Button variant="default" size="xs" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** While data loads: a spinner that says what it is waiting for. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="lg">
      <Loader role="status" aria-label={label ?? t('common.loading')} />
    </Stack>
  );
}

/**
 * A query's three states in one place: the spinner (named by `loading`), the failure with "Try
 * again", and `children` with the data once it is there. Data already shown stays shown when a
 * later refetch fails (TanStack Query keeps it): a network blip does not blank a screen.
 */
export function QueryView<T>({
  query,
  loading,
  children,
}: {
  query: {
    status: 'pending' | 'error' | 'success';
    data: T | undefined;
    error: unknown;
    refetch: () => unknown;
  };
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.status === 'error') return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return <Loading label={loading} />;
}
