import { Box } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { storedString } from '../../session/stored-item';
import { formatTime } from '../appointments/format';
import { useMeasurementName } from '../patients/shared/use-measurement-name';
import { ReadingAdvice } from './reading-advice';

/** How long after an out-of-range reading its advice stays on the patient's home. */
const SHOWN_FOR_MS = 12 * 60 * 60 * 1000;
/** The reading whose advice was closed last (a blocked storage only forgets it sooner). */
const dismissedReading = storedString('local', 'opencare.adviceDismissed');

/**
 * On the patient's home: the clinic's advice after their latest reading, when it was out of range in
 * the last hours. A gateway's reading arrives with nobody at the form, so this is where the patient
 * reads it. Closed, it stays closed for that reading (on this device).
 */
export function LatestReadingAdvice() {
  const { t, i18n } = useTranslation('measurements');
  const measurementName = useMeasurementName();
  // Fixed for the life of the screen, so the query's key does not change with every render.
  const [from] = useState(() => new Date(Date.now() - SHOWN_FOR_MS).toISOString());
  const [dismissed, setDismissed] = useState(() => dismissedReading.get());
  const latest = trpc.measurements.list.useQuery({ from, pageSize: 1 }).data?.items[0];
  if (!latest || latest.id === dismissed) return null;
  return (
    <Box mb="md">
      <ReadingAdvice
        measurement={latest}
        lead={t('advice.latest', {
          type: measurementName(latest.type),
          time: formatTime(latest.takenAt, i18n.language),
        })}
        onClose={() => {
          dismissedReading.set(latest.id);
          setDismissed(latest.id);
        }}
      />
    </Box>
  );
}
