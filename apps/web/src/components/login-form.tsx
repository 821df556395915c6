import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginPresence } from '@opencare/schemas/login-presence';
import { useTranslation } from 'react-i18next';
import { FormFailure } from './form/form-failure';
import { useSchemaForm } from './form/use-schema-form';

interface LoginFormProps {
  onSubmit: (username: string, password: string) => Promise<void>;
}

export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const { field, formRef, onSubmit: submit, submitting, failureText } = useSchemaForm({
    // Not loginInputSchema: its zod would join the first load; login-presence.ts asks the same.
    schema: loginPresence,
    initialValues: { username: '', password: '' },
    submit: (body) => onSubmit(body.username, body.password),
  });

  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <Stack>
        {/* A network failure is already told at the top of the screen (spec §8, reported globally). */}
        <FormFailure text={failureText} testId="login-error" />
        <TextInput
          {...field('username')}
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordInput
          {...field('password')}
          label={t('login.password')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        />
        <Button type="submit" loading={submitting} fullWidth mt="xs">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
