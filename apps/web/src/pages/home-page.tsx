import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Disclaimer } from '../components/disclaimer';
import { SessionCard } from '../components/session-card';
import { useSession } from '../session/use-session';

export function HomePage() {
  const { t } = useTranslation();
  const { state, logout } = useSession();
  const navigate = useNavigate();
  // RequireSession renders this page only when signed in.
  if (state.status !== 'signed-in') return null;

  return (
    <Container size="sm" px={0} py="md">
      <Stack>
        <Title order={1} size="h3" fw={500}>
          {t('home.welcome', { name: state.account.profile.firstName })}
        </Title>
        <SessionCard
          user={state.user}
          account={state.account}
          onLogout={async () => {
            await logout();
            await navigate('/login', { replace: true });
          }}
        />
        <Disclaimer />
      </Stack>
    </Container>
  );
}
