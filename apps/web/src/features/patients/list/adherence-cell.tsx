import { Text, VisuallyHidden } from '@mantine/core';
import type { PatientListItem } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { useReadingFormat } from '../shared/use-reading-format';

/** The week's adherence as a percentage (coloured as on the snapshot); "—" when nothing was due. */
export function AdherenceCell({ adherence }: { adherence: PatientListItem['adherence'] }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const { percent, due, completed } = adherence;
  if (percent === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="adherence" title={t('list.adherenceCell.none')}>
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('list.adherenceCell.none')}</VisuallyHidden>
      </Text>
    );
  }
  // The theme's text shades (4.5:1 or more in both schemes), not Mantine's orange.8 (3.6:1 on white).
  const color = percent >= 80 ? undefined : percent >= 50 ? 'var(--oc-color-warning)' : 'var(--oc-color-negative)';
  return (
    <Text
      size="sm"
      fw={600}
      c={color}
      data-testid="adherence"
      title={t('list.adherenceCell.label', {
        completed: format.number(completed, 0),
        due: format.number(due, 0),
      })}
    >
      <bdi>{format.number(percent, 0)}%</bdi>
    </Text>
  );
}
