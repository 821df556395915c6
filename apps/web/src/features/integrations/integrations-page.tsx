import { Anchor, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { FhirSubscriptionSummary } from '@opencare/schemas/entities/fhir-subscriptions';
import type { SmartClient } from '@opencare/schemas/entities/smart-clients';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { ListView } from '../../components/data/list-view';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { ConfirmDialog } from '../user-management/confirm-dialog';
import { RegisterAppDialog } from './app-dialog';
import { RegisterClientDialog, ReplaceKeysDialog } from './client-dialogs';
import { useRevokeClientMutation, useSwitchSubscriptionOffMutation } from './integration-queries';
import { SmartClientsTable } from './smart-clients-table';
import { SubscriptionsTable } from './subscriptions-table';

/** Where integrators point their systems: this server's FHIR base, SMART discovery, token endpoint and API docs. */
function Addresses() {
  const { t } = useTranslation('integrations');
  const base = `${window.location.origin}/fhir/R4`;
  const rows = [
    [t('addresses.fhirBase'), base],
    [t('addresses.discovery'), `${base}/.well-known/smart-configuration`],
    [t('addresses.token'), `${base}/auth/token`],
    [t('addresses.authorize'), `${base}/auth/authorize`],
  ] as const;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('addresses.title')}
        </Title>
        <Table.ScrollContainer minWidth={280}>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {rows.map(([label, url]) => (
                <Table.Tr key={label}>
                  <Table.Td w="30%">
                    <Text size="sm" c="dimmed">
                      {label}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Code dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                      {url}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="lg">
          {/* Absolute: the API's own page, not a screen of the app. */}
          <Anchor href={`${window.location.origin}/api/v1/docs`} target="_blank" size="sm">
            {t('addresses.apiDocs')}
          </Anchor>
          <Anchor component={Link} to={ROUTES.apiKeys} size="sm">
            {t('addresses.apiKeys')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /dashboard/integrations (issue 21): the systems that read the organisation's records over FHIR
 * (SMART backend clients: registered with their public keys, re-keyed, revoked), the apps people
 * allow to read for them (SMART App Launch: registered with their redirect URIs, revoked) and the
 * notifications integrations subscribed to, with their last use and last failure.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const clients = trpc.smartClients.list.useQuery();
  const subscriptions = trpc.fhirSubscriptions.list.useQuery();
  const revokeClient = useRevokeClientMutation();
  const switchOff = useSwitchSubscriptionOffMutation();
  const [registering, setRegistering] = useState(false);
  const [registeringApp, setRegisteringApp] = useState(false);
  const [rekeying, setRekeying] = useState<SmartClient | null>(null);
  const [revoking, setRevoking] = useState<SmartClient | null>(null);
  const [stopping, setStopping] = useState<FhirSubscriptionSummary | null>(null);

  function revoke() {
    if (!revoking) return;
    const { name } = revoking;
    revokeClient.mutate(
      { id: revoking.id },
      {
        onSuccess: () => notify({ id: 'smart-client-revoked', message: t('revoke.done', { name }), tone: 'success' }),
        onError: notifyError,
        onSettled: () => setRevoking(null),
      },
    );
  }

  function stop() {
    if (!stopping) return;
    switchOff.mutate(
      { id: stopping.id },
      {
        onSuccess: () => notify({ id: 'subscription-off', message: t('subscriptions.done'), tone: 'success' }),
        onError: notifyError,
        onSettled: () => setStopping(null),
      },
    );
  }

  return (
    <PageFrame title={t('title')} intro={t('intro')} back={<BackLink to={ROUTES.dashboard} label={t('allAreas')} />} size="xl">
      <Stack gap="xl">
        <Addresses />
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h3">
              {t('clients.title')}
            </Title>
            <Group gap="sm">
              <Button variant="default" onClick={() => setRegisteringApp(true)} data-testid="smart-app-register">
                {t('clients.registerApp')}
              </Button>
              <Button onClick={() => setRegistering(true)} data-testid="smart-client-register">
                {t('clients.register')}
              </Button>
            </Group>
          </Group>
          <ListView query={clients} empty={<EmptyState title={t('clients.empty')} hint={t('clients.emptyHint')} order={3} />}>
            {(list) => <SmartClientsTable clients={list} onReplaceKeys={setRekeying} onRevoke={setRevoking} />}
          </ListView>
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('subscriptions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('subscriptions.intro')}
          </Text>
          <ListView query={subscriptions} empty={<EmptyState title={t('subscriptions.empty')} hint={t('subscriptions.emptyHint')} order={3} />}>
            {(list) => <SubscriptionsTable subscriptions={list} onSwitchOff={setStopping} />}
          </ListView>
        </Stack>
      </Stack>
      <RegisterClientDialog
        opened={registering}
        onClose={() => setRegistering(false)}
        onRegistered={(client) => {
          setRegistering(false);
          notify({ id: 'smart-client-registered', message: t('register.done', { name: client.name }), tone: 'success' });
        }}
      />
      <RegisterAppDialog
        opened={registeringApp}
        onClose={() => setRegisteringApp(false)}
        onRegistered={(client) => {
          setRegisteringApp(false);
          notify({ id: 'smart-app-registered', message: t('registerApp.done', { name: client.name }), tone: 'success' });
        }}
      />
      <ReplaceKeysDialog
        client={rekeying}
        onClose={() => setRekeying(null)}
        onReplaced={(client) => {
          setRekeying(null);
          notify({ id: 'smart-client-rekeyed', message: t('replace.done', { name: client.name }), tone: 'success' });
        }}
      />
      <ConfirmDialog
        text={revoking && { title: t('revoke.title', { name: revoking.name }), body: t('revoke.body'), confirm: t('revoke.confirm') }}
        destructive
        busy={revokeClient.isPending}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
      <ConfirmDialog
        text={stopping && { title: t('subscriptions.confirmTitle'), body: t('subscriptions.confirmBody', { endpoint: stopping.endpoint }), confirm: t('subscriptions.switchOff') }}
        destructive
        busy={switchOff.isPending}
        onConfirm={stop}
        onCancel={() => setStopping(null)}
      />
    </PageFrame>
  );
}
