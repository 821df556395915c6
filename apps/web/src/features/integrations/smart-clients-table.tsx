import { Badge, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SmartClient } from '@opencare/schemas/entities/smart-clients';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../user-management/labels';
import { useScopeLabel } from './scope-labels';

interface SmartClientsTableProps {
  clients: SmartClient[];
  onReplaceKeys: (client: SmartClient) => void;
  onRevoke: (client: SmartClient) => void;
}

/**
 * The registered systems: the client ID to give the integrator, what each may read, when it last got
 * a token and why its last request was refused, so an admin can help an integrator whose calls fail.
 */
export function SmartClientsTable({ clients, onReplaceKeys, onRevoke }: SmartClientsTableProps) {
  const { t } = useTranslation('integrations');
  const dateTime = useDateTime();
  const scopeLabel = useScopeLabel();
  const actions = (client: SmartClient) =>
    !client.revokedAt && (
      <Group gap="xs" wrap="nowrap">
        {/* An app is a public client: no keys to replace. */}
        {client.kind === 'backend' && (
          <Button size="compact-sm" variant="default" onClick={() => onReplaceKeys(client)} aria-label={t('clients.replaceKeysFor', { name: client.name })}>
            {t('clients.replaceKeys')}
          </Button>
        )}
        <Button size="compact-sm" variant="light" color="red" onClick={() => onRevoke(client)} aria-label={t('clients.revokeFor', { name: client.name })}>
          {t('clients.revoke')}
        </Button>
      </Group>
    );
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" data-testid="smart-clients-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clients.columns.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('clients.columns.access')}</Table.Th>
              <Table.Th visibleFrom="md">{t('clients.columns.lastUsed')}</Table.Th>
              <Table.Th visibleFrom="md">{t('clients.columns.problem')}</Table.Th>
              <Table.Th visibleFrom="sm">
                <VisuallyHidden>{t('clients.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.map((client) => (
              <Table.Tr key={client.id} data-testid="smart-client-row" data-status={client.revokedAt ? 'revoked' : 'active'}>
                <Table.Td>
                  <Stack gap={4}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {client.name}
                      </Text>
                      <Badge variant="light" color={client.revokedAt ? 'gray' : 'teal'} tt="none" miw="max-content">
                        {client.revokedAt ? t('clients.revoked') : t('clients.active')}
                      </Badge>
                      {client.kind === 'app' && (
                        <Badge variant="outline" color="blue" tt="none" miw="max-content">
                          {t('clients.app')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('clients.columns.clientId')}
                    </Text>
                    <Group gap={6} wrap="wrap">
                      <Code dir="ltr" data-testid="smart-client-id">
                        {client.clientId}
                      </Code>
                      <CopyButton value={client.clientId} timeout={2000}>
                        {({ copied, copy }) => (
                          <Button size="compact-xs" variant="subtle" onClick={copy}>
                            {copied ? t('copied') : t('copy')}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                    <Text size="xs" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                      {client.kind === 'app' ? t('clients.redirectUris', { uris: client.redirectUris.join(', ') }) : t('clients.keys', { ids: client.keyIds.join(', ') })}
                    </Text>
                    {client.launchUrl && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="smart-client-launch-url">
                        {t('clients.launchUrl', { url: `\u2066${client.launchUrl}\u2069` })}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {client.scopes.map(scopeLabel).join(' · ')}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="md">
                      {t('clients.columns.lastUsed')}: {client.lastUsedAt ? `\u2068${dateTime(client.lastUsedAt)}\u2069` : t('never')}
                    </Text>
                    {client.lastError && (
                      <Text size="xs" c="red.8" hiddenFrom="md" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                        {client.lastError}
                      </Text>
                    )}
                    <Group hiddenFrom="sm" mt={4}>
                      {actions(client)}
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{client.scopes.map(scopeLabel).join(' · ')}</Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {client.lastUsedAt ? dateTime(client.lastUsedAt) : t('never')}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md" data-testid="smart-client-problem">
                  {client.lastError ? (
                    <Stack gap={2}>
                      {/* The token endpoint's own words (OAuth's), as the integrator sees them. */}
                      <Text size="sm" c="red.8" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                        {client.lastError}
                      </Text>
                      {client.lastErrorAt && (
                        <Text size="xs" c="dimmed">
                          {t('clients.at', { time: `\u2068${dateTime(client.lastErrorAt)}\u2069` })}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('clients.noProblem')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {actions(client)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
