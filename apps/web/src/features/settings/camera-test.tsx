import { AspectRatio, Box, Button, Center, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceSelect } from './device-select';
import { MediaErrorAlert } from './media-error-alert';
import { usePreferences } from '../../session/use-preferences';
import { useMediaDevices } from './use-media-devices';
import { useMediaStream } from './use-media-stream';

/** Choose a camera and see its picture. The camera starts only when asked to. */
export function CameraTest() {
  const { t } = useTranslation('settings');
  const { preferences, setPreference } = usePreferences();
  const { devices, error: listError, refresh } = useMediaDevices('videoinput');
  const camera = useMediaStream('video');
  const video = useRef<HTMLVideoElement>(null);
  const previewing = camera.stream !== null;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = camera.stream;
    if (camera.stream) void element.play().catch(() => undefined);
    if (camera.stream) void refresh();
  }, [camera.stream, refresh]);

  return (
    <Stack>
      <DeviceSelect
        label={t('media.camera')}
        unnamed={(n) => t('media.unnamedCamera', { n })}
        devices={devices}
        value={preferences.cameraId}
        onChange={(id) => {
          setPreference('cameraId', id);
          if (previewing) void camera.start(id || undefined);
        }}
        testId="camera-select"
      />
      <AspectRatio ratio={4 / 3} maw={480} w="100%">
        <Box bg="dark.7" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
          {/* Mirrored like a mirror, as people expect to see themselves; muted: no sound in a preview. */}
          <video
            ref={video}
            muted
            playsInline
            autoPlay
            aria-label={t('media.preview')}
            data-testid="camera-preview"
            style={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              transform: 'scaleX(-1)',
              display: previewing ? 'block' : 'none',
            }}
          />
          {!previewing && (
            <Center h="100%">
              <Text c="gray.4" size="sm" ta="center" px="md">
                {t('media.previewOff')}
              </Text>
            </Center>
          )}
        </Box>
      </AspectRatio>
      <MediaErrorAlert error={camera.error ?? listError} testId="camera-error" />
      <Group>
        {previewing ? (
          <Button variant="default" onClick={camera.stop}>
            {t('media.stopCamera')}
          </Button>
        ) : (
          <Button
            loading={camera.starting}
            onClick={() => void camera.start(preferences.cameraId || undefined)}
          >
            {t('media.startCamera')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
