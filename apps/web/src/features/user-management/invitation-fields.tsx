import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SchemaFormField } from '../../components/form/use-schema-form';
import { EXPIRY_DAYS, type InvitationChoices } from './invitation-values';
import { accountTypeFor, accountTypesOf, GRANTABLE_ROLES, isGrantableRole } from './labels';

interface InvitationFieldsProps {
  field: SchemaFormField<InvitationChoices>;
  values: InvitationChoices;
  onChange: (changes: Partial<InvitationChoices>) => void;
  /** In an edit the validity may stay as it is. */
  keepExpiry?: boolean;
}

/** Role, account type and how long the link works: the choices of creating and of editing an invitation. */
export function InvitationFields({ field, values, onChange, keepExpiry = false }: InvitationFieldsProps) {
  const { t } = useTranslation('userManagement');
  return (
    <>
      <NativeSelect
        {...field('role')}
        label={t('invitationForm.fields.role')}
        required
        onChange={(event) => {
          const role = event.currentTarget.value;
          if (!isGrantableRole(role)) return;
          // The usual account type comes with the role unless one was already chosen.
          onChange({ role, accountType: accountTypeFor(role, values.accountType) });
        }}
        data={[
          ...(values.role === '' ? [{ value: '', label: t('invitationForm.fields.choose') }] : []),
          ...GRANTABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
        ]}
      />
      <NativeSelect
        {...field('accountType')}
        label={t('invitationForm.fields.accountType')}
        required
        data={[
          ...(values.accountType === '' ? [{ value: '', label: t('invitationForm.fields.choose') }] : []),
          ...accountTypesOf(values.role).map((type) => ({ value: type, label: t(`accountTypes.${type}`) })),
        ]}
      />
      <NativeSelect
        {...field('expiresInDays')}
        label={t('invitationForm.fields.expiresInDays')}
        description={t(
          keepExpiry ? 'invitationForm.fields.expiresFromNow' : 'invitationForm.fields.expiresHint',
        )}
        data={[
          ...(keepExpiry ? [{ value: '', label: t('invitationForm.fields.keepExpiry') }] : []),
          ...EXPIRY_DAYS.map((days) => ({ value: String(days), label: t(`invitationForm.expiry.d${days}`) })),
        ]}
      />
    </>
  );
}
