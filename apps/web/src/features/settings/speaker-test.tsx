import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceSelect } from './device-select';
import { canChooseSpeaker } from './media';
import { MediaErrorAlert } from './media-error-alert';
import { playTone } from './play-tone';
import { usePreferences } from '../../session/use-preferences';
import { useMediaDevices } from './use-media-devices';

/** Choose a speaker (where the browser allows it) and hear a short tone on it. */
export function SpeakerTest() {
  const { t } = useTranslation('settings');
  const { preferences, setPreference } = usePreferences();
  const { devices } = useMediaDevices('audiooutput');
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const choosable = canChooseSpeaker();

  async function play() {
    setPlaying(true);
    setError(null);
    try {
      await playTone(choosable ? preferences.speakerId || undefined : undefined);
    } catch (failure) {
      setError(failure);
    } finally {
      setPlaying(false);
    }
  }

  return (
    <Stack>
      {choosable ? (
        <DeviceSelect
          label={t('media.speaker')}
          unnamed={(n) => t('media.unnamedSpeaker', { n })}
          devices={devices}
          value={preferences.speakerId}
          onChange={(id) => setPreference('speakerId', id)}
          testId="speaker-select"
        />
      ) : (
        <Text size="sm" c="dimmed" data-testid="speaker-default-only">
          {t('media.speakerDefaultOnly')}
        </Text>
      )}
      <MediaErrorAlert error={error} testId="speaker-error" />
      <Group>
        <Button variant="default" loading={playing} onClick={() => void play()}>
          {t('media.playTone')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('media.toneHint')}
      </Text>
    </Stack>
  );
}
