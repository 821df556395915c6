import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../route-paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Stack align="center" ta="center">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Anchor component={Link} to={ROUTES.home}>
          {t('notFound.home')}
        </Anchor>
      </Stack>
    </Container>
  );
}
