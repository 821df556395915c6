import { Button, Stack, Text } from '@mantine/core';
import type { TimelineEvent } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '../shared/load-state';
import { SectionCard } from '../shared/section-card';
import { TimelineItem } from './timeline-item';
import { useTimeline } from './use-timeline';

interface TimelineSectionProps {
  patientId: string;
  /** Told of each event that arrives live (the page refreshes what it shows of the record). */
  onLiveEvent?: (event: TimelineEvent) => void;
}

/** Every event of the patient's record, newest first, a page at a time; new ones arrive live. */
export function TimelineSection({ patientId, onLiveEvent }: TimelineSectionProps) {
  const { t } = useTranslation('patients');
  const { state, loadMore, reload } = useTimeline(patientId, onLiveEvent);
  return (
    <SectionCard title={t('timeline.title')} testId="timeline-section">
      {state.status === 'loading' && <Loading label={t('timeline.loading')} />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' &&
        (state.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('timeline.none')}
          </Text>
        ) : (
          <Stack gap="sm">
            <Stack
              component="ol"
              gap={0}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t('timeline.title')}
            >
              {state.items.map((event) => (
                <TimelineItem key={event.id} event={event} />
              ))}
            </Stack>
            {typeof state.more === 'object' && <LoadFailed error={state.more.error} onRetry={loadMore} />}
            {state.nextCursor && typeof state.more !== 'object' && (
              <Button
                variant="default"
                onClick={loadMore}
                loading={state.more === 'loading'}
                data-testid="timeline-more"
              >
                {t('timeline.loadMore')}
              </Button>
            )}
          </Stack>
        ))}
    </SectionCard>
  );
}
