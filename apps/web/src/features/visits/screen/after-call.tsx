import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Visit } from '@opencare/schemas/entities/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNotifications } from '../../../components/notifications/use-notify';
import { CompleteVisitModal } from '../../appointments/complete-visit-modal';
import type { CallPhase } from '../call/visit-call';

interface AfterCallProps {
  phase: Exclude<CallPhase, 'inCall'>;
  visit: Visit;
  clinician: boolean;
  onRejoin: () => void;
}

/** After the call on this device: taken over, left (rejoin), or ended (a clinician completes it). */
export function AfterCall({ phase, visit, clinician, onRejoin }: AfterCallProps) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const [completing, setCompleting] = useState(false);
  const [completed, setCompleted] = useState(visit.completedAt !== null);
  return (
    <Stack gap="md" maw={720} mx="auto" data-testid="after-call" data-phase={phase}>
      <Alert color={phase === 'takenOver' ? 'yellow' : 'blue'} variant="light" data-testid={`call-${phase}`}>
        {t(`after.${phase}`)}
      </Alert>
      {completed && (
        <Text data-testid="visit-completed" c="green">
          {t('after.completed')}
        </Text>
      )}
      <Group>
        {phase !== 'ended' && phase !== 'removed' && (
          <Button onClick={onRejoin} data-testid="rejoin-visit">
            {phase === 'takenOver' ? t('after.joinHere') : t('after.rejoin')}
          </Button>
        )}
        {phase === 'ended' && clinician && !completed && (
          <Button onClick={() => setCompleting(true)} data-testid="complete-visit">
            {t('after.complete')}
          </Button>
        )}
        <Button component={Link} to="/appointments" variant="default">
          {t('after.backToAppointments')}
        </Button>
      </Group>
      <CompleteVisitModal
        visit={completing ? visit : null}
        onClose={() => setCompleting(false)}
        onCompleted={() => {
          setCompleting(false);
          setCompleted(true);
          notify({ id: 'visit-completed', message: t('after.completed'), tone: 'success' });
        }}
      />
    </Stack>
  );
}
