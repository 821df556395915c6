import { Loader, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Availability } from './use-username-availability';

interface UsernameFieldProps {
  value?: string;
  onChange: (value: string) => void;
  /** A translated rule message; it wins over the availability note. */
  error: string | undefined;
  availability: Availability;
}

/** The username with its live availability, announced politely as it changes. */
export function UsernameField({ value, onChange, error, availability }: UsernameFieldProps) {
  const { t } = useTranslation(['signup', 'fields']);
  const taken = availability === 'taken';
  // A refusal under the field (the server's, say) outranks an earlier "available": never both at once.
  const note =
    error !== undefined ? (
      t('username.hint')
    ) : availability === 'checking' ? (
      <Text span size="xs" c="dimmed">
        {t('username.checking')}
      </Text>
    ) : availability === 'available' ? (
      <Text span size="xs" c="teal.8" fw={500}>
        {t('username.available')}
      </Text>
    ) : availability === 'unknown' ? (
      <Text span size="xs" c="dimmed">
        {t('username.unknown')}
      </Text>
    ) : (
      t('username.hint')
    );

  return (
    <TextInput
      label={t('fields.username')}
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error ?? (taken ? t('fields:validation.usernameTaken') : undefined)}
      description={
        <span aria-live="polite" data-testid="username-availability" data-state={availability}>
          {note}
        </span>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      rightSection={availability === 'checking' ? <Loader size="xs" aria-hidden /> : null}
      dir="ltr"
    />
  );
}
