import { Group, Text } from '@mantine/core';
import { RANGE_CLASSES, type RangeClass } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { rangeColor } from '../shared/range-class';
import { lineColor, lineDash, type ChartLine } from './readings-chart';

interface ChartLegendProps {
  lines: ChartLine[];
  unit: string;
  hasBand: boolean;
  /** The range classes of the readings shown: only those are explained. */
  rangeClasses: (RangeClass | null)[];
}

/** What the lines, the shaded band and the point colours mean. */
export function ChartLegend({ lines, unit, hasBand, rangeClasses }: ChartLegendProps) {
  const { t } = useTranslation('patients');
  const present = RANGE_CLASSES.filter((c) => rangeClasses.includes(c));
  return (
    <Group gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('chart.legend')}>
      {lines.map((line, index) => (
        <Group key={line.key} component="li" gap={6} wrap="nowrap">
          <svg width={24} height={8} aria-hidden>
            <line
              x1={0}
              x2={24}
              y1={4}
              y2={4}
              stroke={lineColor(index)}
              strokeWidth={2}
              strokeDasharray={lineDash(index)}
            />
          </svg>
          <Text size="xs">
            {line.label}
            {unit && (
              <>
                {' '}
                <bdi dir="ltr">({unit})</bdi>
              </>
            )}
          </Text>
        </Group>
      ))}
      {hasBand && (
        <Group component="li" gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              width: 16,
              height: 10,
              background: 'var(--oc-color-normal)',
              opacity: 0.25,
              borderRadius: 2,
            }}
          />
          <Text size="xs">{t('chart.normalBand')}</Text>
        </Group>
      )}
      {present.map((rangeClass) => (
        <Group key={rangeClass} component="li" gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{ width: 10, height: 10, borderRadius: 999, background: rangeColor(rangeClass) }}
          />
          <Text size="xs">{t(`ranges.${rangeClass}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}
