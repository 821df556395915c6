import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../route-paths';

interface NoticePageProps {
  icon: ReactNode;
  title: string;
  body: string;
  detail?: string;
  testId: string;
}

/** A page that only tells the reader something (no access, account inactive) and the way home. */
export function NoticePage({ icon, title, body, detail, testId }: NoticePageProps) {
  const { t } = useTranslation();
  return (
    <Container size={520} px={0} py="xl" data-testid={testId}>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="orange">
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="lg">{body}</Text>
          {detail && <Text c="dimmed">{detail}</Text>}
          <Button component={Link} to={ROUTES.home} variant="default">
            {t('common.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
