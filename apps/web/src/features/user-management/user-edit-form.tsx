import { Button, Group, Stack, TextInput } from '@mantine/core';
import { updateUserInputSchema, type UpdateUserInput } from '@opencare/schemas/entities/user';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { pathTo } from '../../route-paths';
import { FormSection } from './form-section';
import { useUpdateUserMutation, type ManagedUser } from './user-management-queries';

interface ContactValues {
  email: string;
  phone: string;
}

/**
 * The user DTO carries no phone; the default account's profile has the one given at creation, which
 * is the best there is to start from.
 */
function initialValues({ summary, user }: ManagedUser): ContactValues {
  const main = user.accounts.find((a) => a.isDefault) ?? user.accounts[0];
  return { email: summary.email, phone: main?.profile.phone ?? '' };
}

/** Only what changed is sent; a cleared phone is null. */
function changesOf(initial: ContactValues, values: ContactValues): UpdateUserInput {
  const body: UpdateUserInput = {};
  if (values.email.trim() !== initial.email) body.email = values.email;
  if (values.phone.trim() !== initial.phone) body.phone = values.phone.trim() === '' ? null : values.phone;
  return body;
}

/** What an admin may change of another person's sign-in: e-mail and phone. */
export function UserEditForm({ managed, onSaved }: { managed: ManagedUser; onSaved: () => void }) {
  const { t } = useTranslation('userManagement');
  const initial = useMemo(() => initialValues(managed), [managed]);
  const mutation = useUpdateUserMutation();
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: updateUserInputSchema,
    initialValues: initial,
    toBody: (values) => changesOf(initial, values),
    fieldsOfKey: { usernameOrEmailTaken: 'email' },
    submit: async (changes) => {
      // Nothing changed: nothing to send.
      if (Object.keys(changes).length > 0) await mutation.mutateAsync({ id: managed.user.id, changes });
    },
    onSuccess: onSaved,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('userForm.editTitle')}>
      <Stack>
        <FormFailure text={failureText} testId="user-form-error" />
        <FormSection legend={t('userForm.sections.contact')}>
          <TextInput
            {...field('email')}
            dir="ltr"
            type="email"
            label={t('userForm.fields.email')}
            required
            autoComplete="off"
          />
          <TextInput {...field('phone')} dir="ltr" type="tel" label={t('userForm.fields.phone')} autoComplete="off" />
        </FormSection>
        <Group justify="flex-end">
          <Button
            component={Link}
            to={pathTo('userView', { username: managed.user.username })}
            variant="default"
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('userForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
