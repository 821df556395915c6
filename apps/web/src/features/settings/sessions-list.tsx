import type { SessionSummary } from '@opencare/schemas/entities/auth';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { SessionRow } from './session-row';

/** This session first, then the most recently used. */
function sorted(sessions: SessionSummary[]): SessionSummary[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      (b.lastUsedAt ?? b.createdAt).localeCompare(a.lastUsedAt ?? a.createdAt),
  );
}

/** The user's signed-in sessions, each but this one with a way to end it. */
export function SessionsList() {
  const { t } = useTranslation('settings');
  const errorText = useApiErrorText();
  const utils = trpc.useUtils();
  const sessions = trpc.auth.sessions.useQuery(undefined, { select: sorted });
  // Ended or not (another tab may have ended it already), the list is read again.
  const end = trpc.auth.endSession.useMutation({ onSettled: () => utils.auth.sessions.invalidate() });

  return (
    <QueryView query={sessions} loading={t('security.loadingSessions')}>
      {(list) => (
        <Stack gap="xs">
          {end.error && (
            <Alert color="red" variant="light" role="alert">
              {errorText(end.error)}
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
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                // The failure is shown above the list; the row only stops spinning.
                onSignOut={(id) => end.mutateAsync({ id }).then(
                  () => undefined,
                  () => undefined,
                )}
              />
            ))}
          </Stack>
        </Stack>
      )}
    </QueryView>
  );
}
