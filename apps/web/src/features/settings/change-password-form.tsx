import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordInputSchema } from '@opencare/schemas/entities/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { FormFailure } from '../../components/form/form-failure';
import { blankToUndefined, retypeIssues } from '../../components/form/form-errors';
import { useSchemaForm } from '../../components/form/use-schema-form';

const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };

/** Change the password; the server signs out every other session, so the list of sessions is read again. */
export function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const { t: ts } = useTranslation('signup');
  const [changed, setChanged] = useState(false);
  const utils = trpc.useUtils();
  const change = trpc.auth.changePassword.useMutation({ onSuccess: () => utils.auth.sessions.invalidate() });
  const { form, field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: changePasswordInputSchema,
    initialValues: EMPTY,
    // A blank password is "not given": the schema then says "This field is required.".
    toBody: (values) => ({
      currentPassword: values.currentPassword,
      password: blankToUndefined(values.password),
      passwordConfirmation: blankToUndefined(values.passwordConfirmation),
    }),
    check: (values) => retypeIssues(values, [['password', 'passwordConfirmation', 'Password']]),
    fieldsOfKey: { currentPasswordIncorrect: 'currentPassword' },
    submit: (body) => {
      setChanged(false);
      return change.mutateAsync(body);
    },
    onSuccess: () => {
      form.reset();
      setChanged(true);
    },
  });

  const password = (key: keyof typeof EMPTY) => ({
    ...field(key),
    required: true,
    visibilityToggleButtonProps: { 'aria-label': ts('fields.togglePassword') },
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('security.passwordTitle')}>
      <Stack>
        <PasswordInput
          {...password('currentPassword')}
          label={t('security.currentPassword')}
          autoComplete="current-password"
        />
        <PasswordInput
          {...password('password')}
          label={t('security.newPassword')}
          description={ts('fields.passwordHint')}
          autoComplete="new-password"
        />
        <PasswordInput
          {...password('passwordConfirmation')}
          label={t('security.newPasswordConfirmation')}
          autoComplete="new-password"
        />
        <div aria-live="polite">
          {changed && (
            <Alert color="teal" variant="light" data-testid="password-changed">
              {t('security.passwordChanged')}
            </Alert>
          )}
          <FormFailure text={failureText} testId="password-error" />
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {t('security.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
