import { Text, VisuallyHidden } from '@mantine/core';
import type { PatientListItem } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { RangeDot, rangeColor, rangePillStyle } from '../shared/range-class';
import { useReadingFormat } from '../shared/use-reading-format';

/**
 * The patient's open alerts: how many, in a pill coloured by the worst one's range (the colour on
 * the dot and the outline, the words in the text colour, as in RangeBadge), and the range in words.
 */
export function OpenAlertsCell({ openAlerts }: { openAlerts: PatientListItem['openAlerts'] }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  if (openAlerts.count === 0) {
    return (
      <Text size="xs" c="dimmed" data-testid="open-alerts" data-count={0}>
        {t('list.openAlerts.none')}
      </Text>
    );
  }
  const color = rangeColor(openAlerts.worst);
  const range = t(openAlerts.worst ? `ranges.${openAlerts.worst}` : 'ranges.none');
  return (
    <span
      data-testid="open-alerts"
      data-count={openAlerts.count}
      data-range={openAlerts.worst ?? 'none'}
      title={t('list.openAlerts.label', { count: openAlerts.count, range })}
      style={{ ...rangePillStyle(color), background: `color-mix(in srgb, ${color} 12%, transparent)` }}
    >
      <RangeDot color={color} />
      <span aria-hidden style={{ fontWeight: 700 }}>
        <bdi>{format.number(openAlerts.count, 0)}</bdi>
      </span>
      <span aria-hidden>{range}</span>
      <VisuallyHidden>{t('list.openAlerts.label', { count: openAlerts.count, range })}</VisuallyHidden>
    </span>
  );
}
