import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { Visit } from '@opencare/schemas/entities/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { useSession } from '../../session/use-session';
import { TypeBadge } from './appointment-badges';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { CompleteVisitModal } from './complete-visit-modal';
import { formatDate, formatTime } from './format';

const PAGE_SIZE = 20;

/**
 * /incomplete-visits (physicians and nurses): visits that have begun and have no summary and notes
 * yet, newest first; each is completed in a dialog and then leaves the list.
 */
export function IncompleteVisitsPage() {
  const { t } = useTranslation('appointments');
  const { notify } = useNotifications();
  const { state } = useSession();
  const accountId = state.status === 'signed-in' ? state.account.id : undefined;
  const [onlyMine, setOnlyMine] = useState(true);
  const [page, setPage] = useState(1);
  const [completing, setCompleting] = useState<Visit | null>(null);
  const visits = trpc.visits.incomplete.useQuery({
    providerId: onlyMine ? accountId : undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  return (
    <PageFrame title={t('incomplete.title')} intro={t('incomplete.intro')}>
      <Switch
        label={t('incomplete.onlyMine')}
        checked={onlyMine}
        onChange={(event) => {
          setOnlyMine(event.currentTarget.checked);
          setPage(1);
        }}
        data-testid="only-mine"
      />
      <ListView
        query={visits}
        loading={t('loading')}
        onPage={setPage}
        empty={<EmptyState icon={<CheckIcon size={28} />} title={t('incomplete.empty')} hint={t('incomplete.emptyHint')} />}
      >
        {(items) => (
          <ItemList testId="incomplete-visits">
            {items.map((visit) => (
              <IncompleteVisitRow key={visit.id} visit={visit} onComplete={() => setCompleting(visit)} />
            ))}
          </ItemList>
        )}
      </ListView>
      <CompleteVisitModal
        visit={completing}
        onClose={() => setCompleting(null)}
        onCompleted={() => {
          setCompleting(null);
          notify({ id: 'visit-completed', message: t('incomplete.done'), tone: 'success' });
        }}
      />
    </PageFrame>
  );
}

function IncompleteVisitRow({ visit, onComplete }: { visit: Visit; onComplete: () => void }) {
  const { t, i18n } = useTranslation('appointments');
  const { appointment } = visit;
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="incomplete-visit" data-id={visit.id}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Group gap="xs">
            <Text fw={600}>{appointment.patient.fullName}</Text>
            <TypeBadge type={appointment.type.code} />
          </Group>
          <Text size="sm">
            {formatDate(appointment.startsAt, i18n.language)} ·{' '}
            <bdi>{formatTime(appointment.startsAt, i18n.language)}</bdi>
          </Text>
          <Text size="sm" c="dimmed">
            {t('card.provider', { name: appointment.provider.fullName })}
          </Text>
        </Stack>
        <Button
          onClick={onComplete}
          aria-label={t('incomplete.completeFor', { name: appointment.patient.fullName })}
          data-testid="complete-visit"
        >
          {t('incomplete.complete')}
        </Button>
      </Group>
    </Paper>
  );
}
