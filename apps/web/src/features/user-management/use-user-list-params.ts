import { useListAddress, useTypedSearch } from '../../components/data/use-list-address';
import { isGrantableRole } from './labels';
import type { UserFilterValues } from './user-filters';

/**
 * The list's filters and page live in the address, so the way back from a user returns to the same
 * list. Typing in the search box waits 300 ms before it changes the address (and asks the server).
 */
export function useUserListParams() {
  const address = useListAddress();
  const { params, page, setPage, update } = address;
  const { search, typed, setTyped } = useTypedSearch(address);
  const role = params.get('role') ?? '';
  const locked = params.get('locked') === 'true';

  const filters: UserFilterValues = { search: typed, role: isGrantableRole(role) ? role : '', locked };
  const setFilters = (next: UserFilterValues) => {
    setTyped(next.search);
    if (next.role !== filters.role || next.locked !== filters.locked) {
      update({ role: next.role || null, locked: next.locked ? 'true' : null, page: null });
    }
  };

  return { filters, setFilters, page, setPage, query: { search, role: filters.role, locked } };
}
