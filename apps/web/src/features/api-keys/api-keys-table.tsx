import { Badge, Button, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ApiKey } from '@opencare/schemas/entities/api-keys';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../user-management/labels';

interface ApiKeysTableProps {
  keys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
}

/**
 * The organisation's keys: name, whether it still works, when it was made and last used. A phone
 * shows the dates under the name; revoking is offered for live keys only.
 */
export function ApiKeysTable({ keys, onRevoke }: ApiKeysTableProps) {
  const { t } = useTranslation('apiKeys');
  const dateTime = useDateTime();
  const lastUsed = (key: ApiKey) => (key.lastUsedAt ? dateTime(key.lastUsedAt) : t('list.never'));
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" data-testid="api-keys-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.columns.name')}</Table.Th>
              <Table.Th>{t('list.columns.status')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('list.columns.created')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('list.columns.lastUsed')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr
                key={key.id}
                data-testid="api-key-row"
                data-status={key.revokedAt ? 'revoked' : 'active'}
              >
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {key.name}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {t('list.createdOn', { time: `\u2068${dateTime(key.createdAt)}\u2069` })}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {t('list.lastUsedOn', { time: `\u2068${lastUsed(key)}\u2069` })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    miw="max-content"
                    variant="light"
                    color={key.revokedAt ? 'gray' : 'teal'}
                    tt="none"
                    data-testid="api-key-status"
                  >
                    {key.revokedAt ? t('list.status.revoked') : t('list.status.active')}
                  </Badge>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dateTime(key.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {lastUsed(key)}
                  </Text>
                </Table.Td>
                <Table.Td ta="end">
                  {!key.revokedAt && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => onRevoke(key)}
                      aria-label={t('revoke.actionFor', { name: key.name })}
                    >
                      {t('revoke.action')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
