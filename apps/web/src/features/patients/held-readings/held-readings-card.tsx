import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/data/load-state';
import { SectionCard } from '../shared/section-card';
import { HeldReadingItem } from './held-reading-item';
import { useHeldReadings } from './held-readings-queries';

/**
 * Gateway readings held for review on the patient's chart (issue 21 part 5): a device sent a value
 * outside physiological limits, so it is not among the readings, charts or alerts until a physician
 * or nurse accepts it (it becomes a normal reading) or rejects it (kept apart as entered in error).
 */
export function HeldReadingsCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const query = useHeldReadings(patientId);
  return (
    <SectionCard title={t('heldReadings.title')} testId="held-readings-card">
      <QueryView query={query} loading={t('heldReadings.loading')}>
        {(held) =>
          held.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="held-readings-empty">
              {t('heldReadings.empty')}
            </Text>
          ) : (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('heldReadings.hint')}
              </Text>
              {held.map((reading) => (
                <HeldReadingItem key={reading.id} reading={reading} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </SectionCard>
  );
}
