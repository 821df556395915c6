import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { passwordResetConfirmInputSchema } from '@opencare/schemas/entities/auth';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, asApiError, isNetworkError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { ROUTES } from '../../route-paths';
import { FlowCard } from '../signup/flow-card';
import { blankToUndefined, firstIssues, mergeErrors, retypeIssues, serverFieldErrors, type FieldErrors } from '../../components/form/form-errors';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { useFieldMessage } from '../../components/form/use-field-message';

type Values = { password: string; passwordConfirmation: string };
const EMPTY: Values = { password: '', passwordConfirmation: '' };
/** Failures that end this link: the way on is a new one. */
const LINK_ENDED = new Set(['passwordResetInvalid', 'passwordResetExpired']);

function validate(token: string, values: Values): FieldErrors {
  const result = passwordResetConfirmInputSchema.safeParse({
    token,
    password: blankToUndefined(values.password),
    passwordConfirmation: blankToUndefined(values.passwordConfirmation),
  });
  if (result.success) return {};
  return mergeErrors(firstIssues(result), retypeIssues({ ...values }, [['password', 'passwordConfirmation', 'Password']]));
}

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
  const message = useFieldMessage();
  const errorText = useApiErrorText();
  const [values, setValues] = useState<Values>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // Set the new password with the link's token; the server signs every session out.
  const confirm = trpc.auth.confirmPasswordReset.useMutation({
    onSuccess: onDone,
    onError: (error) => {
      const failure = asApiError(error);
      if (failure instanceof ApiError) setServerErrors(serverFieldErrors(failure.errors));
    },
  });
  const failure = asApiError(confirm.error);
  const validation = useMemo(() => validate(token, values), [token, values]);
  const errors = mergeErrors(serverErrors, checked ? validation : {});
  const ended = failure instanceof ApiError && LINK_ENDED.has(failure.key);

  const field = (key: keyof Values) => ({
    name: key,
    value: values[key],
    error: message(errors[key]),
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [key]: value }));
      setServerErrors((previous) => ({ ...previous, [key]: undefined }));
    },
    required: true,
    autoComplete: 'new-password',
    visibilityToggleButtonProps: { 'aria-label': ts('fields.togglePassword') },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (Object.values(validation).some(Boolean)) return;
    confirm.mutate({ token, ...values });
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t('passwordReset.resetTitle')}>
      <Stack>
        <Text>{t('passwordReset.resetIntro')}</Text>
        {confirm.error && !isNetworkError(confirm.error) && (
          <Alert color="red" variant="light" role="alert" data-testid="password-reset-error">
            {errorText(failure)}
          </Alert>
        )}
        {ended ? (
          <AskAgain />
        ) : (
          <>
            <PasswordInput {...field('password')} label={t('passwordReset.newPassword')} description={ts('fields.passwordHint')} />
            <PasswordInput {...field('passwordConfirmation')} label={t('passwordReset.newPasswordConfirmation')} />
            <Button type="submit" loading={confirm.isPending} fullWidth>
              {t('passwordReset.save')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
