import { Anchor, Button, Stack } from '@mantine/core';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CalendarIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { ROUTES } from '../../route-paths';
import { useSession } from '../../session/use-session';
import { AppointmentCard } from './appointment-card';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { UPCOMING_STATUSES } from './appointment-queries';
import { appointmentsViewOf, hasOwnAppointments } from './appointments-view';

const NEXT_COUNT = 3;

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
  const next = trpc.appointments.list.useQuery({
    when: 'upcoming',
    status: UPCOMING_STATUSES,
    providerId,
    pageSize: NEXT_COUNT,
  });
  return (
    <QueryView query={next} loading={t('loading')}>
      {({ items }) => <NextList items={items} perspective={perspective} />}
    </QueryView>
  );
}

function NextList({ items, perspective }: { items: Appointment[]; perspective: 'patient' | 'clinician' }) {
  const { t } = useTranslation('appointments');
  if (items.length === 0) {
    return (
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
    );
  }
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('home.next')}
        data-testid="next-appointments"
      >
        {items.map((a) => (
          <AppointmentCard key={a.id} appointment={a} perspective={perspective} />
        ))}
      </Stack>
      <Anchor component={Link} to={ROUTES.appointments}>
        {t('home.seeAll')}
      </Anchor>
    </Stack>
  );
}
