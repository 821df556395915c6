import { ActionIcon, Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addDays, formatLongDate, today } from '../../session/calendar-date';
import { useSession } from '../../session/use-session';
import { ChevronEndIcon, ChevronStartIcon, ClipboardIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';

/**
 * The daily tasks of the selected calendar date (spec §2, home's default tab). Tasks come from the
 * schedules of a later issue; until then the day says plainly that it has none.
 */
export function DailyTasks() {
  const { t, i18n } = useTranslation();
  const { calendarDate, setCalendarDate } = useSession();
  const isToday = calendarDate === today();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('home.previousDay')}
          onClick={() => setCalendarDate(addDays(calendarDate, -1))}
        >
          <ChevronStartIcon size={18} />
        </ActionIcon>
        <Stack gap={0} align="center" miw={0}>
          <Title order={2} size="h4" ta="center" data-testid="selected-date" data-date={calendarDate}>
            {t('home.tasksFor', { date: formatLongDate(calendarDate, i18n.language) })}
          </Title>
          {!isToday && (
            <Button variant="subtle" size="compact-sm" onClick={() => setCalendarDate(today())}>
              {t('home.today')}
            </Button>
          )}
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('home.nextDay')}
          onClick={() => setCalendarDate(addDays(calendarDate, 1))}
        >
          <ChevronEndIcon size={18} />
        </ActionIcon>
      </Group>
      <EmptyState
        order={3}
        icon={<ClipboardIcon size={28} />}
        title={t('home.noTasks')}
        hint={t('home.noTasksHint')}
      />
    </Stack>
  );
}
