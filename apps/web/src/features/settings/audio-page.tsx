import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MicrophoneTest } from './microphone-test';
import { SettingsSection } from './settings-section';
import { SpeakerTest } from './speaker-test';

export function AudioPage() {
  const { t } = useTranslation('settings');
  return (
    <Stack>
      <SettingsSection title={t('media.microphoneTitle')} description={t('media.microphoneDescription')}>
        <MicrophoneTest />
      </SettingsSection>
      <SettingsSection title={t('media.speakerTitle')} description={t('media.speakerDescription')}>
        <SpeakerTest />
      </SettingsSection>
    </Stack>
  );
}
