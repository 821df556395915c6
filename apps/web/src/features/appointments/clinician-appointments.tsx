import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Switch, Title } from '@mantine/core';
import {
  APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
} from '@opencare/schemas/entities/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon, ChevronEndIcon, ChevronStartIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { EmptyState } from '../../components/page/empty-state';
import { addDays, today } from '../../session/calendar-date';
import { useSession } from '../../session/use-session';
import { AppointmentCard } from './appointment-card';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { hasOwnAppointments } from './appointments-view';
import { useMayDo } from '../../session/use-may-do';
import { BookForPatientButton } from './book-for-patient-button';
import { CancelModal } from './cancel-modal';
import { formatDate, formatDay, formatTime, mondayOf, startOfDay } from './format';
import { isChangeable } from './labels';
import { RescheduleModal } from './reschedule-modal';
import { DateField } from '../../components/dates/date-field';

type Period = 'day' | 'week';
// A day or a week of one clinic: the largest page the API gives.
const PAGE_SIZE = 100;

/**
 * The clinic's appointments of a day or a week for its clinicians, with patient names; physicians
 * and nurses start with their own. Clinicians may book, reschedule or cancel for a patient.
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
  const [period, setPeriod] = useState<Period>('day');
  const [date, setDate] = useState(today);
  const [status, setStatus] = useState<AppointmentStatus | null>(null);
  const [onlyMine, setOnlyMine] = useState(ownAppointments);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);

  const first = period === 'week' ? mondayOf(date) : date;
  const days = period === 'week' ? 7 : 1;
  const list = trpc.appointments.list.useQuery({
    from: startOfDay(first).toISOString(),
    to: startOfDay(addDays(first, days)).toISOString(),
    status: status ?? undefined,
    providerId: onlyMine && account ? account.id : undefined,
    pageSize: PAGE_SIZE,
  });
  const when = (a: Appointment) => ({
    date: formatDate(a.startsAt, i18n.language),
    time: formatTime(a.startsAt, i18n.language),
  });
  const heading =
    period === 'week'
      ? t('clinician.weekOf', { date: formatDay(first, i18n.language) })
      : formatDay(first, i18n.language);

  return (
    <Stack gap="md">
      <div>{mayBook && <BookForPatientButton />}</div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('clinician.period')}
          value={period}
          onChange={(value) => setPeriod(value)}
          data={[
            { value: 'day', label: t('clinician.day') },
            { value: 'week', label: t('clinician.week') },
          ]}
          data-testid="period"
        />
        <DateField
          label={t('clinician.date')}
          value={date}
          onChange={(value) => {
            // A cleared field keeps the day shown.
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
          onClick={() => setDate(addDays(first, -days))}
        >
          <ChevronStartIcon size={18} />
        </ActionIcon>
        <Stack gap={0} align="center" miw={0}>
          <Title order={2} size="h4" ta="center" data-testid="period-title">
            {heading}
          </Title>
          {(date !== today() || period === 'week') && (
            <Button variant="subtle" size="compact-sm" onClick={() => setDate(today())}>
              {t('clinician.today')}
            </Button>
          )}
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('clinician.next')}
          onClick={() => setDate(addDays(first, days))}
        >
          <ChevronEndIcon size={18} />
        </ActionIcon>
      </Group>

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
        {(items) => (
          <ItemList testId="clinician-appointments">
            {items.map((a) => (
              <AppointmentCard
                key={a.id}
                appointment={a}
                perspective="clinician"
                actions={
                  mayChange && isChangeable(a) ? (
                    <>
                      <Button size="xs" variant="default" onClick={() => setMoving(a)}>
                        {t('actions.reschedule')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setCancelling(a)}>
                        {t('actions.cancel')}
                      </Button>
                    </>
                  ) : undefined
                }
              />
            ))}
          </ItemList>
        )}
      </ListView>

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
