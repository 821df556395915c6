import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { WaitingVisit } from '@opencare/schemas/entities/visits';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { trpc } from '../../../api/trpc';
import { ItemList } from '../../../components/data/list-view';
import { useNotifications, useNotifyError } from '../../../components/notifications/use-notify';
import { formatTime } from '../../appointments/format';
import { homeQueries } from '../../home/home-queries';
import { HomeSection } from '../../home/home-section';

/** What a provider may tell the waiting room, in minutes (0: on time). */
const LATE_CHOICES = [0, 5, 10, 15, 20, 30, 45, 60];
/** Someone who gave up waiting leaves no knock: the list is read again now and then. */
const REFRESH_MS = 30_000;

/**
 * The physician's or nurse's waiting room on their home (issue 18): their visits with someone
 * waiting to be let in, longest wait first. Shown only while someone waits; a knock (visit-knocks.tsx)
 * loads it again at once.
 */
export function WaitingRoomCard() {
  const { t } = useTranslation('visits');
  const line = useQuery({ ...homeQueries.waitingRoom(trpc.useUtils()), refetchInterval: REFRESH_MS });
  if (!line.data || line.data.length === 0) return null;
  return (
    <HomeSection title={t('waitingRoom.title')} testId="home-waiting-room" count={line.data.length}>
      <ItemList gap={6} testId="waiting-room-list">
        {line.data.map((visit) => (
          <WaitingVisitRow key={visit.visitId} visit={visit} />
        ))}
      </ItemList>
    </HomeSection>
  );
}

function WaitingVisitRow({ visit }: { visit: WaitingVisit }) {
  const { t, i18n } = useTranslation('visits');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const utils = trpc.useUtils();
  const reload = () => utils.visits.waitingRoom.invalidate();
  const admit = trpc.visits.admit.useMutation({ onSettled: reload, onError: notifyError });
  const runningLate = trpc.visits.runningLate.useMutation({
    onSettled: reload,
    onError: notifyError,
    onSuccess: (saved) =>
      notify({
        tone: 'success',
        message: t('waitingRoom.told', {
          late: saved.runningLateMinutes ? t('waitingRoom.minutes', { count: saved.runningLateMinutes }) : t('waitingRoom.onTime'),
        }),
      }),
  });
  const since = visit.waiting[0]?.joinedAt;
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py="xs" data-testid="waiting-visit">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{visit.patientName}</Text>
          {since && (
            <Text size="sm" c="dimmed">
              {t('waitingRoom.since', { time: formatTime(since, i18n.language) })}
            </Text>
          )}
        </Group>
        {/* Who waits, when it is not just the patient (a relative, an interpreter). */}
        {visit.waiting.some((p) => p.role !== 'patient') && (
          <Text size="sm">{visit.waiting.map((p) => `${p.fullName} (${t(`waitingRoom.roles.${p.role}`)})`).join(' · ')}</Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-md"
            onClick={() => admit.mutate({ id: visit.visitId })}
            loading={admit.isPending}
            data-testid="waiting-admit"
          >
            {visit.waiting.length > 1 ? t('waitingRoom.admitAll') : t('waitingRoom.admit')}
          </Button>
          <Anchor component={Link} to={`/telehealth-visit/${encodeURIComponent(visit.code)}`} size="sm">
            {t('waitingRoom.open')}
          </Anchor>
          <NativeSelect
            size="xs"
            aria-label={t('waitingRoom.late')}
            value={String(visit.runningLateMinutes ?? 0)}
            disabled={runningLate.isPending}
            onChange={(event) => runningLate.mutate({ id: visit.visitId, minutes: Number(event.currentTarget.value) })}
            data={LATE_CHOICES.map((minutes) => ({
              value: String(minutes),
              label: minutes === 0 ? t('waitingRoom.onTime') : t('waitingRoom.minutes', { count: minutes }),
            }))}
            data-testid="waiting-late-select"
          />
        </Group>
      </Stack>
    </Paper>
  );
}
