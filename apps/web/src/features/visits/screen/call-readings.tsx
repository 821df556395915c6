import { Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '../../../components/data/load-state';
import { timelineItems } from '../../patients/patient-queries';
import { SectionCard } from '../../patients/shared/section-card';
import { TimelineItem } from '../../patients/snapshot/timeline-item';
import { useTimeline } from '../../patients/snapshot/use-timeline';

/** The newest readings shown in the call; the rest are on the patient's timeline. */
const SHOWN = 5;

interface CallReadingsProps {
  patientId: string;
  /** Readings from this moment on belong to the visit (its joining window opens). */
  since: string;
}

/**
 * For the clinician in a video visit: the readings the patient takes during the visit, typed or
 * from the home gateway, as they are recorded (the patient's timeline, watched live).
 */
export const CallReadings = memo(function CallReadings({ patientId, since }: CallReadingsProps) {
  const { t } = useTranslation('visits');
  const timeline = useTimeline(patientId);
  const from = Date.parse(since);
  const readings = timeline.data
    ? timelineItems(timeline.data.pages).filter((e) => e.kind === 'measurement' && Date.parse(e.at) >= from)
    : [];
  return (
    <SectionCard title={t('readings.title')} testId="call-readings">
      {timeline.status === 'pending' && <Loading label={t('readings.loading')} />}
      {!timeline.data && timeline.status === 'error' && (
        <LoadFailed error={timeline.error} onRetry={() => void timeline.refetch()} />
      )}
      {timeline.data &&
        (readings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('readings.none')}
          </Text>
        ) : (
          <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-live="polite">
            {readings.slice(0, SHOWN).map((event) => (
              <TimelineItem key={event.id} event={event} />
            ))}
          </Stack>
        ))}
    </SectionCard>
  );
});
