import { Anchor, Paper, Table, Text } from '@mantine/core';
import type { UserListItem } from '@opencare/schemas/entities/user';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../route-paths';
import { useDateTime, useListJoin } from './labels';
import { UserStatusBadges } from './status-badges';

/**
 * A page of users; the username opens the user. A phone shows who, role and status only (the name
 * under the username); the e-mail and last login come back on wider screens.
 */
export function UsersTable({ users }: { users: UserListItem[] }) {
  const { t } = useTranslation('userManagement');
  const dateTime = useDateTime();
  const join = useListJoin();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="users-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.columns.username')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('users.columns.fullName')}</Table.Th>
              <Table.Th visibleFrom="md">{t('users.columns.email')}</Table.Th>
              <Table.Th>{t('users.columns.roles')}</Table.Th>
              <Table.Th>{t('users.columns.status')}</Table.Th>
              <Table.Th visibleFrom="md">{t('users.columns.lastLogin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id} data-testid="user-row">
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={pathTo('userView', { username: user.username })}
                    fz="sm"
                    fw={600}
                  >
                    <bdi dir="ltr">{user.username}</bdi>
                  </Anchor>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {user.fullName}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{user.fullName}</Table.Td>
                <Table.Td visibleFrom="md">
                  <bdi dir="ltr">{user.email}</bdi>
                </Table.Td>
                <Table.Td>{join(user.roles.map((role) => t(`roles.${role}`)))}</Table.Td>
                <Table.Td>
                  <UserStatusBadges status={user.status} isLocked={user.isLocked} />
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {user.lastLogin ? dateTime(user.lastLogin) : t('users.never')}
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
