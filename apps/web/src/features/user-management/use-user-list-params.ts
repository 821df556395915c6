import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isGrantableRole } from './labels';
import type { UserFilterValues } from './user-filters';

/**
 * The list's filters and page live in the address, so the way back from a user returns to the same
 * list. Typing in the search box waits 300 ms before it changes the address (and asks the server).
 */
export function useUserListParams() {
  const [params, setParams] = useSearchParams();
  const role = params.get('role') ?? '';
  const locked = params.get('locked') === 'true';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';

  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed.trim(), 300);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (debounced !== search) update({ search: debounced || null, page: null });
  }, [debounced, search, update]);

  const filters: UserFilterValues = { search: typed, role: isGrantableRole(role) ? role : '', locked };
  const setFilters = (next: UserFilterValues) => {
    setTyped(next.search);
    if (next.role !== filters.role || next.locked !== filters.locked) {
      update({ role: next.role || null, locked: next.locked ? 'true' : null, page: null });
    }
  };
  const setPage = (next: number) => update({ page: next > 1 ? String(next) : null });

  return { filters, setFilters, page, setPage, query: { search, role: filters.role, locked } };
}
