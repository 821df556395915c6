import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ListPager } from '../patients/shared/list-pager';
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
      <QueryView query={list} loading={t('loading')}>
        {({ items, meta }) =>
          items.length === 0 ? (
            <EmptyState title={t(`empty.${status}.title`)} hint={t(`empty.${status}.hint`)} />
          ) : (
            <Stack gap="sm">
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')}>
                {items.map((alert) => (
                  <AlertItem
                    key={alert.id}
                    alert={alert}
                    linkPatient={linkPatient}
                    acknowledging={busyId === alert.id}
                    onAcknowledge={mayAcknowledge ? () => acknowledge(alert) : undefined}
                  />
                ))}
              </Stack>
              <ListPager meta={meta} onPage={setPage} />
            </Stack>
          )
        }
      </QueryView>
    </PageFrame>
  );
}
