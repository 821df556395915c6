import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { PhotoThumbnail } from '../../measurements/photo-thumbnail';
import { RecordSection } from './record-section';
import { useWhen } from './visit-note';

/** The snapshots taken during the call, on the visit's record: each a thumbnail that opens full size. */
export function VisitCapturesRecord({ visitId }: { visitId: string }) {
  const { t } = useTranslation('visits');
  const when = useWhen();
  const query = trpc.visits.captures.useQuery({ id: visitId });
  return (
    <RecordSection id="visit-captures-title" title={t('record.captures')} testId="visit-captures-record">
      <QueryView query={query} loading={t('record.capturesLoading')}>
        {(captures) =>
          captures.length === 0 ? (
            <Text c="dimmed" data-testid="visit-captures-empty">
              {t('record.noCaptures')}
            </Text>
          ) : (
            <Group gap="md" component="ul" p={0} m={0} align="flex-start" style={{ listStyle: 'none' }}>
              {captures.map((capture) => {
                const caption = capture.note ?? t('record.captureUntitled');
                return (
                  <Stack key={capture.id} gap={4} component="li" maw={160} data-testid="visit-capture">
                    {capture.fileId && <PhotoThumbnail fileId={capture.fileId} alt={caption} />}
                    <Text size="xs" c="dimmed">
                      <bdi>{caption}</bdi> · <bdi>{when(capture.takenAt)}</bdi>
                    </Text>
                  </Stack>
                );
              })}
            </Group>
          )
        }
      </QueryView>
    </RecordSection>
  );
}
