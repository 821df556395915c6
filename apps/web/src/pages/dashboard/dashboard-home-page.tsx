import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { DASHBOARD_AREAS } from './dashboard-areas';

/** The admin's dashboard: every area, each a card that opens it. */
export function DashboardHomePage() {
  const { t } = useTranslation('screens');
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
              {t(`dashboard.areas.${area.id}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`dashboard.areas.${area.id}.description`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
