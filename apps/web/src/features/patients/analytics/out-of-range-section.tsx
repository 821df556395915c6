import { Text } from '@mantine/core';
import type { Analytics } from '@opencare/schemas/entities/analytics';
import { RANGE_CLASSES } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { rangeColor } from '../shared/range-class';
import { SectionCard } from '../shared/section-card';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';
import { BarList, type BarRow } from './bar-list';

const OUT_OF_RANGE = RANGE_CLASSES.filter((c) => c !== 'normal');

/** Readings outside the normal range, per measurement type, in their range colours. */
export function OutOfRangeSection({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const measurementName = useMeasurementName();
  const types = [...new Set(analytics.outOfRange.map((row) => row.type))];
  const rows: BarRow[] = types.map((type) => ({
    key: type,
    label: measurementName(type),
    segments: OUT_OF_RANGE.map((rangeClass) => ({
      key: rangeClass,
      value:
        analytics.outOfRange.find((row) => row.type === type && row.rangeClass === rangeClass)?.count ?? 0,
      color: rangeColor(rangeClass),
      label: t(`ranges.${rangeClass}`),
    })),
  }));
  return (
    <SectionCard title={t('analytics.outOfRangeTitle')} testId="out-of-range-section">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analytics.noOutOfRange')}
        </Text>
      ) : (
        <>
          <BarList rows={rows} formatNumber={(n) => format.number(n, 0)} testId="out-of-range-bars" />
          <Text size="xs" c="dimmed" component="div">
            {OUT_OF_RANGE.map((rangeClass) => (
              <span
                key={rangeClass}
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4, marginInlineEnd: 12 }}
              >
                <span
                  aria-hidden
                  style={{ width: 10, height: 10, borderRadius: 999, background: rangeColor(rangeClass) }}
                />
                {t(`ranges.${rangeClass}`)}
              </span>
            ))}
          </Text>
        </>
      )}
    </SectionCard>
  );
}
