import { Button, Group, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { createUserInputSchema, type User } from '@opencare/schemas/entities/user';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { ROUTES } from '../../route-paths';
import { FormSection } from './form-section';
import { accountTypeFor, accountTypesOf, GRANTABLE_ROLES, isGrantableRole } from './labels';
import { EMPTY_NEW_USER, newUserBody, SPECIALTIES } from './user-create-values';
import { useCreateUserMutation } from './user-management-queries';
import { DateField } from '../../components/dates/date-field';

/** Create a user with one default account and one role; the server's refusals are shown on their fields. */
export function UserCreateForm({ onCreated }: { onCreated: (user: User) => void }) {
  const { t } = useTranslation('userManagement');
  const mutation = useCreateUserMutation();
  const { form, field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: createUserInputSchema,
    initialValues: EMPTY_NEW_USER,
    toBody: newUserBody,
    // A taken username or e-mail belongs on both fields: the server does not say which it was.
    fieldsOfKey: { usernameOrEmailTaken: ['username', 'email'] },
    submit: mutation.mutateAsync,
    onSuccess: onCreated,
  });
  const values = form.values;
  const text = field;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('userForm.createTitle')}>
      <Stack>
        <FormFailure text={failureText} testId="user-form-error" />
        <FormSection legend={t('userForm.sections.access')}>
          <NativeSelect
            {...field('role')}
            label={t('userForm.fields.role')}
            required
            onChange={(event) => {
              const role = event.currentTarget.value;
              if (!isGrantableRole(role)) return;
              // The usual account type comes with the role; the admin can still change it.
              form.setValues({ role, accountType: accountTypeFor(role, values.accountType) });
            }}
            data={[
              ...(values.role === '' ? [{ value: '', label: t('userForm.fields.choose') }] : []),
              ...GRANTABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
            ]}
          />
          <NativeSelect
            {...field('accountType')}
            label={t('userForm.fields.accountType')}
            required
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
              {...field('specialty')}
              label={t('userForm.fields.specialty')}
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
          <DateField
            {...text('dateOfBirth')}
            label={t('userForm.fields.dateOfBirth')}
          />
        </FormSection>
        <Group justify="flex-end">
          <Button component={Link} to={ROUTES.userList} variant="default">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('userForm.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
