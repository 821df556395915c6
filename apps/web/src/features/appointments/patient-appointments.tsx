import { Button, Stack, Title } from '@mantine/core';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CalendarIcon } from '../../components/icons/icons';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { EmptyState } from '../../components/page/empty-state';
import { AppointmentCard } from './appointment-card';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { useConfirmMutation } from './appointment-queries';
import { BookAppointmentModal } from './book-appointment-modal';
import { CancelModal } from './cancel-modal';
import { formatDate, formatTime } from './format';
import { isChangeable, isConfirmable } from './labels';
import { RescheduleModal } from './reschedule-modal';

const UPCOMING_PAGE = 50;
const PAST_PAGE = 20;

/**
 * A patient's own appointments, upcoming and past, with booking (also opened by `?book=1`, the
 * home tab's action), confirming attendance, rescheduling and cancelling.
 */
export function PatientAppointments() {
  const { t, i18n } = useTranslation('appointments');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const [search, setSearch] = useSearchParams();
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const upcoming = trpc.appointments.list.useQuery({ when: 'upcoming', pageSize: UPCOMING_PAGE });
  const past = trpc.appointments.list.useQuery({ when: 'past', pageSize: PAST_PAGE });
  const confirmation = useConfirmMutation();
  const confirming = confirmation.isPending ? confirmation.variables.id : null;

  const booking = search.get('book') === '1';
  const setBooking = (open: boolean) => setSearch(open ? { book: '1' } : {}, { replace: true });
  const when = (a: Appointment) => ({
    date: formatDate(a.startsAt, i18n.language),
    time: formatTime(a.startsAt, i18n.language),
  });

  function confirm(appointment: Appointment) {
    confirmation.mutate(
      { id: appointment.id },
      {
        onSuccess: () => notify({ id: 'appointment-confirmed', message: t('confirm.done'), tone: 'success' }),
        onError: notifyError,
      },
    );
  }

  const actionsOf = (a: Appointment) =>
    isChangeable(a) ? (
      <>
        {isConfirmable(a) && (
          <Button
            size="xs"
            onClick={() => confirm(a)}
            loading={confirming === a.id}
            data-testid="confirm-appointment"
          >
            {t('actions.confirm')}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={() => setMoving(a)} data-testid="reschedule-appointment">
          {t('actions.reschedule')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setCancelling(a)}
          data-testid="cancel-appointment"
        >
          {t('actions.cancel')}
        </Button>
      </>
    ) : undefined;

  return (
    <Stack gap="lg">
      <div>
        <Button
          leftSection={<CalendarIcon size={18} />}
          onClick={() => setBooking(true)}
          data-testid="book-appointment"
        >
          {t('actions.book')}
        </Button>
      </div>

      <Stack gap="sm" component="section" aria-labelledby="upcoming-title">
        <Title order={2} size="h4" id="upcoming-title">
          {t('patient.upcoming')}
        </Title>
        <ListView
          query={upcoming}
          loading={t('loading')}
          empty={<EmptyState order={3} icon={<CalendarIcon size={28} />} title={t('patient.noUpcoming')} hint={t('patient.noUpcomingHint')} />}
        >
          {(items) => (
            <ItemList testId="upcoming-appointments">
              {items.map((a) => (
                <AppointmentCard key={a.id} appointment={a} perspective="patient" actions={actionsOf(a)} />
              ))}
            </ItemList>
          )}
        </ListView>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="past-title">
        <Title order={2} size="h4" id="past-title">
          {t('patient.past')}
        </Title>
        <ListView
          query={past}
          loading={t('loading')}
          empty={<EmptyState order={3} title={t('patient.noPast')} hint={t('patient.noPastHint')} />}
        >
          {(items) => (
            <ItemList testId="past-appointments">
              {items.map((a) => (
                <AppointmentCard key={a.id} appointment={a} perspective="patient" />
              ))}
            </ItemList>
          )}
        </ListView>
      </Stack>

      <BookAppointmentModal
        opened={booking}
        onClose={() => setBooking(false)}
        onBooked={(a) => {
          setBooking(false);
          notify({ id: 'appointment-booked', message: t('book.booked', when(a)), tone: 'success' });
        }}
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
