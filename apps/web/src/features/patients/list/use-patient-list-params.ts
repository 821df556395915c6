import { useDebouncedValue } from '@mantine/hooks';
import {
  PATIENT_SORT_DEFAULT_DIRECTION,
  patientSortOf,
  patientSortSchema,
  sortDirectionSchema,
  type PatientSort,
} from '@opencare/schemas/entities/patients';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface PatientFilterValues {
  /** A name or an MRN, as typed. */
  search: string;
  dateOfBirth: string;
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The search, date of birth, sort and page live in the address, so the way back from a patient (or
 * a reload) returns to the same list. Typing waits 300 ms before it changes the address (and asks
 * the server). A sort the address cannot name (edited by hand) is the default sort, by name.
 */
export function usePatientListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const dateOfBirth = DATE_SHAPE.test(params.get('dateOfBirth') ?? '')
    ? (params.get('dateOfBirth') ?? '')
    : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = patientSortSchema.safeParse(params.get('sort'));
  const directionParam = sortDirectionSchema.safeParse(params.get('direction'));
  const sort = patientSortOf({
    sort: sortParam.success ? sortParam.data : undefined,
    direction: directionParam.success ? directionParam.data : undefined,
  });

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
  /** The sorted column again turns its direction round; another column starts from its useful end. */
  const setSort = (column: PatientSort) => {
    const direction =
      column === sort.sort
        ? sort.direction === 'asc'
          ? 'desc'
          : 'asc'
        : PATIENT_SORT_DEFAULT_DIRECTION[column];
    update({
      sort: column === 'name' ? null : column,
      direction: direction === PATIENT_SORT_DEFAULT_DIRECTION[column] ? null : direction,
      page: null,
    });
  };

  return { filters, setFilters, page, setPage, sort, setSort, query: { search, dateOfBirth, page, ...sort } };
}
