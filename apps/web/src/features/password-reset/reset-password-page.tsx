import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { passwordResetConfirmInputSchema } from '@opencare/schemas/entities/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { ROUTES } from '../../route-paths';
import { FlowCard } from '../signup/flow-card';
import { blankToUndefined, retypeIssues } from '../../components/form/form-errors';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';

/** Failures that end this link: the way on is a new one. */
const LINK_ENDED = new Set(['passwordResetInvalid', 'passwordResetExpired']);

/** /reset-password?token=…: the link in the reset e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const title = (key: 'resetTitle' | 'doneTitle') => (
    <Title order={1} size="h2">
      {t(`passwordReset.${key}`)}
    </Title>
  );
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <FlowCard size={480} title={title('doneTitle')}>
        <Alert color="teal" variant="light" role="status" data-testid="password-reset-done">
          {t('passwordReset.done')}
        </Alert>
        <Button component={Link} to={ROUTES.login}>
          {t('passwordReset.logIn')}
        </Button>
      </FlowCard>
    );
  }
  return (
    <FlowCard size={480} title={title('resetTitle')}>
      {token ? (
        <ResetForm token={token} onDone={() => setDone(true)} />
      ) : (
        <Stack>
          <Alert color="yellow" variant="light" role="alert">
            {t('passwordReset.missingToken')}
          </Alert>
          <AskAgain />
        </Stack>
      )}
    </FlowCard>
  );
}

function AskAgain() {
  const { t } = useTranslation();
  return (
    <Group gap="lg">
      <Anchor component={Link} to={ROUTES.forgotPassword}>
        {t('passwordReset.askAgain')}
      </Anchor>
      <Anchor component={Link} to={ROUTES.login}>
        {t('passwordReset.backToLogin')}
      </Anchor>
    </Group>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('signup');
  // Set the new password with the link's token; the server signs every session out.
  const confirm = trpc.auth.confirmPasswordReset.useMutation();
  const { field, formRef, onSubmit, submitting, failure, failureText } = useSchemaForm({
    schema: passwordResetConfirmInputSchema,
    initialValues: { password: '', passwordConfirmation: '' },
    toBody: (values) => ({
      token,
      password: blankToUndefined(values.password),
      passwordConfirmation: blankToUndefined(values.passwordConfirmation),
    }),
    check: (values) => retypeIssues(values, [['password', 'passwordConfirmation', 'Password']]),
    submit: confirm.mutateAsync,
    onSuccess: onDone,
  });
  const error = asApiError(failure);
  const ended = error instanceof ApiError && LINK_ENDED.has(error.key);

  const password = (key: 'password' | 'passwordConfirmation') => ({
    ...field(key),
    required: true,
    autoComplete: 'new-password',
    visibilityToggleButtonProps: { 'aria-label': ts('fields.togglePassword') },
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('passwordReset.resetTitle')}>
      <Stack>
        <Text>{t('passwordReset.resetIntro')}</Text>
        <FormFailure text={failureText} testId="password-reset-error" />
        {ended ? (
          <AskAgain />
        ) : (
          <>
            <PasswordInput {...password('password')} label={t('passwordReset.newPassword')} description={ts('fields.passwordHint')} />
            <PasswordInput {...password('passwordConfirmation')} label={t('passwordReset.newPasswordConfirmation')} />
            <Button type="submit" loading={submitting} fullWidth>
              {t('passwordReset.save')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
