import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { Alert, RangeClass } from '@opencare/schemas/entities/measurements';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../components/data/list-view';
import { QueryView } from '../../components/data/load-state';
import { EmptyState } from '../../components/page/empty-state';
import { AlertIcon } from '../../components/icons/icons';
import { pathTo, ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { RangeBadge, rangeColor } from '../patients/shared/range-class';
import { homeQueries } from './home-queries';
import { HomeSection } from './home-section';

/** How many alerts home shows: the most severe few; the inbox has the rest. */
export const HOME_ALERTS = 5;
/** Both ends of the range are the most urgent; a reading in range raises no alert. */
const SEVERITY: Record<RangeClass, number> = { highest: 0, lowest: 0, high: 1, elevated: 2, normal: 3 };

/** The most severe open alerts first, the newest first within a severity. */
export function mostSevere(alerts: readonly Alert[], count = HOME_ALERTS): Alert[] {
  return [...alerts]
    .sort(
      (a, b) =>
        SEVERITY[a.rangeClass] - SEVERITY[b.rangeClass] || Date.parse(b.takenAt) - Date.parse(a.takenAt),
    )
    .slice(0, count);
}

/** The organisation's open alerts, most severe first, with the total and a link to the inbox. */
export function OpenAlerts({ linkPatient }: { linkPatient: boolean }) {
  const { t } = useTranslation('screens');
  const list = useQuery(homeQueries.openAlerts(trpc.useUtils()));
  return (
    <HomeSectionFrame total={list.data?.meta.total ?? null}>
      <QueryView query={list} loading={t('home.alerts.loading')}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState
              order={3}
              icon={<AlertIcon size={28} />}
              title={t('home.alerts.empty')}
              hint={t('home.alerts.emptyHint')}
            />
          ) : (
            <ItemList gap={6} testId="home-alert-list">
              {mostSevere(page.items).map((alert) => (
                <AlertRow key={alert.id} alert={alert} linkPatient={linkPatient} />
              ))}
            </ItemList>
          )
        }
      </QueryView>
    </HomeSectionFrame>
  );
}

function HomeSectionFrame({ total, children }: { total: number | null; children: ReactNode }) {
  const { t } = useTranslation('screens');
  return (
    <HomeSection
      title={t('home.alerts.title')}
      testId="home-alerts"
      count={total}
      more={{ to: ROUTES.alerts, label: t('home.alerts.all') }}
    >
      {children}
    </HomeSection>
  );
}

function AlertRow({ alert, linkPatient }: { alert: Alert; linkPatient: boolean }) {
  // The type's name from the patients' strings, not useMeasurementName: that one builds schemas (zod).
  const { t } = useTranslation('patients');
  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      px="sm"
      py={6}
      data-testid="home-alert"
      data-range={alert.rangeClass}
      style={{ borderInlineStart: `4px solid ${rangeColor(alert.rangeClass)}` }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" miw={0}>
          {linkPatient ? (
            <Anchor component={Link} to={pathTo('patientProfile', { patientId: alert.patientId })} fw={600}>
              {alert.patientName}
            </Anchor>
          ) : (
            <Text span fw={600}>
              {alert.patientName}
            </Text>
          )}
          <Text span size="sm" c="dimmed">
            {t(`types.${alert.type}`)}
          </Text>
        </Group>
        <RangeBadge rangeClass={alert.rangeClass} />
      </Group>
    </Paper>
  );
}
