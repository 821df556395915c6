import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { SETTINGS_AREAS, type SettingsArea } from '@opencare/schemas/entities/settings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { DASHBOARD_AREAS, type DashboardArea } from './dashboard-areas';

const isSettingsArea = (id: DashboardArea): id is DashboardArea & SettingsArea =>
  (SETTINGS_AREAS as readonly string[]).includes(id);

/** The admin's dashboard: every area, each a card that opens it. */
export function DashboardHomePage() {
  const { t } = useTranslation('screens');
  // The system areas word themselves (system namespace), as their screens do.
  const { t: ts } = useTranslation('system');
  // So do the API keys and integrations screens (their own namespaces).
  const { t: tk } = useTranslation('apiKeys');
  const { t: ti } = useTranslation('integrations');
  const describe = (id: DashboardArea) =>
    id === 'apiKeys'
      ? { title: tk('area.title'), description: tk('area.description') }
      : id === 'integrations'
        ? { title: ti('area.title'), description: ti('area.description') }
        : isSettingsArea(id)
        ? { title: ts(`areas.${id}.title`), description: ts(`areas.${id}.description`) }
        : { title: t(`dashboard.areas.${id}.title`), description: t(`dashboard.areas.${id}.description`) };
  return (
    <PageFrame title={t('dashboard.title')} intro={t('dashboard.intro')} size="xl">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="dashboard-areas">
        {DASHBOARD_AREAS.map((area) => (
          <Card
            key={area.id}
            component={Link}
            to={ROUTES[area.route]}
            withBorder
            radius="md"
            padding="lg"
            style={{ textDecoration: 'none' }}
          >
            <Title order={2} size="h4" mb={4}>
              {describe(area.id).title}
            </Title>
            <Text size="sm" c="dimmed">
              {describe(area.id).description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
