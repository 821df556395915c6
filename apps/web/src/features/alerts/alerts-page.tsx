import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Alert } from '@opencare/schemas/entities/measurements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../../components/data/use-loaded';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ListPager } from '../patients/shared/list-pager';
import { LoadFailed, Loading } from '../patients/shared/load-state';
import { AlertItem } from './alert-item';
import { ALERT_STATUSES, listAlerts } from './alerts-api';
import { useAcknowledge } from './use-acknowledge';
import { useAlertListParams } from './use-alert-list-params';
import { useCanOpenPatient } from './use-can-open-patient';
import { useMayDo } from '../../session/use-may-do';

/**
 * /alerts: the care team's inbox of out-of-range readings (`GET /alerts`), open ones first, a page
 * at a time. An acknowledged alert stays in place, marked, until the list is loaded again, so the
 * reader sees what their click did.
 */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const { status, page, patient, setStatus, setPage, clearPatient } = useAlertListParams();
  const loaded = useLoaded(() => listAlerts({ status, page, patient }), [status, page, patient]);
  const [seen, setSeen] = useState<Record<string, Alert>>({});
  const { busyId, acknowledge } = useAcknowledge((alert) =>
    setSeen((all) => ({ ...all, [alert.id]: alert })),
  );
  const linkPatient = useCanOpenPatient();
  const mayAcknowledge = useMayDo('Update');
  // Open alerts acknowledged here leave the open count at once, as they leave the navigation's.
  const total =
    loaded.status === 'loaded'
      ? loaded.data.meta.total -
        (status === 'open' ? loaded.data.items.filter((item) => seen[item.id]?.acknowledgedAt).length : 0)
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
      {loaded.status === 'loading' && <Loading label={t('loading')} />}
      {loaded.status === 'failed' && <LoadFailed error={loaded.error} onRetry={loaded.reload} />}
      {loaded.status === 'loaded' &&
        (loaded.data.items.length === 0 ? (
          <EmptyState title={t(`empty.${status}.title`)} hint={t(`empty.${status}.hint`)} />
        ) : (
          <Stack gap="sm">
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('listLabel')}
            >
              {loaded.data.items.map((item) => {
                const alert = seen[item.id] ?? item;
                return (
                  <AlertItem
                    key={alert.id}
                    alert={alert}
                    linkPatient={linkPatient}
                    acknowledging={busyId === alert.id}
                    onAcknowledge={mayAcknowledge ? () => acknowledge(alert) : undefined}
                  />
                );
              })}
            </Stack>
            <ListPager meta={loaded.data.meta} onPage={setPage} />
          </Stack>
        ))}
    </PageFrame>
  );
}
