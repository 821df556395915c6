import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** How long typing in a list's search box pauses before the list is asked for. */
const SEARCH_WAIT_MS = 300;

/**
 * A list's filters, sort and page kept in the address, so the way back from one of its items, or a
 * reload, returns to the same page of the same list. A change replaces the address rather than
 * adding to the history: Back leaves the list, it does not step through its pages. `page` is the
 * address's, 1 for anything that is not a page number.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);

  /** Sets each named parameter, or removes it when null or empty; the others stay. */
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
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);

  return { params, page, update, setPage };
}

/**
 * A list's search box: the text as typed, and the address's `search` once typing has paused (back on
 * the first page), so the list is asked for what was typed, not for every key.
 */
export function useTypedSearch({ params, update }: Pick<ReturnType<typeof useListAddress>, 'params' | 'update'>) {
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const [settled] = useDebouncedValue(typed.trim(), SEARCH_WAIT_MS);

  useEffect(() => {
    if (settled !== search) update({ search: settled || null, page: null });
  }, [settled, search, update]);

  return { search, typed, setTyped };
}
