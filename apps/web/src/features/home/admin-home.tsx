import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import type { OrganisationOverview } from '@opencare/schemas/entities/organisations';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryView } from '../../components/data/load-state';
import { ROUTES, type RouteName } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { homeQueries } from './home-queries';
import { HomeSection } from './home-section';

/** The figures, in the order an admin reads them, each with the dashboard area it opens (if any). */
const FIGURES: readonly { key: keyof OrganisationOverview; route?: RouteName }[] = [
  { key: 'activePatients', route: 'patientManagement' },
  { key: 'staff', route: 'userList' },
  { key: 'pendingInvitations', route: 'invitations' },
  { key: 'gatewaysOffline' },
  // Admins read no clinical record: the alerts and readings are counted, not listed.
  { key: 'openAlerts' },
  { key: 'readingsLastDay', route: 'reportingAndAnalytics' },
];

/** The admin's home (issue 17): the organisation at a glance, and the way to the dashboard. */
export function AdminHome() {
  const { t, i18n } = useTranslation('screens');
  const overview = useQuery(homeQueries.overview(trpc.useUtils()));
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <HomeSection
      title={t('home.admin.title')}
      testId="home-overview"
      more={{ to: ROUTES.dashboard, label: t('home.admin.dashboard') }}
    >
      <QueryView query={overview} loading={t('home.admin.loading')}>
        {(figures) => (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
            {FIGURES.map(({ key, route }) => (
              <Paper key={key} withBorder radius="md" p="sm" data-testid={`overview-${key}`}>
                <Text component="dt" size="sm" c="dimmed">
                  {route ? (
                    <Anchor component={Link} to={ROUTES[route]} inherit>
                      {t(`home.admin.figures.${key}`)}
                    </Anchor>
                  ) : (
                    t(`home.admin.figures.${key}`)
                  )}
                </Text>
                <Text component="dd" m={0} fz={28} fw={700} data-testid="overview-value">
                  {number.format(figures[key])}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </QueryView>
    </HomeSection>
  );
}
