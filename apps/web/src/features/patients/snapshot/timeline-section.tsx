import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '../../../components/data/load-state';
import { timelineItems } from '../patient-queries';
import { SectionCard } from '../shared/section-card';
import { TimelineItem } from './timeline-item';
import { useTimeline } from './use-timeline';

/** Every event of the patient's record, newest first, a page at a time; new ones arrive live. */
export function TimelineSection({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const timeline = useTimeline(patientId);
  const loadMore = () => void timeline.fetchNextPage();
  const items = timeline.data ? timelineItems(timeline.data.pages) : [];
  return (
    <SectionCard title={t('timeline.title')} testId="timeline-section">
      {timeline.status === 'pending' && <Loading label={t('timeline.loading')} />}
      {!timeline.data && timeline.status === 'error' && (
        <LoadFailed error={timeline.error} onRetry={() => void timeline.refetch()} />
      )}
      {timeline.data &&
        (items.length === 0 ? (
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
              {items.map((event) => (
                <TimelineItem key={event.id} event={event} />
              ))}
            </Stack>
            {timeline.isFetchNextPageError && <LoadFailed error={timeline.error} onRetry={loadMore} />}
            {timeline.hasNextPage && !timeline.isFetchNextPageError && (
              <Button
                variant="default"
                onClick={loadMore}
                loading={timeline.isFetchingNextPage}
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
