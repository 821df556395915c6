import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface PatientFilterValues {
  /** A name or an MRN, as typed. */
  search: string;
  dateOfBirth: string;
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The search, date of birth and page live in the address, so the way back from a patient returns
 * to the same list. Typing waits 300 ms before it changes the address (and asks the server).
 */
export function usePatientListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const dateOfBirth = DATE_SHAPE.test(params.get('dateOfBirth') ?? '')
    ? (params.get('dateOfBirth') ?? '')
    : '';
  const page = Math.max(1, Number(params.get('page')) || 1);

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

  const filters: PatientFilterValues = { search: typed, dateOfBirth };
  const setFilters = (next: PatientFilterValues) => {
    setTyped(next.search);
    // A half-typed date is no filter yet: only a whole date changes the list.
    const date = DATE_SHAPE.test(next.dateOfBirth) ? next.dateOfBirth : '';
    if (date !== dateOfBirth) update({ dateOfBirth: date || null, page: null });
  };
  const setPage = (next: number) => update({ page: next > 1 ? String(next) : null });

  return { filters, setFilters, page, setPage, query: { search, dateOfBirth, page } };
}
