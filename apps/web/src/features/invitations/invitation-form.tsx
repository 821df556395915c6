import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { completeInvitationInputSchema } from '@opencare/schemas/entities/care';
import { ERRORS } from '@opencare/schemas/errors';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { retypeIssues } from '../../components/form/form-errors';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { usePreferences } from '../../session/use-preferences';
import { HINT_BELOW, NewPasswordFields } from '../signup/new-password-fields';
import { TermsAcceptance } from '../signup/terms-and-conditions';
import { useUsernameAvailability } from '../signup/use-username-availability';
import { UsernameField } from '../signup/username-field';
import { EMPTY_INVITATION, invitationBody } from './invitation-values';
import { DateField } from '../../components/dates/date-field';

interface InvitationFormProps {
  token: string;
  /** Called with the new username once the account exists. */
  onDone: (username: string) => void;
}

export function InvitationForm({ token, onDone }: InvitationFormProps) {
  const { t } = useTranslation('signup');
  const { preferences } = usePreferences();
  const completion = trpc.invitations.complete.useMutation();
  const { form, field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: completeInvitationInputSchema,
    initialValues: EMPTY_INVITATION,
    toBody: (values) => invitationBody(token, values, preferences.language),
    check: (values) => ({
      ...retypeIssues(values, [['password', 'passwordConfirmation', 'Password']]),
      ...(availability === 'taken' ? { username: ERRORS.usernameNotAvailable.message } : {}),
    }),
    fieldsOfKey: { usernameNotAvailable: 'username' },
    submit: completion.mutateAsync,
    onSuccess: (user) => onDone(user.username),
  });
  const availability = useUsernameAvailability(form.values.username);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('invitation.completeTitle')}>
      <Stack gap="lg">
        <FormFailure text={failureText} testId="invitation-complete-error" />
        <UsernameField {...field('username')} availability={availability} />
        <NewPasswordFields password={field('password')} confirmation={field('passwordConfirmation')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput {...field('firstName')} label={t('fields.firstName')} autoComplete="given-name" required />
          <TextInput {...field('middleName')} label={t('fields.middleName')} autoComplete="additional-name" />
          <TextInput {...field('lastName')} label={t('fields.lastName')} autoComplete="family-name" required />
        </SimpleGrid>
        <DateField
          {...field('dateOfBirth')}
          label={t('fields.dateOfBirth')}
          description={t('fields.dateOfBirthHint')}
          inputWrapperOrder={HINT_BELOW}
          required
          maw={{ sm: 260 }}
        />
        <TermsAcceptance {...field('termsAccepted', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {t('invitation.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
