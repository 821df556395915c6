import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ListMeta } from '@opencare/schemas/envelope';
import type { UserListItem } from '@opencare/schemas/entities/user';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { listUsers } from '../../api/users-api';
import { roleLabel } from '../../i18n/role-label';
import { useAppError } from '../../components/app-error/use-app-error';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { UserManagementTabs } from './user-management-tabs';

interface UsersPageProps {
  status: 'active' | 'inactive';
}

/** The organisation's users (`GET /users`), active or inactive, searchable, a page at a time. */
export function UsersPage({ status }: UsersPageProps) {
  const { t, i18n } = useTranslation('screens');
  const { t: tc } = useTranslation();
  // A list that cannot load shows the error screen, whose "try again" mounts this page afresh.
  const { setError } = useAppError();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ items: UserListItem[]; meta: ListMeta } | null>(null);

  useEffect(() => setPage(1), [query, status]);
  useEffect(() => {
    let current = true;
    setResult(null);
    listUsers({ page, search: query || undefined, status }).then(
      (next) => {
        if (current) setResult(next);
      },
      (error: unknown) => {
        if (current) setError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [page, query, status, setError]);

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <PageFrame
      title={t('dashboard.areas.userManagement.title')}
      intro={t('dashboard.areas.userManagement.description')}
      back={<BackLink to={ROUTES.dashboard} label={t('dashboard.allAreas')} />}
      actions={
        <Button component={Link} to={ROUTES.userCreate}>
          {t('users.create')}
        </Button>
      }
      size="xl"
    >
      <UserManagementTabs current={status === 'active' ? 'userList' : 'inactiveUsers'} />
      <TextInput
        type="search"
        aria-label={t('users.search')}
        placeholder={t('users.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      {result === null ? (
        <Loader aria-label={t('users.search')} />
      ) : result.items.length === 0 ? (
        status === 'inactive' && !query ? (
          <EmptyState title={t('users.inactiveEmpty')} hint={t('users.inactiveEmptyHint')} />
        ) : (
          <EmptyState title={t('users.empty')} hint={t('users.emptyHint')} />
        )
      ) : (
        <Stack gap="sm">
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="users-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.columns.username')}</Table.Th>
                    <Table.Th>{t('users.columns.fullName')}</Table.Th>
                    <Table.Th>{t('users.columns.email')}</Table.Th>
                    <Table.Th>{t('users.columns.roles')}</Table.Th>
                    <Table.Th>{t('users.columns.status')}</Table.Th>
                    <Table.Th>{t('users.columns.lastLogin')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.items.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>
                        <Anchor component={Link} to={pathTo('userView', { username: user.username })}>
                          <bdi>{user.username}</bdi>
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{user.fullName}</Table.Td>
                      <Table.Td>
                        <bdi>{user.email}</bdi>
                      </Table.Td>
                      <Table.Td>{user.roles.map((role) => roleLabel(tc, role.toLowerCase())).join(', ')}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          <Badge variant="light" color={user.status === 'active' ? 'teal' : 'gray'} tt="none">
                            {t(`users.status.${user.status}`)}
                          </Badge>
                          {user.isLocked && (
                            <Badge variant="light" color="red" tt="none">
                              {t('users.status.locked')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {user.lastLogin ? date.format(new Date(user.lastLogin)) : t('users.never')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {result.meta.totalPages > 1 && (
            <Group justify="space-between">
              <Button variant="default" disabled={!result.meta.hasPreviousPage} onClick={() => setPage(page - 1)}>
                {t('users.previous')}
              </Button>
              <Text size="sm">{t('users.page', { page: result.meta.page, pages: result.meta.totalPages })}</Text>
              <Button variant="default" disabled={!result.meta.hasNextPage} onClick={() => setPage(page + 1)}>
                {t('users.next')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
