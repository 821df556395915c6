import { Box, Group, Stack, Text, useDirection } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLabels } from '../../components/dates/date-labels';
import { DatesSettings } from '../../components/dates/dates-settings';
import dates from '../../components/dates/dates.module.css';
import { useCalendarAriaLabels } from '../../components/dates/use-calendar-aria-labels';
import {
  addDays,
  addMonths,
  formatLongDate,
  lastDayOf,
  monthOf,
  today,
  type YearMonth,
} from '../../session/calendar-date';
import classes from './task-calendar.module.css';

interface TaskCalendarProps {
  month: YearMonth;
  onMonthChange: (month: YearMonth) => void;
  selected: string;
  onSelect: (date: string) => void;
  taskDates: ReadonlySet<string>;
  appointmentDates: ReadonlySet<string>;
}

/** Mantine's calendar in the reader's language (its month and day names load with it). */
export function TaskCalendar(props: TaskCalendarProps) {
  return (
    <DatesSettings>
      <TaskMonth {...props} />
    </DatesSettings>
  );
}

/**
 * A month of days (spec §9: 7-day weeks, at most a 42-day grid, 12 months on the year level) marking
 * the days with tasks or appointments; choosing a day changes the home screen's day. One day is in
 * the tab order; the arrow keys choose the day beside (mirrored in Arabic) or a week away, across
 * months, and Page Up and Down go a month — Mantine's own arrows keep to one month and ignore the
 * reading direction, so the calendar's keys are handled here first.
 */
function TaskMonth({
  month,
  onMonthChange,
  selected,
  onSelect,
  taskDates,
  appointmentDates,
}: TaskCalendarProps) {
  const { t, i18n } = useTranslation('measurements');
  const { dir } = useDirection();
  const box = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  const todayDate = today();
  const { dayNumber, ...labels } = dateLabels(i18n.language);
  const ariaLabels = useCalendarAriaLabels();

  // After a move by keyboard, the newly chosen day takes the focus (its month may just have shown).
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    box.current?.querySelector<HTMLButtonElement>(`[data-date="${selected}"]`)?.focus();
  }, [selected, month]);

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const date = event.target instanceof HTMLElement ? event.target.dataset.date : undefined;
    if (!date || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const forward = dir === 'rtl' ? -1 : 1;
    const steps: Record<string, number> = {
      ArrowRight: forward,
      ArrowLeft: -forward,
      ArrowDown: 7,
      ArrowUp: -7,
    };
    let next: string | null = null;
    if (event.key in steps) next = addDays(date, steps[event.key] ?? 0);
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      const target = addMonths(monthOf(date), event.key === 'PageDown' ? 1 : -1);
      const last = lastDayOf(target);
      next = `${target}-${date.slice(8, 10)}` > last ? last : `${target}-${date.slice(8, 10)}`;
    }
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    moveFocus.current = true;
    onSelect(next);
  };

  const dayLabel = (date: string) =>
    [
      formatLongDate(date, i18n.language),
      taskDates.has(date) ? t('calendar.withTasks') : null,
      appointmentDates.has(date) ? t('calendar.withAppointments') : null,
    ]
      .filter(Boolean)
      .join(', ');

  return (
    <Stack gap="xs" data-testid="task-calendar" ref={box} onKeyDownCapture={onKeyDownCapture}>
      <DatePicker
        value={selected}
        onChange={(date) => date && onSelect(date)}
        allowDeselect={false}
        date={`${month}-01`}
        onDateChange={(date) => onMonthChange(monthOf(date))}
        maxLevel="year"
        size="md"
        classNames={{ day: `${dates.day} ${classes.dayButton}` }}
        fullWidth
        highlightToday
        {...labels}
        ariaLabels={ariaLabels}
        aria-label={t('calendar.label')}
        getDayAriaLabel={dayLabel}
        getDayProps={(date) => ({
          'data-date': date,
          'aria-current': date === todayDate ? 'date' : undefined,
        })}
        renderDay={(date) => (
          <span className={classes.day}>
            <span>{dayNumber(date)}</span>
            <span className={classes.markers} aria-hidden>
              {taskDates.has(date) && <span className={classes.taskMark} data-testid="task-mark" />}
              {appointmentDates.has(date) && (
                <span className={classes.appointmentMark} data-testid="appointment-mark" />
              )}
            </span>
          </span>
        )}
        attributes={{ calendarHeaderLevel: { 'data-testid': 'calendar-month' } }}
      />
      <Group gap="md" justify="center">
        <Legend className={classes.taskMark} label={t('calendar.legendTasks')} />
        <Legend className={classes.appointmentMark} label={t('calendar.legendAppointments')} />
      </Group>
    </Stack>
  );
}

function Legend({ className, label }: { className: string | undefined; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box component="span" className={className} aria-hidden />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
