import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { VisitParticipant } from '@opencare/schemas/entities/visits';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { useNotifyError } from '../../../components/notifications/use-notify';

interface WaitingToJoinProps {
  visitId: string;
  participants: VisitParticipant[];
  /** Physicians and nurses let people in; an assistant in the call sees who waits, and who decides. */
  canAdmit: boolean;
}

/**
 * In the clinician's call: who waits in the visit's waiting room, each with "Let in", and "Let
 * everyone in" when there are several. The list comes live with the visit's participants.
 */
export const WaitingToJoin = memo(function WaitingToJoin({
  visitId,
  participants,
  canAdmit,
}: WaitingToJoinProps) {
  const { t } = useTranslation('visits');
  const notifyError = useNotifyError();
  const admit = trpc.visits.admit.useMutation({ onError: notifyError });
  const waiting = participants.filter((p) => !p.admitted);
  if (waiting.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      py="xs"
      data-testid="waiting-to-join"
      title={t('waitingRoom.inCall')}
    >
      <Stack gap={6}>
        {waiting.map((p) => (
          <Group key={p.deviceId} gap="sm" justify="space-between" wrap="nowrap">
            <Text size="sm">
              {p.fullName} ({t(`waitingRoom.roles.${p.role}`)})
            </Text>
            {canAdmit && (
              <Button
                size="compact-sm"
                onClick={() => admit.mutate({ id: visitId, deviceIds: [p.deviceId] })}
                disabled={admit.isPending}
                data-testid="admit-one"
              >
                {t('waitingRoom.admit')}
              </Button>
            )}
          </Group>
        ))}
        {!canAdmit && (
          <Text size="xs" c="dimmed" data-testid="admit-by-care-team">
            {t('waitingRoom.admitByCareTeam')}
          </Text>
        )}
        {canAdmit && waiting.length > 1 && (
          <Group justify="flex-end">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => admit.mutate({ id: visitId })}
              disabled={admit.isPending}
            >
              {t('waitingRoom.admitAll')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
});
