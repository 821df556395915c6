import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Visit } from '@opencare/schemas/entities/appointments';
import type { ErrorKey } from '@opencare/schemas/errors';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { formatDate, formatTime } from '../../appointments/format';

interface PreJoinProps {
  visit: Visit;
  /** Whose eyes: the patient sees the provider's name, a clinician the patient's. */
  clinician: boolean;
  preview: MediaStream | null;
  previewError: ErrorKey | null;
  joining: boolean;
  activeElsewhere: boolean;
  error: unknown;
  onJoin: () => void;
  onTakeOver: () => void;
}

/** Before the call: the visit, a device check (the camera's preview) and the join button. */
export function PreJoin(props: PreJoinProps) {
  const { t, i18n } = useTranslation('visits');
  const { t: tc } = useTranslation();
  const { appointment } = props.visit;
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (video.current) video.current.srcObject = props.preview;
  }, [props.preview]);

  const hasVideo = (props.preview?.getVideoTracks().length ?? 0) > 0;
  return (
    <Stack gap="md" maw={720} mx="auto" data-testid="pre-join">
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('preJoin.title')}
          </Title>
          <Text data-testid="pre-join-with">
            {props.clinician
              ? t('preJoin.patient', { name: appointment.patient.fullName })
              : t('preJoin.provider', { name: appointment.provider.fullName })}
          </Text>
          <Text c="dimmed">
            {formatDate(appointment.startsAt, i18n.language)} ·{' '}
            <bdi>
              {formatTime(appointment.startsAt, i18n.language)} –{' '}
              {formatTime(appointment.endsAt, i18n.language)}
            </bdi>
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={600}>{t('preJoin.deviceCheck')}</Text>
          <Box
            bg="dark.8"
            h={{ base: 200, sm: 300 }}
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              overflow: 'hidden',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            {hasVideo ? (
              <video
                ref={video}
                autoPlay
                playsInline
                muted
                data-testid="preview-video"
                style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
              />
            ) : (
              <Text c="gray.4">{props.previewError ? '' : t('preJoin.noPreview')}</Text>
            )}
          </Box>
          {props.previewError && (
            <Alert color="orange" variant="light" data-testid="preview-error">
              {errorMessageOf(tc, props.previewError)}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('preJoin.videoOffHint')}
          </Text>
        </Stack>
      </Paper>
      {props.error !== null && props.error !== undefined && (
        <Alert color="red" variant="light" role="alert" data-testid="join-error">
          {errorMessageOf(tc, props.error)}
        </Alert>
      )}
      {props.activeElsewhere ? (
        <Alert color="yellow" variant="light" data-testid="active-elsewhere">
          <Stack gap="sm">
            <Text>{errorMessageOf(tc, 'visitActiveElsewhere')}</Text>
            <Group>
              <Button onClick={props.onTakeOver} loading={props.joining} data-testid="take-over">
                {t('preJoin.takeOver')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="center">
          <Button size="md" onClick={props.onJoin} loading={props.joining} data-testid="join-visit">
            {t('preJoin.join')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
