import { Anchor, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TwoFactorChallenge } from '@opencare/schemas/entities/two-factor';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { lazyPage } from '../components/layouts/lazy-page';
import { LoginForm } from '../components/login-form';
import { ROUTES } from '../route-paths';
import { useSession } from '../session/use-session';

// The second step is for staff with two-factor sign-in only: it loads when a challenge asks for it.
const LoginCodeStep = lazyPage(() => import('../features/two-factor/login-two-factor'), 'LoginCodeStep');
const LoginEnrolStep = lazyPage(() => import('../features/two-factor/login-two-factor'), 'LoginEnrolStep');

/** Where to go after logging in: back to the page that sent us here, if it was one of ours. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== ROUTES.login && !from.startsWith(`${ROUTES.login}?`)
    ? from
    : ROUTES.home;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('settings');
  const { state, login, completeLogin } = useSession();
  const location = useLocation();
  const target = returnPath(location.state);
  // Staff with two-factor sign-in: the password is right, the second step (or enrolment) is due.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  if (state.status === 'restoring') return <FullPageLoader />;
  // Also the way out after a successful login: the session changes and this page redirects.
  if (state.status === 'signed-in') return <Navigate to={target} replace />;

  return (
    <Container size={420} px={0} py="xl">
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1} size="h2">
            {challenge ? ts(challenge.kind === 'code' ? 'twoFactor.loginTitle' : 'twoFactor.enrolTitle') : t('login.title')}
          </Title>
          {!challenge && <Text c="dimmed">{t('login.subtitle')}</Text>}
        </Stack>
        <Paper withBorder radius="md" p="lg" shadow="xs">
          <Suspense
            fallback={
              <Center>
                <Loader />
              </Center>
            }
          >
            {challenge?.kind === 'code' && <LoginCodeStep challenge={challenge} onSignedIn={completeLogin} onRestart={() => setChallenge(null)} />}
            {challenge?.kind === 'enrol' && <LoginEnrolStep challenge={challenge} onSignedIn={completeLogin} onRestart={() => setChallenge(null)} />}
          </Suspense>
          {!challenge && (
            <>
              <LoginForm onSubmit={async (username, password) => setChallenge(await login(username, password))} />
              <Anchor component={Link} to={ROUTES.forgotPassword} size="sm" display="block" mt="md" ta="center">
                {t('login.forgotPassword')}
              </Anchor>
            </>
          )}
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
