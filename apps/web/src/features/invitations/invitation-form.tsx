import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { mergeErrors, serverFieldErrors, type FieldErrors } from '../../components/form/form-errors';
import { HINT_BELOW, NewPasswordFields } from '../signup/new-password-fields';
import { TermsAcceptance } from '../signup/terms-and-conditions';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { useFieldMessage } from '../../components/form/use-field-message';
import { useUsernameAvailability } from '../signup/use-username-availability';
import { UsernameField } from '../signup/username-field';
import { usePreferences } from '../../session/use-preferences';
import { EMPTY_INVITATION, validateInvitation, type InvitationValues } from './invitation-values';

interface InvitationFormProps {
  token: string;
  /** Called with the new username once the account exists. */
  onDone: (username: string) => void;
}

export function InvitationForm({ token, onDone }: InvitationFormProps) {
  const { t } = useTranslation('signup');
  const message = useFieldMessage();
  const errorText = useApiErrorText();
  const [values, setValues] = useState<InvitationValues>(EMPTY_INVITATION);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const completion = trpc.invitations.complete.useMutation();
  const availability = useUsernameAvailability(values.username);
  const formRef = useRef<HTMLFormElement>(null);
  const { preferences } = usePreferences();

  const validation = useMemo(
    () => validateInvitation(token, values, preferences.language),
    [token, values, preferences.language],
  );
  const errors = mergeErrors(serverErrors, checked ? validation.errors : {});

  function setField<K extends keyof InvitationValues>(key: K, value: InvitationValues[K]) {
    setValues((previous) => ({ ...previous, [key]: value }));
    setServerErrors((previous) => ({ ...previous, [key]: undefined }));
  }
  const text = (
    key: 'firstName' | 'middleName' | 'lastName' | 'dateOfBirth' | 'password' | 'passwordConfirmation',
  ) => ({
    name: key,
    value: values[key],
    error: message(errors[key]),
    // PasswordInput does not mark its input invalid itself; first-error focus looks for this too.
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (event: { currentTarget: { value: string } }) => setField(key, event.currentTarget.value),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    setFailure(null);
    if (!validation.input || availability === 'taken') {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    completion.mutate(validation.input, {
      onSuccess: (user) => onDone(user.username),
      onError(caught) {
        const error = asApiError(caught);
        if (error instanceof ApiError) {
          setServerErrors(
            error.key === 'usernameNotAvailable'
              ? { username: error.message }
              : serverFieldErrors(error.errors),
          );
        }
        setFailure(error);
      },
    });
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t('invitation.completeTitle')}>
      <Stack gap="lg">
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="invitation-complete-error">
            {errorText(failure)}
          </Alert>
        )}
        <UsernameField
          value={values.username}
          onChange={(value) => setField('username', value)}
          error={message(errors.username)}
          availability={availability}
        />
        <NewPasswordFields password={text('password')} confirmation={text('passwordConfirmation')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            {...text('firstName')}
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
          />
          <TextInput {...text('middleName')} label={t('fields.middleName')} autoComplete="additional-name" />
          <TextInput {...text('lastName')} label={t('fields.lastName')} autoComplete="family-name" required />
        </SimpleGrid>
        <TextInput
          {...text('dateOfBirth')}
          type="date"
          label={t('fields.dateOfBirth')}
          description={t('fields.dateOfBirthHint')}
          inputWrapperOrder={HINT_BELOW}
          autoComplete="bday"
          required
          maw={{ sm: 260 }}
        />
        <TermsAcceptance
          checked={values.termsAccepted}
          onChange={(accepted) => setField('termsAccepted', accepted)}
          error={message(errors.termsAccepted)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={completion.isPending}>
            {t('invitation.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
