import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CallEngineControl, LanguageControl, TextSizeControl, ThemeControl } from './preference-controls';
import { SettingsSection } from './settings-section';

/** Text size, language, theme and call engine; each applies the moment it is chosen. */
export function PreferencesPage() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection
      title={t('preferences.title')}
      description={t('preferences.description')}
      testId="preferences"
    >
      <Stack gap="xl">
        <TextSizeControl />
        <LanguageControl />
        <ThemeControl />
        <CallEngineControl />
      </Stack>
    </SettingsSection>
  );
}
