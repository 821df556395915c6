import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TelehealthInvitationView } from '@opencare/schemas/entities/visits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { formatDate, formatTime } from '../appointments/format';
import { GuestCall } from './guest-call';
import { fetchInvitationView } from './visits-api';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; view: TelehealthInvitationView }
  | { status: 'failed'; error: unknown };

/**
 * A guest's invitation link (/telehealth-invitations?key=…, signed out): the visit it is for, or
 * why the link does not work. The link never shows the patient's record, only the visit's time.
 */
export function TelehealthInvitationScreen({ invitationKey }: { invitationKey: string }) {
  const { t, i18n } = useTranslation('visits');
  const { t: tc } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    if (!invitationKey) return;
    let live = true;
    setLoaded({ status: 'loading' });
    fetchInvitationView(invitationKey).then(
      (view) => live && setLoaded({ status: 'ready', view }),
      (error: unknown) => live && setLoaded({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [invitationKey]);

  if (!invitationKey) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="invitation-invalid">
        {t('invitation.missingKey')}
      </Alert>
    );
  }
  if (loaded.status === 'loading') {
    return (
      <Stack align="center" p="xl">
        <Loader aria-label={t('invitation.loading')} />
      </Stack>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="invitation-invalid">
        {errorMessageOf(tc, loaded.error)}
      </Alert>
    );
  }
  const { view } = loaded;
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
