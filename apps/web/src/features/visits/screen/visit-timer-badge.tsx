import { Badge } from '@mantine/core';
import { memo } from 'react';
import { VISIT_TIMER_TICK_MS } from '@opencare/schemas/constants';
import { useTranslation } from 'react-i18next';
import { visitTimerText } from '../visit-timer';
import { useNow } from './use-now';

/** The in-progress timer (HH:MM:SS), counting each second from the visit's start once it has passed. */
export const VisitTimerBadge = memo(function VisitTimerBadge({ startedAt }: { startedAt: string | null }) {
  const { t } = useTranslation('visits');
  const now = useNow(VISIT_TIMER_TICK_MS, startedAt !== null);
  return (
    <Badge
      size="lg"
      variant="light"
      color={startedAt ? 'green' : 'gray'}
      aria-label={t('call.elapsed')}
      data-testid="visit-timer"
    >
      <bdi style={{ fontVariantNumeric: 'tabular-nums' }}>{visitTimerText(startedAt, now)}</bdi>
    </Badge>
  );
});
