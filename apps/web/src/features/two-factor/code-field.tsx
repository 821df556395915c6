import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** At sign-in and for changes a recovery code is accepted too; confirming a set-up needs the app's code. */
  allowRecovery?: boolean;
  autoFocus?: boolean;
}

/** The six-digit code from the authenticator app (or a recovery code). */
export function CodeField({ value, onChange, error, allowRecovery = true, autoFocus }: CodeFieldProps) {
  const { t } = useTranslation('settings');
  return (
    <TextInput
      name="code"
      label={t('twoFactor.codeLabel')}
      description={allowRecovery ? t('twoFactor.codeHint') : t('twoFactor.codeHintApp')}
      autoComplete="one-time-code"
      inputMode={allowRecovery ? 'text' : 'numeric'}
      autoCapitalize="none"
      spellCheck={false}
      dir="ltr"
      maxLength={allowRecovery ? 64 : 6}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
