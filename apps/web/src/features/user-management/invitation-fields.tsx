import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../components/form/form-errors';
import { useFieldMessage } from '../../components/form/use-field-message';
import { EXPIRY_DAYS, type InvitationChoices } from './invitation-values';
import { accountTypeFor, accountTypesOf, GRANTABLE_ROLES, isAccountType, isGrantableRole } from './labels';

interface InvitationFieldsProps {
  values: InvitationChoices;
  errors: FieldErrors;
  onChange: (changes: Partial<InvitationChoices>) => void;
  /** In an edit the validity may stay as it is. */
  keepExpiry?: boolean;
}

/** Role, account type and how long the link works: the choices of creating and of editing an invitation. */
export function InvitationFields({ values, errors, onChange, keepExpiry = false }: InvitationFieldsProps) {
  const { t } = useTranslation('userManagement');
  const message = useFieldMessage();
  return (
    <>
      <NativeSelect
        name="role"
        label={t('invitationForm.fields.role')}
        required
        value={values.role}
        error={message(errors.role)}
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
        name="accountType"
        label={t('invitationForm.fields.accountType')}
        required
        value={values.accountType}
        error={message(errors.accountType)}
        onChange={(event) => {
          const type = event.currentTarget.value;
          if (isAccountType(type)) onChange({ accountType: type });
        }}
        data={[
          ...(values.accountType === '' ? [{ value: '', label: t('invitationForm.fields.choose') }] : []),
          ...accountTypesOf(values.role).map((type) => ({ value: type, label: t(`accountTypes.${type}`) })),
        ]}
      />
      <NativeSelect
        name="expiresInDays"
        label={t('invitationForm.fields.expiresInDays')}
        description={t(
          keepExpiry ? 'invitationForm.fields.expiresFromNow' : 'invitationForm.fields.expiresHint',
        )}
        value={values.expiresInDays}
        error={message(errors.expiresInDays)}
        onChange={(event) => onChange({ expiresInDays: event.currentTarget.value })}
        data={[
          ...(keepExpiry ? [{ value: '', label: t('invitationForm.fields.keepExpiry') }] : []),
          ...EXPIRY_DAYS.map((days) => ({ value: String(days), label: t(`invitationForm.expiry.d${days}`) })),
        ]}
      />
    </>
  );
}
