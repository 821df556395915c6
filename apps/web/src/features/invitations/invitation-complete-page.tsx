import { Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { AccountReady } from '../signup/account-ready';
import { FlowCard } from '../signup/flow-card';
import { InvitationForm } from './invitation-form';

/** /invitations/complete?token=… — the invited person chooses a username and password. */
export function InvitationCompletePage() {
  const { t } = useTranslation('signup');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const [done, setDone] = useState<string | null>(null);
  if (!token) return <Navigate to="/" replace />;

  if (done !== null) return <AccountReady username={done} testId="invitation-ready" />;

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
