import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Schedule } from '@opencare/schemas/entities/care';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';
import { useWeekdayNames } from './use-weekday-names';

/**
 * One schedule: what, how often, when, from when, and when the next task is due; `actions` beside it
 * (a clinician's change and end, the patient's reminder switch).
 */
export function ScheduleItem({ schedule, actions }: { schedule: Schedule; actions?: ReactNode }) {
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
        {schedule.nextDueAt && (
          <Text size="xs" c="dimmed" data-testid="schedule-next">
            {t('carePlan.schedules.next', { when: `\u2068${format.dateTime(schedule.nextDueAt)}\u2069` })}
          </Text>
        )}
      </Stack>
      {actions}
    </Group>
  );
}
