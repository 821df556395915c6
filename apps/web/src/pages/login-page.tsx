import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { LoginForm } from '../components/login-form';
import { ROUTES } from '../route-paths';
import { useSession } from '../session/use-session';

/** Where to go after logging in: back to the page that sent us here, if it was one of ours. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== ROUTES.login && !from.startsWith(`${ROUTES.login}?`)
    ? from
    : ROUTES.home;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { state, login } = useSession();
  const location = useLocation();
  const target = returnPath(location.state);

  if (state.status === 'restoring') return <FullPageLoader />;
  // Also the way out after a successful login: the session changes and this page redirects.
  if (state.status === 'signed-in') return <Navigate to={target} replace />;

  return (
    <Container size={420} px={0} py="xl">
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1} size="h2">
            {t('login.title')}
          </Title>
          <Text c="dimmed">{t('login.subtitle')}</Text>
        </Stack>
        <Paper withBorder radius="md" p="lg" shadow="xs">
          <LoginForm onSubmit={login} />
          <Anchor component={Link} to={ROUTES.forgotPassword} size="sm" display="block" mt="md" ta="center">
            {t('login.forgotPassword')}
          </Anchor>
        </Paper>
        <Text ta="center" size="sm">
          {t('login.newHere')}{' '}
          <Anchor component={Link} to={ROUTES.signup} fw={600}>
            {t('login.signUp')}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
