import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SELF_SIGNUP_ACCOUNT_TYPES, type SelfSignupAccountType } from './signup-values';

interface AccountTypeFieldProps {
  /** Optional only because Mantine's input props type it so; the form always gives one. */
  value?: SelfSignupAccountType | '';
  onChange: (value: SelfSignupAccountType) => void;
  error: string | undefined;
}

function isSelfSignupType(value: string): value is SelfSignupAccountType {
  return (SELF_SIGNUP_ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** Patient or caregiver; the description says why there is no provider choice. */
export function AccountTypeField({ value, onChange, error }: AccountTypeFieldProps) {
  const { t } = useTranslation('signup');
  return (
    <Radio.Group
      name="accountType"
      label={t('fields.accountType')}
      description={t('accountType.providersInvited')}
      required
      value={value}
      onChange={(next) => {
        if (isSelfSignupType(next)) onChange(next);
      }}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {SELF_SIGNUP_ACCOUNT_TYPES.map((type) => (
          <Radio
            key={type}
            value={type}
            label={t(`accountType.${type}.label`)}
            description={t(`accountType.${type}.description`)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
