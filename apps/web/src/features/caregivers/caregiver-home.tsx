import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CaregiverLink, CaredFor } from '@opencare/schemas/entities/caregivers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router-dom';
import { errorMessageOf } from '../../api/error-message';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { UsersIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { EmptyState } from '../../components/page/empty-state';
import { ROUTES } from '../../route-paths';
import { ConfirmDialog } from '../patients/care-plan/confirm-dialog';
import { useAcceptCaregivingMutation, useEndCaregivingMutation } from './caregiver-queries';
import { useScopeLabel } from './scope-field';

/** A caregiver's home (issue 19): the invitations waiting for their answer, and the people they care for. */
export function CaregiverHome() {
  const { t } = useTranslation('screens');
  const caregiving = trpc.caregivers.caregiving.useQuery();
  return (
    <QueryView query={caregiving} loading={t('caregivers.home.loading')}>
      {({ people, invitations }) => (
        <Stack gap="lg">
          {invitations.length > 0 && (
            <Stack gap="sm" component="section" aria-labelledby="caregiver-invitations-title">
              <Title order={2} size="h4" id="caregiver-invitations-title">
                {t('caregivers.home.invitations')}
              </Title>
              {invitations.map((invitation) => (
                <Invitation key={invitation.id} invitation={invitation} />
              ))}
            </Stack>
          )}
          <Stack gap="sm" component="section" aria-labelledby="cared-for-title">
            <Title order={2} size="h4" id="cared-for-title">
              {t('caregivers.home.title')}
            </Title>
            {people.length === 0 ? (
              <EmptyState order={3} icon={<UsersIcon size={28} />} title={t('caregivers.home.empty')} hint={t('caregivers.home.emptyHint')} />
            ) : (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="cared-for">
                {people.map((person) => (
                  <Person key={person.linkId} person={person} />
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      )}
    </QueryView>
  );
}

export const caringPath = (patientId: string) => generatePath(ROUTES.caring, { patientId });

function Person({ person }: { person: CaredFor }) {
  const { t } = useTranslation('screens');
  const scopeLabel = useScopeLabel();
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="cared-for-person">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Text fw={600}>
            <bdi>{person.name}</bdi>
          </Text>
          <Text size="sm" c="dimmed">
            {person.scopes.map((scope) => scopeLabel(scope)).join(' · ')}
          </Text>
        </Stack>
        <Button component={Link} to={caringPath(person.accountId)} aria-label={t('caregivers.caring.title', { name: person.name })}>
          {t('caregivers.home.open')}
        </Button>
      </Group>
    </Paper>
  );
}

function Invitation({ invitation }: { invitation: CaregiverLink }) {
  const { t } = useTranslation('screens');
  const scopeLabel = useScopeLabel();
  const { t: tc } = useTranslation();
  const { notify } = useNotifications();
  const accept = useAcceptCaregivingMutation();
  const decline = useEndCaregivingMutation();
  const [declining, setDeclining] = useState(false);
  const name = invitation.patient.name;
  return (
    <Paper withBorder radius="md" p="md" data-testid="caregiver-invitation">
      <Stack gap="xs">
        <Text fw={600}>{t('caregivers.home.invitedBy', { name })}</Text>
        <Text size="sm" c="dimmed">
          {invitation.scopes.map((scope) => scopeLabel(scope)).join(' · ')}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={() => setDeclining(true)} data-testid="decline-caregiving">
            {t('caregivers.home.decline')}
          </Button>
          <Button
            loading={accept.isPending}
            onClick={() =>
              accept.mutate(
                { id: invitation.id },
                {
                  onSuccess: () => notify({ id: 'caregiving-accepted', message: t('caregivers.home.accepted', { name }), tone: 'success' }),
                  onError: (error) => notify({ id: 'caregiving-failed', message: errorMessageOf(tc, error), tone: 'error' }),
                },
              )
            }
            data-testid="accept-caregiving"
          >
            {t('caregivers.home.accept')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={declining}
        title={t('caregivers.home.declineTitle', { name })}
        body={t('caregivers.home.declineBody', { name })}
        confirmLabel={t('caregivers.home.decline')}
        onClose={() => setDeclining(false)}
        onConfirm={async () => {
          await decline.mutateAsync({ id: invitation.id });
          setDeclining(false);
          notify({ id: 'caregiving-declined', message: t('caregivers.home.declined'), tone: 'success' });
        }}
      />
    </Paper>
  );
}
