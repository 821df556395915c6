import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { AlertItem } from './alert-item';
import { ALERT_STATUSES, ALERTS_PAGE_SIZE } from './alert-queries';
import { useAcknowledge } from './use-acknowledge';
import { useAlertListParams } from './use-alert-list-params';
import { useCanOpenPatient } from './use-can-open-patient';
import { useMayDo } from '../../session/use-may-do';

/**
 * /alerts: the care team's inbox of out-of-range readings (`alerts.list`), open ones first, a page
 * at a time. An acknowledged alert stays in place, marked, until the list is loaded again, so the
 * reader sees what their click did.
 */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const { status, page, patient, setStatus, setPage, clearPatient } = useAlertListParams();
  const list = trpc.alerts.list.useQuery({ status, page, patient, pageSize: ALERTS_PAGE_SIZE });
  const { busyId, acknowledge } = useAcknowledge();
  const linkPatient = useCanOpenPatient();
  const mayAcknowledge = useMayDo('Update');
  // Open alerts acknowledged here leave the open count at once, as they leave the navigation's.
  const total = list.data
    ? list.data.meta.total - (status === 'open' ? list.data.items.filter((item) => item.acknowledgedAt).length : 0)
    : 0;

  return (
    <PageFrame title={t('title')} intro={t('intro')} size="lg">
      <Group justify="space-between" align="center" gap="sm">
        <SegmentedControl
          aria-label={t('filter.label')}
          value={status}
          onChange={(value) => setStatus(value === 'acknowledged' ? 'acknowledged' : 'open')}
          data={ALERT_STATUSES.map((value) => ({ value, label: t(`filter.${value}`) }))}
          data-testid="alerts-status"
        />
        {total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="alerts-total">
            {t(`total.${status}`, { count: total })}
          </Text>
        )}
      </Group>
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
          <ItemList label={t('listLabel')}>
            {items.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                linkPatient={linkPatient}
                acknowledging={busyId === alert.id}
                onAcknowledge={mayAcknowledge ? () => acknowledge(alert) : undefined}
              />
            ))}
          </ItemList>
        )}
      </ListView>
    </PageFrame>
  );
}
