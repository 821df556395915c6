import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { useNotifications } from '../../components/notifications/use-notify';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { useMayDo } from '../../session/use-may-do';
import { AlertActionModal, type AlertAction } from './alert-action-modal';
import { AlertItem } from './alert-item';
import { ALERT_STATUSES, ALERTS_PAGE_SIZE } from './alert-queries';
import { groupByPatient } from './group-by-patient';
import { useAcknowledge } from './use-acknowledge';
import { useAlertListParams } from './use-alert-list-params';
import { useCanOpenPatient } from './use-can-open-patient';

/**
 * /alerts: the care team's inbox (`alerts.list`), worst first and then the longest waiting, grouped
 * by patient, a page at a time. One alert per patient and measurement type collects its readings.
 * An alert changed here stays in place, marked, until the list is loaded again, so the reader sees
 * what their click did.
 */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const { notify } = useNotifications();
  const { status, page, patient, setStatus, setPage, clearPatient } = useAlertListParams();
  const list = trpc.alerts.list.useQuery({ status, page, patient, pageSize: ALERTS_PAGE_SIZE });
  const { busyId, acknowledge } = useAcknowledge();
  const linkPatient = useCanOpenPatient();
  const mayChange = useMayDo('Update');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [action, setAction] = useState<AlertAction | null>(null);
  // Open alerts acknowledged here leave the open count at once, as they leave the navigation's.
  const total = list.data
    ? list.data.meta.total - (status === 'open' ? list.data.items.filter((item) => item.acknowledgedAt).length : 0)
    : 0;
  const chosen = (list.data?.items ?? []).filter((item) => selected.has(item.id) && !item.acknowledgedAt).map((item) => item.id);
  const select = (id: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const done = (finished: AlertAction) => {
    setAction(null);
    if (finished.kind === 'acknowledge') setSelected(new Set());
    notify({ id: `alert-${finished.kind}`, message: t(`action.${finished.kind}.done`, { count: finished.kind === 'acknowledge' ? finished.ids.length : 1 }), tone: 'success' });
  };

  return (
    <PageFrame title={t('title')} intro={t('intro')} size="lg">
      <Group justify="space-between" align="center" gap="sm">
        <SegmentedControl
          aria-label={t('filter.label')}
          value={status}
          onChange={(value) => setStatus(ALERT_STATUSES.find((s) => s === value) ?? 'open')}
          data={ALERT_STATUSES.map((value) => ({ value, label: t(`filter.${value}`) }))}
          data-testid="alerts-status"
        />
        {total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="alerts-total">
            {t(`total.${status}`, { count: total })}
          </Text>
        )}
      </Group>
      {mayChange && chosen.length > 0 && (
        <Group gap="sm" data-testid="alerts-selection">
          <Text size="sm">{t('selected', { count: chosen.length })}</Text>
          <Button size="compact-sm" onClick={() => setAction({ kind: 'acknowledge', ids: chosen })}>
            {t('acknowledgeSelected')}
          </Button>
        </Group>
      )}
      {patient && (
        <Group gap="sm" data-testid="alerts-patient-filter">
          <Text size="sm">{t('filter.onePatient')}</Text>
          <Button variant="subtle" size="compact-sm" onClick={clearPatient}>
            {t('filter.allPatients')}
          </Button>
        </Group>
      )}
      <ListView
        query={list}
        loading={t('loading')}
        onPage={setPage}
        empty={<EmptyState title={t(`empty.${status}.title`)} hint={t(`empty.${status}.hint`)} />}
      >
        {(items) => (
          <Stack gap="lg">
            {groupByPatient(items).map((group) => (
              <Stack key={group.patientId} gap="xs" component="section" aria-label={group.patientName} data-testid="alert-group">
                <Title order={2} size="h4">
                  {group.patientName}
                </Title>
                <ItemList label={t('listLabelFor', { name: group.patientName })}>
                  {group.alerts.map((alert) => (
                    <AlertItem
                      key={alert.id}
                      alert={alert}
                      linkPatient={linkPatient}
                      acknowledging={busyId === alert.id}
                      onAcknowledge={mayChange ? () => acknowledge(alert) : undefined}
                      onAssign={mayChange ? () => setAction({ kind: 'assign', id: alert.id }) : undefined}
                      onResolve={mayChange ? () => setAction({ kind: 'resolve', id: alert.id }) : undefined}
                      selected={selected.has(alert.id)}
                      onSelect={mayChange ? (on) => select(alert.id, on) : undefined}
                    />
                  ))}
                </ItemList>
              </Stack>
            ))}
          </Stack>
        )}
      </ListView>
      <AlertActionModal action={action} onClose={() => setAction(null)} onDone={done} />
    </PageFrame>
  );
}
