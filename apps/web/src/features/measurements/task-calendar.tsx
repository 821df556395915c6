import { ActionIcon, Box, Group, NativeSelect, Stack, Text, UnstyledButton, useDirection } from '@mantine/core';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronEndIcon, ChevronStartIcon } from '../../components/icons/icons';
import { addDays, today } from '../../session/calendar-date';
import { addMonths, monthGrid, monthOf, monthsOfYear, type YearMonth } from './calendar-grid';
import classes from './task-calendar.module.css';

interface TaskCalendarProps {
  month: YearMonth;
  onMonthChange: (month: YearMonth) => void;
  selected: string;
  onSelect: (date: string) => void;
  taskDates: ReadonlySet<string>;
  appointmentDates: ReadonlySet<string>;
}

const dateAt = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

/**
 * The calendar's formatters, made once per language: building one is slow, and a render used about
 * a hundred (two for each of 42 days), delaying home's first paint (issue 16).
 */
function formatsOf(language: string) {
  return {
    narrowWeekday: new Intl.DateTimeFormat(language, { weekday: 'narrow' }),
    longWeekday: new Intl.DateTimeFormat(language, { weekday: 'long' }),
    month: new Intl.DateTimeFormat(language, { month: 'long' }),
    year: new Intl.DateTimeFormat(language, { year: 'numeric' }),
    fullDate: new Intl.DateTimeFormat(language, { dateStyle: 'full' }),
    number: new Intl.NumberFormat(language),
  };
}

/**
 * A month of days (spec §9: 7-day weeks, at most a 42-day grid, 12 months a year) marking the days
 * with tasks or appointments; choosing a day changes the home screen's day. One day is in the tab
 * order; the arrow keys move by day and week (mirrored in Arabic), Page Up and Down by month.
 */
export function TaskCalendar({ month, onMonthChange, selected, onSelect, taskDates, appointmentDates }: TaskCalendarProps) {
  const { t, i18n } = useTranslation('measurements');
  const { dir } = useDirection();
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const todayDate = today();
  const language = i18n.language;
  const formats = useMemo(() => formatsOf(language), [language]);
  const weekdays = monthGrid('2026-03')[0]!.map((d) => ({
    short: formats.narrowWeekday.format(dateAt(d.date)),
    long: formats.longWeekday.format(dateAt(d.date)),
  }));
  const focusable = monthOf(selected) === month ? selected : `${month}-01`;

  // After a move by keyboard, the newly chosen day takes the focus.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${selected}"]`)?.focus();
  }, [selected, month]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const forward = dir === 'rtl' ? -1 : 1;
    const steps: Record<string, number> = { ArrowRight: forward, ArrowLeft: -forward, ArrowDown: 7, ArrowUp: -7 };
    let next: string | null = null;
    if (event.key in steps) next = addDays(date, steps[event.key] ?? 0);
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      const target = addMonths(monthOf(date), event.key === 'PageDown' ? 1 : -1);
      next = `${target}-${date.slice(8, 10) > lastDay(target) ? lastDay(target) : date.slice(8, 10)}`;
    }
    if (!next) return;
    event.preventDefault();
    moveFocus.current = true;
    onSelect(next);
  };

  return (
    <Stack gap="xs" data-testid="task-calendar">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon variant="default" size="lg" aria-label={t('calendar.previousMonth')} onClick={() => onMonthChange(addMonths(month, -1))}>
          <ChevronStartIcon size={18} />
        </ActionIcon>
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            aria-label={t('calendar.month')}
            value={month}
            onChange={(event) => onMonthChange(event.currentTarget.value)}
            data={monthsOfYear(month).map((m) => ({
              value: m,
              label: formats.month.format(dateAt(`${m}-01`)),
            }))}
            data-testid="calendar-month"
          />
          <Text fw={600}>
            <bdi>{formats.year.format(dateAt(`${month}-01`))}</bdi>
          </Text>
        </Group>
        <ActionIcon variant="default" size="lg" aria-label={t('calendar.nextMonth')} onClick={() => onMonthChange(addMonths(month, 1))}>
          <ChevronEndIcon size={18} />
        </ActionIcon>
      </Group>
      <table ref={grid} role="grid" className={classes.grid} aria-label={t('calendar.label')}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.long} scope="col" abbr={day.long} className={classes.weekday}>
                {day.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]!.date}>
              {week.map(({ date, inMonth }) => {
                const hasTasks = taskDates.has(date);
                const hasAppointments = appointmentDates.has(date);
                const label = [
                  formats.fullDate.format(dateAt(date)),
                  hasTasks ? t('calendar.withTasks') : null,
                  hasAppointments ? t('calendar.withAppointments') : null,
                ]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <td key={date} role="gridcell" aria-selected={date === selected} className={classes.cell}>
                    <UnstyledButton
                      className={classes.day}
                      data-date={date}
                      data-selected={date === selected || undefined}
                      data-today={date === todayDate || undefined}
                      data-outside={!inMonth || undefined}
                      tabIndex={date === focusable ? 0 : -1}
                      aria-label={label}
                      aria-current={date === todayDate ? 'date' : undefined}
                      onClick={() => onSelect(date)}
                      onKeyDown={(event) => onKeyDown(event, date)}
                    >
                      <span>{formats.number.format(Number(date.slice(8, 10)))}</span>
                      <span className={classes.markers} aria-hidden>
                        {hasTasks && <span className={classes.taskMark} data-testid="task-mark" />}
                        {hasAppointments && <span className={classes.appointmentMark} data-testid="appointment-mark" />}
                      </span>
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Group gap="md" justify="center">
        <Legend className={classes.taskMark} label={t('calendar.legendTasks')} />
        <Legend className={classes.appointmentMark} label={t('calendar.legendAppointments')} />
      </Group>
    </Stack>
  );
}

function lastDay(month: YearMonth): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0');
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
