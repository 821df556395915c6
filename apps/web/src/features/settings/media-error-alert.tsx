import { Alert } from '@mantine/core';
import { useApiErrorText } from '../../components/form/use-api-error-text';

/** A media failure in words from the catalogue (mediaDevicesNotSupported, invalidMediaStream, …). */
export function MediaErrorAlert({ error, testId }: { error: unknown; testId?: string }) {
  const errorText = useApiErrorText();
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {errorText(error)}
    </Alert>
  );
}
