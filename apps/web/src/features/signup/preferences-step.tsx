import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageControl, TextSizeControl, ThemeControl } from '../settings/preference-controls';

/** Language, text size and theme apply at once, so the rest of sign-up is already as chosen. */
export function PreferencesStep() {
  const { t } = useTranslation('signup');
  return (
    <Stack gap="lg">
      <Text>{t('preferences.intro')}</Text>
      <LanguageControl />
      <TextSizeControl />
      <ThemeControl />
    </Stack>
  );
}
