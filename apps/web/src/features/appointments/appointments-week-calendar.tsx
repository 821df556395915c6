// The schedule's styles come with this screen's chunk, not with the first load (vite.config.ts).
import '@mantine/schedule/styles.css';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AgendaView, WeekView, type ScheduleEventData, type WeekViewProps } from '@mantine/schedule';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DatesSettings } from '../../components/dates/dates-settings';
import { localDate } from '../../session/calendar-date';
import { hoursOf, isMuted, toEvent, type AppointmentEvent } from './appointment-events';
import { FIRST_DAY_OF_WEEK, formatDayHeader, formatHour, formatTime } from './format';

interface AppointmentsWeekCalendarProps {
  /** The week's first day (YYYY-MM-DD). */
  first: string;
  appointments: Appointment[];
  /** Click or Enter on an appointment. */
  onOpen: (appointment: Appointment) => void;
}

const appointmentOf = (event: ScheduleEventData) => (event as AppointmentEvent).payload?.appointment;

/** "YYYY-MM-DD HH:mm:ss", as the schedule hands a time to a label, as a Date on this device. */
function parseLocal(value: string): Date {
  const [date = '', time = ''] = value.split(' ');
  const [h = 0, m = 0] = time.split(':').map(Number);
  const day = localDate(date);
  day.setHours(h, m);
  return day;
}

/**
 * The week's appointments on @mantine/schedule's week grid (issue 17): a column a day, in the
 * reader's language and direction; a phone, too narrow for seven columns, gets the schedule's
 * agenda of the same week. Each appointment is a button (Tab, then Enter) named by what it shows.
 */
export function AppointmentsWeekCalendar({ first, appointments, onOpen }: AppointmentsWeekCalendarProps) {
  const { t, i18n } = useTranslation('appointments');
  const phone = useMediaQuery('(max-width: 36em)');
  const events = useMemo(() => appointments.map(toEvent), [appointments]);
  const { startTime, endTime } = useMemo(() => hoursOf(appointments), [appointments]);
  const language = i18n.language;
  const describe = (appointment: Appointment) =>
    [
      appointment.patient.fullName,
      formatTime(appointment.startsAt, language),
      t(`types.${appointment.type.code}`),
      t(`statuses.${appointment.status}`),
    ].join(' · ');
  const labels = {
    weekday: t('clinician.weekday'),
    timeSlot: t('clinician.timeSlot'),
    noEvents: t('clinician.empty'),
    today: t('clinician.today'),
    previous: t('clinician.previous'),
    next: t('clinician.next'),
  };
  const open = (event: ScheduleEventData) => {
    const appointment = appointmentOf(event);
    if (appointment) onOpen(appointment);
  };
  // The schedule's own element and props, marked for tests and muted when cancelled.
  const renderEvent =
    (body: 'own' | 'agenda'): NonNullable<WeekViewProps['renderEvent']> =>
    (event, { children, ...props }) => {
      const appointment = appointmentOf(event);
      return (
        <UnstyledButton
          {...props}
          // The whole of what a short event cuts off, for a pointer resting on it.
          title={appointment ? describe(appointment) : event.title}
          data-testid="calendar-event"
          data-id={appointment?.id}
          data-status={appointment?.status}
          data-muted={appointment && isMuted(appointment.status) ? true : undefined}
        >
          {body === 'agenda' && appointment ? (
            <Group gap="sm" wrap="nowrap" align="stretch" py={2}>
              <Box
                w={4}
                style={{
                  borderRadius: 2,
                  flexShrink: 0,
                  background: isMuted(appointment.status)
                    ? 'var(--mantine-color-gray-4)'
                    : `var(--mantine-color-${String(event.color)}-6)`,
                }}
              />
              <EventBody appointment={appointment} language={language} fz="sm" />
            </Group>
          ) : (
            children
          )}
        </UnstyledButton>
      );
    };

  return (
    <DatesSettings>
      {phone ? (
        <AgendaView
          rangeStart={localDate(first)}
          rangeEnd={localDate(first, 6)}
          events={events}
          labels={labels}
          dateHeaderFormat={(value) => formatDayHeader(parseLocal(value), language)}
          renderEvent={renderEvent('agenda')}
          onEventClick={open}
          styles={{ agendaViewHeader: { display: 'none' } }}
          aria-label={t('clinician.calendarLabel')}
          data-testid="appointments-calendar"
        />
      ) : (
        <WeekView
          date={first}
          firstDayOfWeek={FIRST_DAY_OF_WEEK}
          events={events}
          startTime={startTime}
          endTime={endTime}
          slotHeight={96}
          withHeader={false}
          withAllDaySlots={false}
          withWeekNumber={false}
          withCurrentTimeBubble={false}
          highlightToday
          slotLabelFormat={(value) => formatHour(parseLocal(value), language)}
          labels={labels}
          renderEventBody={(event) => {
            const appointment = appointmentOf(event);
            return appointment ? (
              <EventBody appointment={appointment} language={language} fz={11} />
            ) : (
              event.title
            );
          }}
          renderEvent={renderEvent('own')}
          onEventClick={open}
          aria-label={t('clinician.calendarLabel')}
          data-testid="appointments-calendar"
        />
      )}
    </DatesSettings>
  );
}

/** The patient, the time (isolated for right-to-left), the kind of visit and its status. */
function EventBody({
  appointment,
  language,
  fz,
}: {
  appointment: Appointment;
  language: string;
  /** Three lines in half an hour of the week's grid; the agenda has room. */
  fz: number | 'sm';
}) {
  const { t } = useTranslation('appointments');
  const cancelled = appointment.status === 'cancelled';
  return (
    <Box component="span" display="block" miw={0} ta="start">
      <Text
        span
        display="block"
        fz={fz}
        fw={700}
        lh={1.3}
        truncate
        td={cancelled ? 'line-through' : undefined}
      >
        {appointment.patient.fullName}
      </Text>
      <Text span display="block" fz={fz} lh={1.3} truncate>
        <bdi>{formatTime(appointment.startsAt, language)}</bdi> · {t(`types.${appointment.type.code}`)}
      </Text>
      <Text span display="block" fz={fz} lh={1.3} truncate>
        {t(`statuses.${appointment.status}`)}
      </Text>
    </Box>
  );
}
