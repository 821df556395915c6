import { Divider, Paper } from '@mantine/core';
import { MEASUREMENT_TYPES, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { uuidSchema } from '@opencare/schemas/rules';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { PageFrame } from '../../components/page/page-frame';
import { MeasurementForm } from './measurement-form';
import { MeasurementHistory } from './measurement-history';

const isType = (value: string | null): value is MeasurementType => (MEASUREMENT_TYPES as readonly (string | null)[]).includes(value);

/**
 * /measurements (patient only): take a reading and see the history. `?type=` chooses the type (none
 * until the person chooses); `?task=` is the daily task the reading is for, from the home screen.
 */
export function MeasurementsPage() {
  const { t } = useTranslation('measurements');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('type');
  const type = isType(requested) ? requested : null;
  const taskId = uuidSchema.safeParse(search.get('task')).data ?? null;
  // A task that cannot be read (gone, not this patient's) is simply not shown.
  const task = trpc.tasks.get.useQuery(taskId ? { id: taskId } : skipToken, { retry: false });

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
      <MeasurementHistory type={type} />
    </PageFrame>
  );
}
