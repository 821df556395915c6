import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '../api/api-error';
import { errorMessageOf } from '../api/error-message';

interface LoginFormProps {
  onSubmit: (username: string, password: string) => Promise<void>;
}

export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const usernameMissing = touched && username.trim() === '';
  const passwordMissing = touched && password === '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (username.trim() === '' || password === '') return;
    setSubmitting(true);
    setFailure(null);
    try {
      await onSubmit(username.trim(), password);
    } catch (error) {
      setFailure(error);
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        {/* A network failure is already told at the top of the screen (spec §8, reported globally). */}
        {failure !== null && !isNetworkError(failure) && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {errorMessageOf(t, failure)}
          </Alert>
        )}
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={usernameMissing ? t('common.required') : undefined}
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={passwordMissing ? t('common.required') : undefined}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        />
        <Button type="submit" loading={submitting} fullWidth mt="xs">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
