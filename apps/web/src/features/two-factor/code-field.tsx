import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CodeFieldProps extends Omit<TextInputProps, 'label' | 'description'> {
  /** At sign-in and for changes a recovery code is accepted too; confirming a set-up needs the app's code. */
  allowRecovery?: boolean;
}

/** The six-digit code from the authenticator app (or a recovery code); the form gives value, error and name. */
export function CodeField({ allowRecovery = true, ...input }: CodeFieldProps) {
  const { t } = useTranslation('settings');
  return (
    <TextInput
      {...input}
      label={t('twoFactor.codeLabel')}
      description={allowRecovery ? t('twoFactor.codeHint') : t('twoFactor.codeHintApp')}
      autoComplete="one-time-code"
      inputMode={allowRecovery ? 'text' : 'numeric'}
      autoCapitalize="none"
      spellCheck={false}
      dir="ltr"
      maxLength={allowRecovery ? 64 : 6}
      required
    />
  );
}
