import { Button, Group, Stack, TextInput } from '@mantine/core';
import { updateUserInputSchema, type UpdateUserInput } from '@opencare/schemas/entities/user';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNotifyError } from '../../components/notifications/use-notify';
import { pathTo } from '../../route-paths';
import { mergeErrors, type FieldErrors } from '../../components/form/form-errors';
import { useFieldMessage } from '../../components/form/use-field-message';
import { fieldErrorsOf, hasFieldErrors, serverErrorsOf } from './field-errors';
import { FormSection } from './form-section';
import { useFocusFirstError } from './use-focus-first-error';
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
function changesOf(initial: ContactValues, values: ContactValues) {
  const body: UpdateUserInput = {};
  if (values.email.trim() !== initial.email) body.email = values.email;
  if (values.phone.trim() !== initial.phone) body.phone = values.phone.trim() === '' ? null : values.phone;
  const result = updateUserInputSchema.safeParse(body);
  return result.success
    ? { body: result.data, errors: {} }
    : { body: null, errors: fieldErrorsOf(result.error.issues) };
}

/** What an admin may change of another person's sign-in: e-mail and phone. */
export function UserEditForm({ managed, onSaved }: { managed: ManagedUser; onSaved: () => void }) {
  const { t } = useTranslation('userManagement');
  const message = useFieldMessage();
  const notifyError = useNotifyError();
  const { formRef, focusFirstError } = useFocusFirstError();
  const initial = useMemo(() => initialValues(managed), [managed]);
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const mutation = useUpdateUserMutation();
  const saving = mutation.isPending;

  const changes = useMemo(() => changesOf(initial, values), [initial, values]);
  const errors = mergeErrors(serverErrors, checked ? changes.errors : {});
  const field = (name: keyof ContactValues) => ({
    name,
    value: values[name],
    error: message(errors[name]),
    dir: 'ltr',
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      setServerErrors((previous) => ({ ...previous, [name]: undefined }));
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (!changes.body) {
      focusFirstError();
      return;
    }
    if (Object.keys(changes.body).length === 0) {
      onSaved();
      return;
    }
    try {
      await mutation.mutateAsync({ id: managed.user.id, changes: changes.body });
      onSaved();
    } catch (error) {
      const onFields = serverErrorsOf(error, { usernameOrEmailTaken: ['email'] });
      setServerErrors(onFields);
      if (hasFieldErrors(onFields)) focusFirstError();
      else notifyError(error);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('userForm.editTitle')}
    >
      <Stack>
        <FormSection legend={t('userForm.sections.contact')}>
          <TextInput
            {...field('email')}
            type="email"
            label={t('userForm.fields.email')}
            required
            autoComplete="off"
          />
          <TextInput {...field('phone')} type="tel" label={t('userForm.fields.phone')} autoComplete="off" />
        </FormSection>
        <Group justify="flex-end">
          <Button
            component={Link}
            to={pathTo('userView', { username: managed.user.username })}
            variant="default"
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('userForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
