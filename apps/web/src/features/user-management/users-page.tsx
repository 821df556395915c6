import { Button, Stack } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { ListPager } from './list-pager';
import { LoadFailed, Loading } from './load-failed';
import { UserFilters } from './user-filters';
import { UserManagementTabs } from './user-management-tabs';
import { listUsers } from './users-api';
import { UsersTable } from './users-table';
import { useReloadable } from '../../components/data/use-reloadable';
import { useUserListParams } from './use-user-list-params';

interface UsersPageProps {
  status: 'active' | 'inactive';
}

/** The organisation's users (`GET /users`), active or inactive, searchable and filtered, a page at a time. */
export function UsersPage({ status }: UsersPageProps) {
  const { t } = useTranslation('userManagement');
  const { filters, setFilters, page, setPage, query } = useUserListParams();
  const { search, role, locked } = query;
  const load = useCallback(
    () => listUsers({ page, status, search: search || undefined, role: role || undefined, locked }),
    [page, status, search, role, locked],
  );
  const { state, reload } = useReloadable(load);
  const filtered = Boolean(search || role || locked);

  return (
    <PageFrame
      title={t('title')}
      intro={t('intro')}
      back={<BackLink to={ROUTES.dashboard} label={t('allAreas')} />}
      actions={
        <Button component={Link} to={ROUTES.userCreate}>
          {t('users.create')}
        </Button>
      }
      size="xl"
    >
      <UserManagementTabs current={status === 'active' ? 'userList' : 'inactiveUsers'} />
      <UserFilters values={filters} onChange={setFilters} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' &&
        (state.data.items.length === 0 ? (
          filtered ? (
            <EmptyState title={t('users.empty')} hint={t('users.emptyHint')} />
          ) : status === 'inactive' ? (
            <EmptyState title={t('users.inactiveEmpty')} hint={t('users.inactiveEmptyHint')} />
          ) : (
            <EmptyState title={t('users.noneYet')} hint={t('users.noneYetHint')} />
          )
        ) : (
          <Stack gap="sm">
            <UsersTable users={state.data.items} />
            <ListPager meta={state.data.meta} onPage={setPage} />
          </Stack>
        ))}
    </PageFrame>
  );
}
