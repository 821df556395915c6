import { Button, Group, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { User } from '@opencare/schemas/entities/user';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNotifyError } from '../../components/notifications/use-notify';
import { ROUTES } from '../../route-paths';
import { mergeErrors, type FieldErrors } from '../../components/form/form-errors';
import { useFieldMessage } from '../../components/form/use-field-message';
import { hasFieldErrors, serverErrorsOf } from './field-errors';
import { FormSection } from './form-section';
import { accountTypeFor, accountTypesOf, GRANTABLE_ROLES, isAccountType, isGrantableRole } from './labels';
import { useFocusFirstError } from './use-focus-first-error';
import {
  EMPTY_NEW_USER,
  newUserInput,
  SPECIALTIES,
  type NewUserValues,
  type SpecialtyCode,
} from './user-create-values';
import { useCreateUserMutation } from './user-management-queries';

type TextField = 'username' | 'password' | 'email' | 'phone' | 'firstName' | 'lastName' | 'dateOfBirth';

/** Create a user with one default account and one role; the server's refusals are shown on their fields. */
export function UserCreateForm({ onCreated }: { onCreated: (user: User) => void }) {
  const { t } = useTranslation('userManagement');
  const message = useFieldMessage();
  const notifyError = useNotifyError();
  const { formRef, focusFirstError } = useFocusFirstError();
  const [values, setValues] = useState<NewUserValues>(EMPTY_NEW_USER);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const mutation = useCreateUserMutation();
  const saving = mutation.isPending;

  const parsed = useMemo(() => newUserInput(values), [values]);
  const errors = mergeErrors(serverErrors, checked && parsed.errors ? parsed.errors : {});

  function set(changes: Partial<NewUserValues>) {
    setValues((previous) => ({ ...previous, ...changes }));
    setServerErrors((previous) => ({
      ...previous,
      ...Object.fromEntries(Object.keys(changes).map((k) => [k, undefined])),
    }));
  }
  const text = (name: TextField) => ({
    name,
    value: values[name],
    error: message(errors[name]),
    onChange: (event: { currentTarget: { value: string } }) => set({ [name]: event.currentTarget.value }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (!parsed.input) {
      focusFirstError();
      return;
    }
    try {
      onCreated(await mutation.mutateAsync(parsed.input));
    } catch (error) {
      // A taken username or e-mail belongs on both fields: the server does not say which it was.
      const onFields = serverErrorsOf(error, { usernameOrEmailTaken: ['username', 'email'] });
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
      aria-label={t('userForm.createTitle')}
    >
      <Stack>
        <FormSection legend={t('userForm.sections.access')}>
          <NativeSelect
            name="role"
            label={t('userForm.fields.role')}
            required
            value={values.role}
            error={message(errors.role)}
            onChange={(event) => {
              const role = event.currentTarget.value;
              if (!isGrantableRole(role)) return;
              // The usual account type comes with the role; the admin can still change it.
              set({ role, accountType: accountTypeFor(role, values.accountType) });
            }}
            data={[
              ...(values.role === '' ? [{ value: '', label: t('userForm.fields.choose') }] : []),
              ...GRANTABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
            ]}
          />
          <NativeSelect
            name="accountType"
            label={t('userForm.fields.accountType')}
            required
            value={values.accountType}
            error={message(errors.accountType)}
            onChange={(event) => {
              const type = event.currentTarget.value;
              if (isAccountType(type)) set({ accountType: type });
            }}
            data={[
              ...(values.accountType === '' ? [{ value: '', label: t('userForm.fields.choose') }] : []),
              ...accountTypesOf(values.role).map((type) => ({
                value: type,
                label: t(`accountTypes.${type}`),
              })),
            ]}
          />
          {values.accountType === 'prov' && (
            <NativeSelect
              name="specialty"
              label={t('userForm.fields.specialty')}
              value={values.specialty}
              error={message(errors.specialty)}
              onChange={(event) => set({ specialty: event.currentTarget.value as SpecialtyCode | '' })}
              data={[
                { value: '', label: t('userForm.fields.noSpecialty') },
                ...SPECIALTIES.map((code) => ({ value: code, label: t(`specialties.${code}`) })),
              ]}
            />
          )}
        </FormSection>
        <FormSection legend={t('userForm.sections.signIn')}>
          <TextInput
            {...text('username')}
            label={t('userForm.fields.username')}
            description={t('userForm.fields.usernameHint')}
            required
            autoComplete="off"
            dir="ltr"
          />
          <PasswordInput
            {...text('password')}
            label={t('userForm.fields.password')}
            description={t('userForm.fields.passwordHint')}
            required
            autoComplete="new-password"
            aria-invalid={errors.password ? true : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('userForm.fields.togglePassword') }}
          />
        </FormSection>
        <FormSection legend={t('userForm.sections.person')}>
          <TextInput
            {...text('firstName')}
            label={t('userForm.fields.firstName')}
            required
            autoComplete="off"
          />
          <TextInput
            {...text('lastName')}
            label={t('userForm.fields.lastName')}
            required
            autoComplete="off"
          />
          <TextInput
            {...text('email')}
            type="email"
            label={t('userForm.fields.email')}
            required
            autoComplete="off"
            dir="ltr"
          />
          <TextInput
            {...text('phone')}
            type="tel"
            label={t('userForm.fields.phone')}
            autoComplete="off"
            dir="ltr"
          />
          <TextInput {...text('dateOfBirth')} type="date" label={t('userForm.fields.dateOfBirth')} />
        </FormSection>
        <Group justify="flex-end">
          <Button component={Link} to={ROUTES.userList} variant="default">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('userForm.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
