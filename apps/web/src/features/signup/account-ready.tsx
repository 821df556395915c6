import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FlowCard } from './flow-card';

/**
 * The last screen of sign-up and of accepting an invitation: the account exists, go log in — or,
 * for a patient the clinic approves first, wait for that.
 */
export function AccountReady({ username, testId, awaitingApproval = false }: { username: string; testId: string; awaitingApproval?: boolean }) {
  const { t } = useTranslation('signup');
  return (
    <FlowCard
      size={520}
      title={
        <Title order={1} size="h2">
          {awaitingApproval ? t('complete.awaitingTitle') : t('complete.readyTitle')}
        </Title>
      }
    >
      <Stack data-testid={testId} data-awaiting-approval={awaitingApproval}>
        <Text>{awaitingApproval ? t('complete.awaiting', { username }) : t('complete.ready', { username })}</Text>
        <Group>
          <Button component={Link} to="/login">
            {t('actions.logIn')}
          </Button>
        </Group>
      </Stack>
    </FlowCard>
  );
}
