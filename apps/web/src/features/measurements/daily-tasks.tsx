import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Task } from '@opencare/schemas/entities/care';
import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronEndIcon, ChevronStartIcon, ClipboardIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { roleNumbersOf } from '../../session/acting-account';
import { addDays, formatLongDate, monthOf, today } from '../../session/calendar-date';
import { usePreferences } from '../../session/use-preferences';
import { useSession } from '../../session/use-session';
import { trpc } from '../../api/trpc';
import { LoadFailed, Loading } from '../../components/data/load-state';
import { homeQueries } from '../home/home-queries';
import { TaskCalendar } from './task-calendar';
import { TaskRow } from './task-row';
import { canTakeNow, opensLater, shownStatus } from './task-status';
import { useNow } from './use-now';

const NONE: Task[] = [];

function useYearTasks(year: string, isPatient: boolean) {
  return useQuery({ ...homeQueries.yearTasks(trpc.useUtils(), year), enabled: isPatient });
}

/**
 * Home's default tab (spec §2): the chosen day's tasks, and a calendar marking the days with tasks
 * or appointments. The day is the session's calendar date, so it is kept across the app. What comes
 * after the tasks (home's next appointment and messages) sits under them, above the calendar on a phone.
 */
export function DailyTasks({ afterTasks }: { afterTasks?: ReactNode }) {
  const { t, i18n } = useTranslation('measurements');
  const { state, calendarDate, setCalendarDate } = useSession();
  const { preferences } = usePreferences();
  const now = useNow();
  const account = state.status === 'signed-in' ? state.account : null;
  const isPatient = account ? hasAnyRole(roleNumbersOf(account), ROUTE_ROLES.patient) : false;

  const [month, setMonth] = useState(monthOf(calendarDate));
  // Choosing a day of another month (or the day arrows crossing one) shows that month.
  useEffect(() => setMonth(monthOf(calendarDate)), [calendarDate]);

  const dayTasks = useYearTasks(calendarDate.slice(0, 4), isPatient);
  // The calendar may show another year than the chosen day's; it has its own year of tasks then.
  const shownYear = month.slice(0, 4);
  const sameYear = shownYear === calendarDate.slice(0, 4);
  const shownYearTasks = useYearTasks(
    sameYear ? calendarDate.slice(0, 4) : shownYear,
    isPatient && !sameYear,
  );
  const calendarTasks = sameYear ? dayTasks : shownYearTasks;
  const appointments = useQuery(homeQueries.appointmentDates(trpc.useUtils(), month));

  const taskDates = useMemo(
    () =>
      new Set(
        (calendarTasks.data ?? NONE).filter((task) => task.status !== 'cancelled').map((task) => task.date),
      ),
    [calendarTasks.data],
  );
  const appointmentDates = useMemo(() => new Set(appointments.data ?? []), [appointments.data]);
  const isToday = calendarDate === today();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('tasks.previousDay')}
          onClick={() => setCalendarDate(addDays(calendarDate, -1))}
        >
          <ChevronStartIcon size={18} />
        </ActionIcon>
        <Stack gap={0} align="center" miw={0}>
          <Title order={2} size="h4" ta="center" data-testid="selected-date" data-date={calendarDate}>
            {t('tasks.tasksFor', { date: formatLongDate(calendarDate, i18n.language) })}
          </Title>
          {!isToday && (
            <Button variant="subtle" size="compact-sm" onClick={() => setCalendarDate(today())}>
              {t('tasks.today')}
            </Button>
          )}
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('tasks.nextDay')}
          onClick={() => setCalendarDate(addDays(calendarDate, 1))}
        >
          <ChevronEndIcon size={18} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        <Stack gap="sm">
          {!isPatient && (
            <EmptyState
              order={3}
              icon={<ClipboardIcon size={28} />}
              title={t('tasks.notPatient')}
              hint={t('tasks.notPatientHint')}
            />
          )}
          {isPatient && dayTasks.status === 'pending' && <Loading label={t('tasks.loading')} />}
          {isPatient && dayTasks.status === 'error' && (
            <LoadFailed error={dayTasks.error} onRetry={() => void dayTasks.refetch()} />
          )}
          {isPatient && dayTasks.status === 'success' && (
            <DayTasks
              tasks={dayTasks.data.filter((task) => task.date === calendarDate)}
              now={now}
              overdueMinutes={preferences.overdueTime}
            />
          )}
          {afterTasks}
        </Stack>
        <TaskCalendar
          month={month}
          onMonthChange={setMonth}
          selected={calendarDate}
          onSelect={setCalendarDate}
          taskDates={taskDates}
          appointmentDates={appointmentDates}
        />
      </SimpleGrid>
    </Stack>
  );
}

function DayTasks({ tasks, now, overdueMinutes }: { tasks: Task[]; now: Date; overdueMinutes: number }) {
  const { t } = useTranslation('measurements');
  if (tasks.length === 0) {
    return (
      <EmptyState
        order={3}
        icon={<ClipboardIcon size={28} />}
        title={t('tasks.empty')}
        hint={t('tasks.emptyHint')}
      />
    );
  }
  const statuses = tasks.map((task) => shownStatus(task, now, overdueMinutes));
  const open = statuses.filter((s) => s !== 'cancelled');
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="task-summary">
        {t('tasks.summary', { done: open.filter((s) => s === 'complete').length, total: open.length })}
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="day-tasks">
        {tasks.map((task, i) => (
          <TaskRow key={task.id} task={task} status={statuses[i] ?? 'pending'} canTake={canTakeNow(task, now)} opensAt={opensLater(task, now)} />
        ))}
      </Stack>
    </Stack>
  );
}
