import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/page/empty-state';
import { UserFilters } from './user-filters';
import { UserManagementFrame } from './user-management-frame';
import { trpc } from '../../api/trpc';
import { ListView } from '../../components/data/list-view';
import { USERS_PAGE_SIZE } from './user-management-queries';
import { UsersTable } from './users-table';
import { useUserListParams } from './use-user-list-params';

interface UsersPageProps {
  status: 'active' | 'inactive';
}

/** The organisation's users (`GET /users`), active or inactive, searchable and filtered, a page at a time. */
export function UsersPage({ status }: UsersPageProps) {
  const { t } = useTranslation('userManagement');
  const { filters, setFilters, page, setPage, query } = useUserListParams();
  const { search, role, locked } = query;
  const list = trpc.users.list.useQuery({
    page,
    pageSize: USERS_PAGE_SIZE,
    status,
    search: search || undefined,
    role: role || undefined,
    locked: locked ? 'true' : undefined,
  });
  const filtered = Boolean(search || role || locked);

  return (
    <UserManagementFrame current={status === 'active' ? 'userList' : 'inactiveUsers'}>
      <UserFilters values={filters} onChange={setFilters} />
      <ListView
        query={list}
        loading={t('common.loading')}
        onPage={setPage}
        empty={
          filtered ? (
            <EmptyState title={t('users.empty')} hint={t('users.emptyHint')} />
          ) : status === 'inactive' ? (
            <EmptyState title={t('users.inactiveEmpty')} hint={t('users.inactiveEmptyHint')} />
          ) : (
            <EmptyState title={t('users.noneYet')} hint={t('users.noneYetHint')} />
          )
        }
      >
        {(items) => <UsersTable users={items} />}
      </ListView>
    </UserManagementFrame>
  );
}
