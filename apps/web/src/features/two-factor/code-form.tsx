import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '../../api/api-error';
import { errorMessageOf } from '../../api/error-message';
import { CodeField } from './code-field';

interface CodeFormProps {
  /** Ask for the password too (turning two-factor off). */
  withPassword?: boolean;
  submitLabel: string;
  onSubmit: (code: string, password: string) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
  children?: ReactNode;
}

/** A code (and maybe the password) to prove it is the user: sign-in's second step, and changes to two-factor. */
export function CodeForm({ withPassword = false, submitLabel, onSubmit, onCancel, cancelLabel, children }: CodeFormProps) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (code.trim() === '' || (withPassword && password === '')) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await onSubmit(code.trim(), password);
    } catch (error) {
      setFailure(error);
      setCode('');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {children}
        {failure !== null && !isNetworkError(failure) && (
          <Alert color="red" variant="light" role="alert" data-testid="two-factor-error">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        {withPassword && (
          <PasswordInput
            name="password"
            label={t('twoFactor.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={touched && password === '' ? tc('common.required') : undefined}
          />
        )}
        <CodeField value={code} onChange={setCode} autoFocus error={touched && code.trim() === '' ? t('twoFactor.codeRequired') : undefined} />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {cancelLabel ?? t('twoFactor.cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
