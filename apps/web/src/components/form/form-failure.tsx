import { Alert } from '@mantine/core';

/** A form's refusal that no field shows, above the fields; announced as it appears. */
export function FormFailure({ text, testId }: { text: string | null; testId?: string }) {
  if (text === null) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {text}
    </Alert>
  );
}
