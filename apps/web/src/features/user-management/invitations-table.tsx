import { Anchor, Paper, Table, Text } from '@mantine/core';
import type { Invitation } from '@opencare/schemas/entities/care';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../route-paths';
import { useDateTime } from './labels';
import { InvitationStatusBadge } from './status-badges';

/**
 * A page of invitations; the e-mail opens the invitation. A phone shows who and the status (the
 * role under the e-mail); the dates and account type come back on wider screens.
 */
export function InvitationsTable({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation('userManagement');
  const dateTime = useDateTime();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="invitations-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invitations.columns.email')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('invitations.columns.role')}</Table.Th>
              <Table.Th visibleFrom="md">{t('invitations.columns.accountType')}</Table.Th>
              <Table.Th>{t('invitations.columns.status')}</Table.Th>
              <Table.Th visibleFrom="md">{t('invitations.columns.createdAt')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('invitations.columns.expiresAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.map((invitation) => (
              <Table.Tr key={invitation.id} data-testid="invitation-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor
                    component={Link}
                    to={pathTo('invitationView', { invitationId: invitation.id })}
                    fz="sm"
                    fw={600}
                  >
                    <bdi dir="ltr">{invitation.email}</bdi>
                  </Anchor>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {t(`roles.${invitation.role}`)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{t(`roles.${invitation.role}`)}</Table.Td>
                <Table.Td visibleFrom="md">{t(`accountTypes.${invitation.accountType}`)}</Table.Td>
                <Table.Td>
                  <InvitationStatusBadge status={invitation.status} />
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dateTime(invitation.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dateTime(invitation.expiresAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
