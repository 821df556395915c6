import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { VisitSession, VisitWaiting } from '@opencare/schemas/entities/visits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeopleSocket } from '../../../realtime/realtime-context';
import { useWaitingRoom, type WaitingEnd } from './use-waiting-room';

/** A joined device that waits to be let in: the waiting room, live. */
export function WaitingScreen(props: {
  socket: PeopleSocket | null;
  session: VisitSession;
  /** Where the join said this device waits. */
  waiting: VisitWaiting;
  deviceId: string;
  onAdmitted: () => void;
  onLeave: () => Promise<void>;
}) {
  const { waiting, ended } = useWaitingRoom({
    socket: props.socket,
    visitId: props.session.visit.id,
    deviceId: props.deviceId,
    initial: props.waiting,
    onAdmitted: props.onAdmitted,
  });
  const [leaving, setLeaving] = useState(false);
  const leave = () => {
    setLeaving(true);
    void props.onLeave().finally(() => setLeaving(false));
  };
  return (
    <WaitingRoom
      providerName={props.session.visit.appointment.provider.fullName}
      waiting={waiting}
      ended={ended}
      leaving={leaving}
      onLeave={leave}
    />
  );
}

interface WaitingRoomProps {
  /** Who lets them in: the visit's provider. */
  providerName: string;
  waiting: VisitWaiting;
  ended: WaitingEnd | null;
  leaving: boolean;
  onLeave: () => void;
}

/**
 * Where a patient or guest waits to be let in (issue 18): their place in the provider's line and
 * the provider's word on the delay, read out politely as they change. Joining happens by itself.
 */
export function WaitingRoom({ providerName, waiting, ended, leaving, onLeave }: WaitingRoomProps) {
  const { t } = useTranslation('visits');
  if (ended) {
    return (
      <Alert color="blue" variant="light" maw={720} mx="auto" data-testid={`waiting-${ended}`}>
        {t(`waiting.${ended}`)}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" maw={720} mx="auto" data-testid="waiting-room">
      <Stack gap="md" align="center" ta="center">
        <Loader type="dots" aria-hidden />
        <Title order={2} size="h3">
          {t('waiting.title')}
        </Title>
        <Text>{t('waiting.letIn', { name: providerName })}</Text>
        <Stack gap="xs" aria-live="polite" align="center">
          <Text fw={600} size="lg" data-testid="waiting-place">
            {waiting.place === 1 ? t('waiting.next') : t('waiting.place', { place: waiting.place })}
          </Text>
          {waiting.runningLateMinutes !== null && (
            <Alert color="yellow" variant="light" data-testid="waiting-late">
              {t('waiting.runningLate', { name: providerName, count: waiting.runningLateMinutes })}
            </Alert>
          )}
        </Stack>
        <Text size="sm" c="dimmed">
          {t('waiting.keepOpen')}
        </Text>
        <Group justify="center">
          <Button variant="default" onClick={onLeave} loading={leaving} data-testid="leave-waiting-room">
            {t('waiting.leave')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
