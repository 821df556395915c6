import { Text } from '@mantine/core';
import type { Analytics } from '@opencare/schemas/entities/analytics';
import { VISIT_STATUS_CODES } from '@opencare/schemas/statuses';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../shared/section-card';
import { useReadingFormat } from '../shared/use-reading-format';
import { BarList, type BarRow } from './bar-list';

type VisitStatusCode = keyof typeof VISIT_STATUS_CODES;
const isVisitStatus = (code: string): code is VisitStatusCode => Object.hasOwn(VISIT_STATUS_CODES, code);

/** Visits of the period's appointments, per visit status (spec §4). */
export function VisitsSection({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const rows: BarRow[] = analytics.visitsByStatus.map((row) => {
    const label = isVisitStatus(row.status) ? t(`visitStatuses.${row.status}`) : row.status;
    return {
      key: row.status,
      label,
      segments: [{ key: row.status, value: row.count, color: 'var(--oc-color-info)', label }],
    };
  });
  return (
    <SectionCard title={t('analytics.visitsTitle')} testId="visits-section">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analytics.noVisits')}
        </Text>
      ) : (
        <BarList rows={rows} formatNumber={(n) => format.number(n, 0)} testId="visit-bars" />
      )}
    </SectionCard>
  );
}
