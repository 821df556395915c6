import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../components/data/list-view';
import { QueryView } from '../../components/data/load-state';
import { EmptyState } from '../../components/page/empty-state';
import { CalendarIcon } from '../../components/icons/icons';
import { pathTo, ROUTES } from '../../route-paths';
import { today } from '../../session/calendar-date';
import { trpc } from '../../api/trpc';
import { formatTime } from '../appointments/format';
import { isJoinable } from '../visits/join-visit-button';
import { useNow } from '../measurements/use-now';
import { homeQueries } from './home-queries';
import { HomeSection } from './home-section';
import { isOnWorklist, visitStateOf, type VisitState } from './visit-state';

const STATE_COLOURS: Record<VisitState, string> = {
  upcoming: 'gray',
  due: 'orange',
  waiting: 'green',
  inProgress: 'blue',
  ended: 'yellow',
  done: 'teal',
};

/**
 * Today's visits of the clinician (physicians and nurses their own; assistants the clinic's), in
 * time order, each with where it stands and, for a video visit in its window, a Join button.
 */
export function TodaysVisits({ providerId, linkPatient }: { providerId?: string; linkPatient: boolean }) {
  const { t } = useTranslation('screens');
  const list = useQuery(homeQueries.todaysVisits(trpc.useUtils(), today(), providerId));
  return (
    <HomeSection
      title={t('home.visits.title')}
      testId="home-visits"
      more={{ to: ROUTES.appointments, label: t('home.visits.all') }}
    >
      <QueryView query={list} loading={t('home.visits.loading')}>
        {(page) => {
          const items = page.items.filter(isOnWorklist);
          if (items.length === 0)
            return (
              <EmptyState
                order={3}
                icon={<CalendarIcon size={28} />}
                title={t('home.visits.empty')}
                hint={t('home.visits.emptyHint')}
              />
            );
          return (
            <ItemList gap={6} testId="home-visit-list">
              {items.map((appointment) => (
                <VisitRow key={appointment.id} appointment={appointment} linkPatient={linkPatient} />
              ))}
            </ItemList>
          );
        }}
      </QueryView>
    </HomeSection>
  );
}

function VisitRow({ appointment, linkPatient }: { appointment: Appointment; linkPatient: boolean }) {
  const { t, i18n } = useTranslation('screens');
  const now = useNow().getTime();
  const state = visitStateOf(appointment, now);
  const name = appointment.patient.fullName;
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={6} data-testid="home-visit" data-state={state}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Text fw={600} size="sm" miw="4.5rem">
            <bdi>{formatTime(appointment.startsAt, i18n.language)}</bdi>
          </Text>
          {linkPatient ? (
            <Anchor
              component={Link}
              to={pathTo('patientProfile', { patientId: appointment.patient.id })}
              truncate
            >
              {name}
            </Anchor>
          ) : (
            <Text truncate>{name}</Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={STATE_COLOURS[state]} tt="none" data-testid="home-visit-state">
            {t(`home.visits.states.${state}`)}
          </Badge>
          {isJoinable(appointment, now) && appointment.visit && (
            <Button
              component={Link}
              to={pathTo('telehealthVisit', { visitCode: appointment.visit.code })}
              size="compact-sm"
              color="green"
              aria-label={t('home.visits.joinWith', { name })}
              data-testid="home-visit-join"
            >
              {t('home.visits.join')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
