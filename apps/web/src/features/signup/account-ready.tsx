import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FlowCard } from './flow-card';

/** The last screen of sign-up and of accepting an invitation: the account exists, go log in. */
export function AccountReady({ username, testId }: { username: string; testId: string }) {
  const { t } = useTranslation('signup');
  return (
    <FlowCard
      size={520}
      title={
        <Title order={1} size="h2">
          {t('complete.readyTitle')}
        </Title>
      }
    >
      <Stack data-testid={testId}>
        <Text>{t('complete.ready', { username })}</Text>
        <Group>
          <Button component={Link} to="/login">
            {t('actions.logIn')}
          </Button>
        </Group>
      </Stack>
    </FlowCard>
  );
}
