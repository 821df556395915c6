import { Box, Divider, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../session/use-preferences';
import { DeviceSelect } from '../settings/device-select';
import { MediaErrorAlert } from '../settings/media-error-alert';
import { MicrophoneLevel } from '../settings/microphone-level';
import { SpeakerTest } from '../settings/speaker-test';
import { useMediaDevices } from '../settings/use-media-devices';
import type { CheckCaller } from './measure-network';
import { NetworkCheckPanel } from './network-check-panel';
import type { PreCallMedia } from './use-pre-call-media';

interface PreCallCheckProps {
  media: PreCallMedia;
  /** Whether the camera and microphone were asked for (Settings asks only once the check starts). */
  opened: boolean;
  /**
   * The checks that run by themselves run: the network check at once (else on its button) and the
   * microphone's level. Turned off (the person joins), both stop: the call needs the machine.
   */
  running: boolean;
  caller?: CheckCaller;
}

/**
 * The pre-call check (issue 18), the same on the pre-join screen and in Settings → Video: the camera
 * (a live preview and a clear on/off), the microphone (on/off and its level), the speaker (a tone)
 * and the network, with a plain verdict. The on/off choices and the devices are kept on this device.
 */
export function PreCallCheck({ media, opened, running, caller = {} }: PreCallCheckProps) {
  const { t } = useTranslation('settings');
  const { preferences, setPreference } = usePreferences();
  const cameras = useMediaDevices('videoinput');
  const microphones = useMediaDevices('audioinput');
  const video = useRef<HTMLVideoElement>(null);
  const { stream, choice } = media;
  const hasCamera = (stream?.getVideoTracks().length ?? 0) > 0;
  const showVideo = hasCamera && choice.camera;
  const hearing = useMemo(
    () => (stream && choice.microphone && stream.getAudioTracks().length > 0 ? stream : null),
    [stream, choice.microphone],
  );
  const refreshCameras = cameras.refresh;
  const refreshMicrophones = microphones.refresh;

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
    // With permission given, the browser now tells the devices' names.
    if (stream) {
      void refreshCameras();
      void refreshMicrophones();
    }
  }, [stream, showVideo, refreshCameras, refreshMicrophones]);

  const previewText = !opened
    ? t('callCheck.notStarted')
    : media.error
      ? ''
      : !stream
        ? t('callCheck.opening')
        : t('callCheck.cameraOff');
  return (
    <Stack
      gap="md"
      data-testid="pre-call-check"
      // Whether the camera and microphone are open, for whoever waits on them (the e2e suite).
      data-media={stream ? 'open' : media.error ? 'failed' : opened ? 'opening' : 'closed'}
    >
      <Box
        bg="dark.8"
        h={{ base: 200, sm: 280 }}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {showVideo ? (
          // Mirrored like a mirror, as people expect to see themselves; muted: no sound in a preview.
          <video
            ref={video}
            autoPlay
            playsInline
            muted
            aria-label={t('media.preview')}
            data-testid="preview-video"
            style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
          />
        ) : (
          <Text c="gray.4" ta="center" px="md" data-testid="preview-off">
            {previewText}
          </Text>
        )}
      </Box>
      <MediaErrorAlert error={media.error} testId="preview-error" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Stack gap="xs">
          <Switch
            size="md"
            checked={choice.camera}
            onChange={(event) => media.setChoice('camera', event.currentTarget.checked)}
            label={t('callCheck.cameraOn')}
            description={choice.camera ? t('callCheck.startsOn') : t('callCheck.startsOff')}
            data-testid="camera-switch"
          />
          <DeviceSelect
            label={t('media.camera')}
            unnamed={(n) => t('media.unnamedCamera', { n })}
            devices={cameras.devices}
            value={preferences.cameraId}
            onChange={(id) => setPreference('cameraId', id)}
            testId="camera-select"
          />
        </Stack>
        <Stack gap="xs">
          <Switch
            size="md"
            checked={choice.microphone}
            onChange={(event) => media.setChoice('microphone', event.currentTarget.checked)}
            label={t('callCheck.microphoneOn')}
            description={choice.microphone ? t('callCheck.startsOn') : t('callCheck.startsOff')}
            data-testid="microphone-switch"
          />
          <DeviceSelect
            label={t('media.microphone')}
            unnamed={(n) => t('media.unnamedMicrophone', { n })}
            devices={microphones.devices}
            value={preferences.microphoneId}
            onChange={(id) => setPreference('microphoneId', id)}
            testId="microphone-select"
          />
          <MicrophoneLevel
            stream={running ? hearing : null}
            hint={hearing ? t('media.speakNow') : t('callCheck.microphoneSilent')}
          />
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('callCheck.remembered')}
      </Text>
      <Divider />
      <SpeakerTest />
      <Divider />
      <NetworkCheckPanel caller={caller} auto={running} />
    </Stack>
  );
}
