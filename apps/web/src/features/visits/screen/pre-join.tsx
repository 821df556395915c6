import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Visit } from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { formatDate, formatTime } from '../../appointments/format';
import { PreCallCheck } from '../../call-check/pre-call-check';
import type { PreCallMedia } from '../../call-check/use-pre-call-media';

interface PreJoinProps {
  visit: Visit;
  /** Whose eyes: the patient sees the provider's name, a clinician the patient's. */
  clinician: boolean;
  /** The camera and microphone as the call will take them, with the on/off choices. */
  media: PreCallMedia;
  joining: boolean;
  activeElsewhere: boolean;
  error: unknown;
  onJoin: () => void;
  onTakeOver: () => void;
}

/** Before the call: the visit, the pre-call check (camera, microphone, speaker, network) and the join button. */
export function PreJoin(props: PreJoinProps) {
  const { t, i18n } = useTranslation('visits');
  const { t: tc } = useTranslation();
  const { appointment } = props.visit;
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
      {/* Below the join button: the check runs by itself; joining need not wait for it, and stops it. */}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={600}>{t('preJoin.deviceCheck')}</Text>
          <PreCallCheck media={props.media} opened running={!props.joining} />
        </Stack>
      </Paper>
    </Stack>
  );
}
