import {
  PATIENT_SORT_DEFAULT_DIRECTION,
  patientSortOf,
  patientSortSchema,
  sortDirectionSchema,
  type PatientSort,
} from '@opencare/schemas/entities/patients';
import { useListAddress, useTypedSearch } from '../../../components/data/use-list-address';

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
  const address = useListAddress();
  const { params, page, setPage, update } = address;
  const { search, typed, setTyped } = useTypedSearch(address);
  const dateOfBirth = DATE_SHAPE.test(params.get('dateOfBirth') ?? '')
    ? (params.get('dateOfBirth') ?? '')
    : '';
  const sortParam = patientSortSchema.safeParse(params.get('sort'));
  const directionParam = sortDirectionSchema.safeParse(params.get('direction'));
  const sort = patientSortOf({
    sort: sortParam.success ? sortParam.data : undefined,
    direction: directionParam.success ? directionParam.data : undefined,
  });

  const filters: PatientFilterValues = { search: typed, dateOfBirth };
  const setFilters = (next: PatientFilterValues) => {
    setTyped(next.search);
    // A half-typed date is no filter yet: only a whole date changes the list.
    const date = DATE_SHAPE.test(next.dateOfBirth) ? next.dateOfBirth : '';
    if (date !== dateOfBirth) update({ dateOfBirth: date || null, page: null });
  };
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
