import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { trpc } from '../../api/trpc';
import { Loading } from '../../components/data/load-state';
import { formatDate, formatTime } from '../appointments/format';
import { GuestCall } from './guest-call';

/**
 * A guest's invitation link (/telehealth-invitations?key=…, signed out): the visit it is for, or
 * why the link does not work. The link never shows the patient's record, only the visit's time.
 */
export function TelehealthInvitationScreen({ invitationKey }: { invitationKey: string }) {
  const { t, i18n } = useTranslation('visits');
  const { t: tc } = useTranslation();
  // A public procedure: the key is the proof, no session is needed.
  const loaded = trpc.telehealthInvitations.view.useQuery(
    { key: invitationKey },
    { enabled: invitationKey !== '' },
  );

  if (!invitationKey) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="invitation-invalid">
        {t('invitation.missingKey')}
      </Alert>
    );
  }
  if (loaded.status === 'pending') return <Loading label={t('invitation.loading')} />;
  if (loaded.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="invitation-invalid">
        {errorMessageOf(tc, loaded.error)}
      </Alert>
    );
  }
  const view = loaded.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" maw={640} mx="auto" data-testid="invitation-view">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('invitation.title')}
          </Title>
          <Text>{t('invitation.for', { name: view.guestName })}</Text>
          <Text>
            {t('invitation.with', { provider: view.providerName, organisation: view.organisationName })}
          </Text>
          <Text>
            {t('invitation.when')}: {formatDate(view.startsAt, i18n.language)} ·{' '}
            <bdi>
              {formatTime(view.startsAt, i18n.language)} – {formatTime(view.endsAt, i18n.language)}
            </bdi>
          </Text>
        </Stack>
      </Paper>
      <GuestCall invitationKey={invitationKey} />
    </Stack>
  );
}
