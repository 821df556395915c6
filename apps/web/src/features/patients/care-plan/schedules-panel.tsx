import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Schedule } from '@opencare/schemas/entities/care';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';
import { schedulesOf, useEndScheduleMutation } from './care-plan-queries';
import { ConfirmDialog } from './confirm-dialog';
import { ScheduleEditForm } from './schedule-edit-form';
import { ScheduleForm } from './schedule-form';
import { useWeekdayNames } from './use-weekday-names';

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
                  canEdit={canEdit}
                  onChange={() => setChanging(schedule)}
                  onEnd={() => setEnding(schedule)}
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

function ScheduleItem({
  schedule,
  canEdit,
  onChange,
  onEnd,
}: {
  schedule: Schedule;
  canEdit: boolean;
  onChange: () => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const typeName = useMeasurementName();
  const weekdays = useWeekdayNames();
  const name = typeName(schedule.type);
  const rhythm = [
    t(`carePlan.schedules.frequencies.${schedule.frequency}`),
    schedule.days.length > 0 ? schedule.days.map((day) => weekdays[day]).join(', ') : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      gap="xs"
      wrap="nowrap"
      p="xs"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
      data-testid="schedule-item"
    >
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {name}
          </Text>
          {schedule.meal && (
            <Badge size="sm" variant="light">
              {t(`carePlan.schedules.meals.${schedule.meal}`)}
            </Badge>
          )}
          {schedule.notifyByEmail && (
            <Badge size="sm" variant="light" color="teal">
              {t('carePlan.schedules.emailOn')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {rhythm} ·{' '}
          {schedule.times.map((time, index) => (
            <span key={time}>
              {index > 0 && ', '}
              <bdi dir="ltr">{time}</bdi>
            </span>
          ))}
        </Text>
        <Text size="xs" c="dimmed">
          {schedule.endDate
            ? t('carePlan.schedules.period', {
                from: `\u2068${format.day(schedule.startDate)}\u2069`,
                to: `\u2068${format.day(schedule.endDate)}\u2069`,
              })
            : t('carePlan.schedules.since', { from: `\u2068${format.day(schedule.startDate)}\u2069` })}
        </Text>
      </Stack>
      {canEdit && (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            onClick={onChange}
            aria-label={t('carePlan.schedules.changeOf', { type: name })}
          >
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
      )}
    </Group>
  );
}
