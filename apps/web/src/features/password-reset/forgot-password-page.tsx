import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { passwordResetRequestInputSchema } from '@opencare/schemas/entities/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { ROUTES } from '../../route-paths';
import { FlowCard } from '../signup/flow-card';

/** /forgot-password: ask for a reset link by username or e-mail. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  // The answer is the same whether or not the name matches an account.
  const request = trpc.auth.requestPasswordReset.useMutation();
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: passwordResetRequestInputSchema,
    initialValues: { login: '' },
    submit: request.mutateAsync,
    onSuccess: () => setSent(true),
  });

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
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('passwordReset.requestTitle')}>
        <Stack>
          <FormFailure text={failureText} testId="reset-request-error" />
          <TextInput
            {...field('login')}
            label={t('passwordReset.login')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            data-autofocus
          />
          <Button type="submit" loading={submitting} fullWidth>
            {t('passwordReset.send')}
          </Button>
          {back}
        </Stack>
      </form>
    </FlowCard>
  );
}
