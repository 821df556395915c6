import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isNetworkError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { ROUTES } from '../../route-paths';
import { FlowCard } from '../signup/flow-card';
import { useApiErrorText } from '../../components/form/use-api-error-text';

/** /forgot-password: ask for a reset link by username or e-mail. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const [login, setLogin] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  // The answer is the same whether or not the name matches an account.
  const request = trpc.auth.requestPasswordReset.useMutation({ onSuccess: () => setSent(true) });
  const failure = request.error;
  const missing = touched && login.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (login.trim() === '') return;
    request.mutate({ login: login.trim() });
  }

  const title = (
    <Title order={1} size="h2">
      {sent ? t('passwordReset.sentTitle') : t('passwordReset.requestTitle')}
    </Title>
  );
  const back = (
    <Anchor component={Link} to={ROUTES.login}>
      {t('passwordReset.backToLogin')}
    </Anchor>
  );

  if (sent) {
    return (
      <FlowCard size={480} title={title}>
        <Alert color="teal" variant="light" role="status" data-testid="reset-requested">
          {t('passwordReset.sent')}
        </Alert>
        <Group gap="lg">
          <Anchor component="button" type="button" onClick={() => setSent(false)}>
            {t('passwordReset.sendAgain')}
          </Anchor>
          {back}
        </Group>
      </FlowCard>
    );
  }

  return (
    <FlowCard size={480} title={title}>
      <Text>{t('passwordReset.requestIntro')}</Text>
      <form noValidate onSubmit={submit} aria-label={t('passwordReset.requestTitle')}>
        <Stack>
          {failure && !isNetworkError(failure) && (
            <Alert color="red" variant="light" role="alert" data-testid="reset-request-error">
              {errorText(failure)}
            </Alert>
          )}
          <TextInput
            label={t('passwordReset.login')}
            name="login"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            data-autofocus
            value={login}
            onChange={(event) => setLogin(event.currentTarget.value)}
            error={missing ? t('common.required') : undefined}
          />
          <Button type="submit" loading={request.isPending} fullWidth>
            {t('passwordReset.send')}
          </Button>
          {back}
        </Stack>
      </form>
    </FlowCard>
  );
}
