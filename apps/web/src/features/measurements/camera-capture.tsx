import { Alert, AspectRatio, Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { useMediaStream } from '../settings/use-media-stream';
import { usePreferences } from '../../session/use-preferences';
import { ACCEPTED_IMAGES, encodePhoto, photoFromFile, type Photo } from './photo-encoding';

interface CameraCaptureProps {
  photo: Photo | null;
  onPhoto: (photo: Photo | null) => void;
}

/**
 * The camera measurement's photo: taken with the device's camera (getUserMedia) or chosen from its
 * images. The camera runs only while the preview is open, and stops when the photo is taken.
 */
export function CameraCapture({ photo, onPhoto }: CameraCaptureProps) {
  const { t } = useTranslation('measurements');
  const errorText = useApiErrorText();
  const { preferences } = usePreferences();
  const camera = useMediaStream('video');
  const video = useRef<HTMLVideoElement>(null);
  const [wrongFile, setWrongFile] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = camera.stream;
    if (camera.stream) void element.play().catch(() => undefined);
  }, [camera.stream]);

  const capture = () => {
    const element = video.current;
    if (!element) return;
    onPhoto(encodePhoto(element, element.videoWidth, element.videoHeight));
    camera.stop();
  };
  const upload = (file: File | null) => {
    if (!file) return;
    setWrongFile(false);
    photoFromFile(file).then(onPhoto, () => setWrongFile(true));
  };

  if (photo) {
    return (
      <Stack gap="xs" align="flex-start">
        <Image src={photo.dataUrl} alt={t('camera.photo')} maw={360} radius="md" data-testid="photo-preview" />
        <Button variant="default" onClick={() => onPhoto(null)}>
          {t('camera.retake')}
        </Button>
      </Stack>
    );
  }

  const previewing = camera.stream !== null || camera.starting;
  return (
    <Stack gap="xs">
      {previewing && (
        <AspectRatio ratio={4 / 3} maw={360} w="100%">
          <Box bg="dark.7" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            <video ref={video} muted playsInline autoPlay aria-label={t('camera.preview')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          </Box>
        </AspectRatio>
      )}
      {camera.starting && (
        <Text size="sm" c="dimmed" role="status">
          {t('camera.starting')}
        </Text>
      )}
      <Group gap="xs">
        {camera.stream ? (
          <>
            <Button onClick={capture} data-testid="camera-capture">
              {t('camera.capture')}
            </Button>
            <Button variant="default" onClick={camera.stop}>
              {t('camera.cancel')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={() => void camera.start(preferences.cameraId || undefined)} loading={camera.starting}>
              {t('camera.take')}
            </Button>
            <FileButton onChange={upload} accept={ACCEPTED_IMAGES.join(',')}>
              {(props) => (
                <Button variant="default" {...props} data-testid="photo-upload">
                  {t('camera.upload')}
                </Button>
              )}
            </FileButton>
          </>
        )}
      </Group>
      {camera.error !== null && camera.error !== undefined && (
        <Alert color="red" variant="light" role="alert">
          {errorText(camera.error)}
        </Alert>
      )}
      {wrongFile && (
        <Alert color="red" variant="light" role="alert">
          {t('camera.wrongType')}
        </Alert>
      )}
    </Stack>
  );
}
