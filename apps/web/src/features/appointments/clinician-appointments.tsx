import {
  ActionIcon,
  Box,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Title,
} from '@mantine/core';
import {
  APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
} from '@opencare/schemas/entities/appointments';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { DateField } from '../../components/dates/date-field';
import { CalendarIcon, ChevronEndIcon, ChevronStartIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { EmptyState } from '../../components/page/empty-state';
import { addDays, today } from '../../session/calendar-date';
import { useMayDo } from '../../session/use-may-do';
import { useSession } from '../../session/use-session';
import { AppointmentCard } from './appointment-card';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentsWeekCalendar } from './appointments-week-calendar';
import { hasOwnAppointments } from './appointments-view';
import { BookForPatientButton } from './book-for-patient-button';
import { CancelModal } from './cancel-modal';
import { formatDate, formatTime, formatWeek, startOfDay, weekStartOf } from './format';
import { isChangeable } from './labels';
import { storedItem } from '../../session/stored-item';
import { RescheduleModal } from './reschedule-modal';

type Shown = 'calendar' | 'list';
/** Calendar or list, as this device last showed it. */
const shownOnThisDevice = storedItem<Shown>('local', 'opencare.appointmentsShown', (raw) =>
  raw === 'calendar' || raw === 'list' ? raw : null,
);
// A week of one clinic: the largest page the API gives.
const PAGE_SIZE = 100;

/**
 * The clinic's appointments of a week for its clinicians, on a week calendar or as a list, with
 * patient names; physicians and nurses start with their own. Clinicians may book, reschedule or
 * cancel for a patient.
 */
export function ClinicianAppointments() {
  const { t, i18n } = useTranslation('appointments');
  const { notify } = useNotifications();
  const { state } = useSession();
  const account = state.status === 'signed-in' ? state.account : null;
  const ownAppointments = account !== null && hasOwnAppointments(account);
  // Booking writes, rescheduling and cancelling update: an assistant's role holds neither.
  const mayBook = useMayDo('Write');
  const mayChange = useMayDo('Update');
  const [shown, setShown] = useState<Shown>(() => shownOnThisDevice.get() ?? 'calendar');
  const [date, setDate] = useState(today);
  const [status, setStatus] = useState<AppointmentStatus | null>(null);
  const [onlyMine, setOnlyMine] = useState(ownAppointments);
  const [opened, setOpened] = useState<Appointment | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);

  const first = weekStartOf(date);
  const list = trpc.appointments.list.useQuery(
    {
      from: startOfDay(first).toISOString(),
      to: startOfDay(addDays(first, 7)).toISOString(),
      status: status ?? undefined,
      providerId: onlyMine && account ? account.id : undefined,
      pageSize: PAGE_SIZE,
    },
    // The week left stays on screen, dimmed, until the next one has arrived.
    { placeholderData: keepPreviousData },
  );
  const when = (a: Appointment) => ({
    date: formatDate(a.startsAt, i18n.language),
    time: formatTime(a.startsAt, i18n.language),
  });
  const actionsFor = (a: Appointment) =>
    mayChange && isChangeable(a) ? (
      <>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setOpened(null);
            setMoving(a);
          }}
        >
          {t('actions.reschedule')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => {
            setOpened(null);
            setCancelling(a);
          }}
        >
          {t('actions.cancel')}
        </Button>
      </>
    ) : undefined;

  return (
    <Stack gap="md">
      <div>{mayBook && <BookForPatientButton />}</div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('clinician.show')}
          value={shown}
          onChange={(value) => {
            shownOnThisDevice.set(value);
            setShown(value);
          }}
          data={[
            { value: 'calendar', label: t('clinician.calendar') },
            { value: 'list', label: t('clinician.list') },
          ]}
          data-testid="appointments-shown"
        />
        <DateField
          label={t('clinician.date')}
          value={date}
          onChange={(value) => {
            // A cleared field keeps the week shown.
            if (value) setDate(value);
          }}
          w={170}
          data-testid="clinician-date"
        />
        <Select
          label={t('clinician.status')}
          placeholder={t('clinician.allStatuses')}
          data={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          value={status}
          onChange={(value) => setStatus(value)}
          clearable
          w={200}
          data-testid="status-filter"
        />
        {ownAppointments && (
          <Switch
            label={t('clinician.onlyMine')}
            checked={onlyMine}
            onChange={(event) => setOnlyMine(event.currentTarget.checked)}
            pb={8}
            data-testid="only-mine"
          />
        )}
      </Group>

      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('clinician.previous')}
          onClick={() => setDate(addDays(first, -7))}
          data-testid="previous-week"
        >
          <ChevronStartIcon size={18} />
        </ActionIcon>
        <Stack gap={0} align="center" miw={0}>
          <Title order={2} size="h4" ta="center" data-testid="period-title" aria-live="polite">
            {t('clinician.weekTitle', { range: formatWeek(first, i18n.language) })}
          </Title>
          {first !== weekStartOf(today()) && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setDate(today())}
              data-testid="this-week"
            >
              {t('clinician.today')}
            </Button>
          )}
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('clinician.next')}
          onClick={() => setDate(addDays(first, 7))}
          data-testid="next-week"
        >
          <ChevronEndIcon size={18} />
        </ActionIcon>
      </Group>

      <Box
        aria-busy={list.isPlaceholderData || undefined}
        style={{ opacity: list.isPlaceholderData ? 0.6 : undefined, transition: 'opacity 150ms' }}
      >
        <ListView
          query={list}
          loading={t('loading')}
          empty={
            <EmptyState
              order={3}
              icon={<CalendarIcon size={28} />}
              title={t('clinician.empty')}
              hint={t('clinician.emptyHint')}
            />
          }
        >
          {(items) =>
            shown === 'calendar' ? (
              <AppointmentsWeekCalendar first={first} appointments={items} onOpen={setOpened} />
            ) : (
              <ItemList testId="clinician-appointments">
                {items.map((a) => (
                  <AppointmentCard
                    key={a.id}
                    appointment={a}
                    perspective="clinician"
                    actions={actionsFor(a)}
                  />
                ))}
              </ItemList>
            )
          }
        </ListView>
      </Box>

      <AppointmentDialog
        appointment={opened}
        onClose={() => setOpened(null)}
        actions={opened && actionsFor(opened)}
      />
      <RescheduleModal
        appointment={moving}
        onClose={() => setMoving(null)}
        onMoved={(a) => {
          setMoving(null);
          notify({ id: 'appointment-moved', message: t('reschedule.done', when(a)), tone: 'success' });
        }}
      />
      <CancelModal
        appointment={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          setCancelling(null);
          notify({ id: 'appointment-cancelled', message: t('cancel.done'), tone: 'success' });
        }}
      />
    </Stack>
  );
}
