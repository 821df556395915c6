import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Schedule } from '@opencare/schemas/entities/care';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { schedulesOf, useEndScheduleMutation } from './care-plan-queries';
import { ConfirmDialog } from './confirm-dialog';
import { ScheduleEditForm } from './schedule-edit-form';
import { ScheduleForm } from './schedule-form';
import { ScheduleItem } from './schedule-item';

/** When the patient is asked to measure; physicians and nurses add, change and end schedules. */
export function SchedulesPanel({ patientId, canEdit }: { patientId: string; canEdit: boolean }) {
  const { t } = useTranslation('patients');
  const { notify } = useNotifications();
  const typeName = useMeasurementName();
  const schedules = trpc.schedules.list.useQuery(schedulesOf(patientId));
  const end = useEndScheduleMutation();
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<Schedule | null>(null);
  const [changing, setChanging] = useState<Schedule | null>(null);

  return (
    <Stack gap="sm" data-testid="schedules-panel">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {t('carePlan.schedules.title')}
        </Title>
        {canEdit && (
          <Button size="compact-sm" variant="light" onClick={() => setAdding(true)}>
            {t('carePlan.schedules.add')}
          </Button>
        )}
      </Group>
      <QueryView query={schedules} loading={t('carePlan.schedules.loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('carePlan.schedules.empty')}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((schedule) => (
                <ScheduleItem
                  key={schedule.id}
                  schedule={schedule}
                  actions={
                    canEdit && (
                      <ScheduleActions
                        name={typeName(schedule.type)}
                        onChange={() => setChanging(schedule)}
                        onEnd={() => setEnding(schedule)}
                      />
                    )
                  }
                />
              ))}
            </Stack>
          )
        }
      </QueryView>
      {adding && (
        <ScheduleForm
          patientId={patientId}
          opened
          onClose={() => setAdding(false)}
          onSaved={() => setAdding(false)}
        />
      )}
      {changing && (
        <ScheduleEditForm
          schedule={changing}
          onClose={() => setChanging(null)}
          onSaved={() => setChanging(null)}
        />
      )}
      {ending && (
        <ConfirmDialog
          opened
          title={t('carePlan.schedules.endTitle', { type: typeName(ending.type) })}
          body={t('carePlan.schedules.endBody')}
          confirmLabel={t('carePlan.schedules.endConfirm')}
          onClose={() => setEnding(null)}
          onConfirm={async () => {
            await end.mutateAsync({ id: ending.id });
            notify({ id: 'schedule-ended', message: t('carePlan.schedules.ended'), tone: 'success' });
            setEnding(null);
          }}
        />
      )}
    </Stack>
  );
}

/** A clinician's change and end buttons beside a schedule. */
function ScheduleActions({ name, onChange, onEnd }: { name: string; onChange: () => void; onEnd: () => void }) {
  const { t } = useTranslation('patients');
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-xs" variant="light" onClick={onChange} aria-label={t('carePlan.schedules.changeOf', { type: name })}>
        {t('carePlan.schedules.change')}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        onClick={onEnd}
        aria-label={t('carePlan.schedules.endOf', { type: name })}
      >
        {t('carePlan.schedules.end')}
      </Button>
    </Group>
  );
}
