import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { FlowCard } from '../signup/flow-card';
import { InvitationForm } from './invitation-form';

/** /invitations/complete?token=… — the invited person chooses a username and password. */
export function InvitationCompletePage() {
  const { t } = useTranslation('signup');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const [done, setDone] = useState<string | null>(null);
  if (!token) return <Navigate to="/" replace />;

  if (done !== null) {
    return (
      <FlowCard
        size={560}
        title={
          <Title order={1} size="h2">
            {t('complete.readyTitle')}
          </Title>
        }
      >
        <Stack data-testid="invitation-ready">
          <Text>{t('complete.ready', { username: done })}</Text>
          <Group>
            <Button component={Link} to="/login">
              {t('actions.logIn')}
            </Button>
          </Group>
        </Stack>
      </FlowCard>
    );
  }

  return (
    <FlowCard
      size={720}
      title={
        <Title order={1} size="h2">
          {t('invitation.completeTitle')}
        </Title>
      }
    >
      <InvitationForm token={token} onDone={setDone} />
    </FlowCard>
  );
}
