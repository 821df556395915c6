import { Divider, Paper } from '@mantine/core';
import { MEASUREMENT_TYPES, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { PageFrame } from '../../components/page/page-frame';
import { useSession } from '../../session/use-session';
import { ReadingsChartSection } from '../patients/snapshot/readings-chart-section';
import { MeasurementForm } from './measurement-form';
import { MeasurementHistory } from './measurement-history';

const isType = (value: string | null): value is MeasurementType =>
  (MEASUREMENT_TYPES as readonly (string | null)[]).includes(value);

/**
 * /measurements (patient only): take a reading and see the history. `?type=` chooses the type (none
 * until the person chooses); `?task=` is the daily task the reading is for, from the home screen.
 * With a type chosen, the patient's own trend of it (issue 17), the chart their care team sees.
 */
export function MeasurementsPage() {
  const { t } = useTranslation('measurements');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('type');
  const type = isType(requested) ? requested : null;
  const taskId = uuidSchema.safeParse(search.get('task')).data ?? null;
  // A task that cannot be read (gone, not this patient's) is simply not shown.
  const task = trpc.tasks.get.useQuery(taskId ? { id: taskId } : skipToken, { retry: false });
  const { state } = useSession();
  const patientId = state.status === 'signed-in' ? state.account.id : null;
  // The chart runs up to now; a reading sent moves it on, so the new point shows.
  const [asOf, setAsOf] = useState(() => Date.now());

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <MeasurementForm
          type={type}
          task={task.data ?? null}
          onTypeChange={(next) =>
            setSearch(
              (current) => {
                const params = new URLSearchParams(current);
                params.set('type', next);
                return params;
              },
              { replace: true },
            )
          }
          onSaved={() => {
            setAsOf(Date.now());
            // The task is done: another reading is not for it.
            if (taskId) {
              setSearch(
                (current) => {
                  const params = new URLSearchParams(current);
                  params.delete('task');
                  return params;
                },
                { replace: true },
              );
            }
          }}
        />
      </Paper>
      <Divider />
      {type && type !== 'camera' && patientId && (
        <ReadingsChartSection patientId={patientId} types={[type]} asOf={asOf} />
      )}
      <MeasurementHistory type={type} />
    </PageFrame>
  );
}
