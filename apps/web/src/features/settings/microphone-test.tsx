import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceSelect } from './device-select';
import { MediaErrorAlert } from './media-error-alert';
import { MicrophoneLevel } from './microphone-level';
import { usePreferences } from '../../session/use-preferences';
import { useMediaDevices } from './use-media-devices';
import { useMediaStream } from './use-media-stream';

/** Choose a microphone and see it hear you: a level bar that moves as you speak. */
export function MicrophoneTest() {
  const { t } = useTranslation('settings');
  const { preferences, setPreference } = usePreferences();
  const { devices, error: listError, refresh } = useMediaDevices('audioinput');
  const microphone = useMediaStream('audio');
  const testing = microphone.stream !== null;

  // With permission given, the browser now tells the devices' names.
  useEffect(() => {
    if (microphone.stream) void refresh();
  }, [microphone.stream, refresh]);

  return (
    <Stack>
      <DeviceSelect
        label={t('media.microphone')}
        unnamed={(n) => t('media.unnamedMicrophone', { n })}
        devices={devices}
        value={preferences.microphoneId}
        onChange={(id) => {
          setPreference('microphoneId', id);
          if (testing) void microphone.start(id || undefined);
        }}
        testId="microphone-select"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('media.level')}
        </Text>
        <MicrophoneLevel stream={microphone.stream} hint={testing ? t('media.speakNow') : t('media.levelHint')} />
      </Stack>
      <MediaErrorAlert error={microphone.error ?? listError} testId="microphone-error" />
      <Group>
        {testing ? (
          <Button variant="default" onClick={microphone.stop}>
            {t('media.stopTest')}
          </Button>
        ) : (
          <Button
            loading={microphone.starting}
            onClick={() => void microphone.start(preferences.microphoneId || undefined)}
          >
            {t('media.testMicrophone')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
