import { Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CalendarIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { ROUTES } from '../../route-paths';
import { useSession } from '../../session/use-session';
import { AppointmentCard } from './appointment-card';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { NEXT_APPOINTMENTS } from '../home/home-queries';
import { appointmentsViewOf, hasOwnAppointments } from './appointments-view';

/** Home's appointments tab: the next few appointments of the signed-in patient or provider. */
export function AppointmentsTab() {
  const { t } = useTranslation('appointments');
  const { state } = useSession();
  const account = state.status === 'signed-in' ? state.account : null;
  const view = account ? appointmentsViewOf(account) : 'none';
  if (!account || view === 'none') {
    return (
      <EmptyState
        order={2}
        icon={<CalendarIcon size={28} />}
        title={t('home.empty')}
        hint={t('home.noAccessHint')}
      />
    );
  }
  // A physician's or nurse's own; an assistant's view is the clinic's.
  const providerId = view === 'clinician' && hasOwnAppointments(account) ? account.id : undefined;
  return <NextAppointments perspective={view} providerId={providerId} />;
}

function NextAppointments({
  perspective,
  providerId,
}: {
  perspective: 'patient' | 'clinician';
  providerId?: string;
}) {
  const { t } = useTranslation('appointments');
  const next = trpc.appointments.list.useQuery({ ...NEXT_APPOINTMENTS, providerId });
  return (
    <ListView
      query={next}
      loading={t('loading')}
      empty={
        <EmptyState
          order={2}
          icon={<CalendarIcon size={28} />}
          title={t('home.empty')}
          hint={t(perspective === 'patient' ? 'patient.noUpcomingHint' : 'home.emptyHint')}
          action={
            perspective === 'patient' ? (
              <Button component={Link} to={`${ROUTES.appointments}?book=1`} data-testid="home-book">
                {t('actions.book')}
              </Button>
            ) : undefined
          }
        />
      }
    >
      {(items) => (
        <Stack gap="sm">
          <ItemList label={t('home.next')} testId="next-appointments">
            {items.map((a) => (
              <AppointmentCard key={a.id} appointment={a} perspective={perspective} />
            ))}
          </ItemList>
          <Anchor component={Link} to={ROUTES.appointments}>
            {t('home.seeAll')}
          </Anchor>
        </Stack>
      )}
    </ListView>
  );
}
