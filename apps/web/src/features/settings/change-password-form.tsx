import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordInputSchema } from '@opencare/schemas/entities/auth';
import { ERRORS } from '@opencare/schemas/errors';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import {
  blankToUndefined,
  firstIssues,
  mergeErrors,
  retypeIssues,
  serverFieldErrors,
  type FieldErrors,
} from '../signup/form-errors';
import { useApiErrorText } from '../signup/use-api-error-text';
import { useFieldMessage } from '../signup/use-field-message';

interface ChangePasswordBody {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

const EMPTY: ChangePasswordBody = { currentPassword: '', password: '', passwordConfirmation: '' };

function validate(values: ChangePasswordBody): FieldErrors {
  // A blank password is "not given": the schema then says "This field is required.".
  const result = changePasswordInputSchema.safeParse({
    currentPassword: values.currentPassword,
    password: blankToUndefined(values.password),
    passwordConfirmation: blankToUndefined(values.passwordConfirmation),
  });
  if (result.success) return {};
  return mergeErrors(
    firstIssues(result),
    retypeIssues({ ...values }, [['password', 'passwordConfirmation', 'Password']]),
  );
}

/** Change the password; the server signs out every other session, so the list of sessions is read again. */
export function ChangePasswordForm() {
  const { t } = useTranslation('settings');
  const { t: ts } = useTranslation('signup');
  const message = useFieldMessage();
  const errorText = useApiErrorText();
  const [values, setValues] = useState<ChangePasswordBody>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ status: 'changed' } | { status: 'failed'; error: unknown } | null>(
    null,
  );
  const utils = trpc.useUtils();
  const change = trpc.auth.changePassword.useMutation({ onSuccess: () => utils.auth.sessions.invalidate() });

  const validation = useMemo(() => validate(values), [values]);
  const errors = mergeErrors(serverErrors, checked ? validation : {});

  const field = (key: keyof ChangePasswordBody) => ({
    name: key,
    value: values[key],
    error:
      key === 'currentPassword' && serverErrors.currentPassword
        ? errorText('currentPasswordIncorrect')
        : message(errors[key]),
    // PasswordInput does not mark its input invalid itself.
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [key]: value }));
      setServerErrors((previous) => ({ ...previous, [key]: undefined }));
      setOutcome(null);
    },
    required: true,
    visibilityToggleButtonProps: { 'aria-label': ts('fields.togglePassword') },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (Object.values(validation).some(Boolean)) return;
    try {
      await change.mutateAsync(values);
      setValues(EMPTY);
      setChecked(false);
      setOutcome({ status: 'changed' });
    } catch (failure) {
      const error = asApiError(failure);
      if (error instanceof ApiError && error.key === 'currentPasswordIncorrect') {
        // Shown on the field it is about, in the reader's language.
        setServerErrors({ currentPassword: ERRORS.currentPasswordIncorrect.message });
      } else {
        if (error instanceof ApiError) setServerErrors(serverFieldErrors(error.errors));
        setOutcome({ status: 'failed', error });
      }
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('security.passwordTitle')}>
      <Stack>
        <PasswordInput
          {...field('currentPassword')}
          label={t('security.currentPassword')}
          autoComplete="current-password"
        />
        <PasswordInput
          {...field('password')}
          label={t('security.newPassword')}
          description={ts('fields.passwordHint')}
          autoComplete="new-password"
        />
        <PasswordInput
          {...field('passwordConfirmation')}
          label={t('security.newPasswordConfirmation')}
          autoComplete="new-password"
        />
        <div aria-live="polite">
          {outcome?.status === 'changed' && (
            <Alert color="teal" variant="light" data-testid="password-changed">
              {t('security.passwordChanged')}
            </Alert>
          )}
          {outcome?.status === 'failed' && (
            <Alert color="red" variant="light" role="alert" data-testid="password-error">
              {errorText(outcome.error)}
            </Alert>
          )}
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('security.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
