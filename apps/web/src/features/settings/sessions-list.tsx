import { Alert, Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../signup/use-api-error-text';
import { endSession } from './account-api';
import { SessionRow } from './session-row';
import type { SessionsState } from './use-sessions';

interface SessionsListProps {
  state: SessionsState;
  reload: () => void;
}

export function SessionsList({ state, reload }: SessionsListProps) {
  const { t } = useTranslation('settings');
  const errorText = useApiErrorText();
  const [failure, setFailure] = useState<unknown>(null);

  async function signOut(id: string) {
    setFailure(null);
    try {
      await endSession(id);
    } catch (error) {
      setFailure(error);
    }
    reload();
  }

  if (state.status === 'loading') return <Loader size="sm" aria-label={t('security.loadingSessions')} />;
  if (state.status === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="sessions-error">
        {errorText(state.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {failure !== null && (
        <Alert color="red" variant="light" role="alert">
          {errorText(failure)}
        </Alert>
      )}
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('security.sessionsTitle')}
      >
        {state.sessions.map((session) => (
          <SessionRow key={session.id} session={session} onSignOut={signOut} />
        ))}
      </Stack>
    </Stack>
  );
}
