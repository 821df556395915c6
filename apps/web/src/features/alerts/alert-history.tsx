import { List, Text } from '@mantine/core';
import type { Alert } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { useReadingFormat } from '../patients/shared/use-reading-format';

/** What the care team did with the alert, oldest first: who, when, what, and their comment. */
export function AlertHistory({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const format = useReadingFormat();
  const steps = alert.history.filter((step) => step.kind !== 'opened');
  if (steps.length === 0) return null;
  return (
    <List size="xs" c="dimmed" spacing={2} data-testid="alert-history" aria-label={t('history.label')}>
      {steps.map((step, index) => (
        <List.Item key={`${step.kind}-${index}`}>
          <Text span size="xs">
            {t(step.kind === 'escalated' ? `history.escalatedTo.${step.escalation?.notified ? step.escalation.step : 'nobody'}` : `history.${step.kind}`, {
              who: step.by?.name ?? t('history.system'),
              assignee: step.assignee?.name ?? '',
              time: `\u2068${format.dateTime(step.at)}\u2069`,
            })}
            {step.comment && <Text span size="xs" fs="italic">{` \u2014 \u201c${step.comment}\u201d`}</Text>}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
