import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../components/data/list-view';
import { QueryView } from '../../components/data/load-state';
import { EmptyState } from '../../components/page/empty-state';
import { ClipboardIcon } from '../../components/icons/icons';
import { pathTo, ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { formatDate } from '../appointments/format';
import { homeQueries } from './home-queries';
import { HomeSection } from './home-section';

/** The physician's or nurse's own visits still waiting for their summary and notes. */
export function IncompleteVisits({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation('screens');
  const visits = useQuery(homeQueries.incompleteVisits(trpc.useUtils(), providerId));
  return (
    <HomeSection
      title={t('home.incomplete.title')}
      testId="home-incomplete"
      count={visits.data?.meta.total ?? null}
      more={{ to: ROUTES.incompleteVisits, label: t('home.incomplete.all') }}
    >
      <QueryView query={visits} loading={t('home.incomplete.loading')}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState
              order={3}
              icon={<ClipboardIcon size={28} />}
              title={t('home.incomplete.empty')}
              hint={t('home.incomplete.emptyHint')}
            />
          ) : (
            <ItemList gap={6} testId="home-incomplete-list">
              {page.items.map((visit) => (
                <Paper
                  key={visit.id}
                  component="li"
                  withBorder
                  radius="sm"
                  px="sm"
                  py={6}
                  data-testid="home-incomplete-visit"
                >
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Anchor
                      component={Link}
                      to={pathTo('patientProfile', { patientId: visit.appointment.patient.id })}
                      fw={600}
                    >
                      {visit.appointment.patient.fullName}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {formatDate(visit.appointment.startsAt, i18n.language)}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </ItemList>
          )
        }
      </QueryView>
    </HomeSection>
  );
}
