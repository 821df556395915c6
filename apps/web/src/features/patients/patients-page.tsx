import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UsersIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { AwaitingApproval } from './awaiting-approval';
import { PatientFilters } from './list/patient-filters';
import { SortSelect } from './list/sort-select';
import { PatientsTable } from './list/patients-table';
import { usePatientListParams } from './list/use-patient-list-params';
import { trpc } from '../../api/trpc';
import { ListView } from '../../components/data/list-view';
import { patientListInput } from './patient-queries';

/** Find a patient (spec §2, physician or nurse): search by name, MRN or date of birth, a page at a time. */
export function PatientsPage() {
  const { t } = useTranslation('patients');
  const { filters, setFilters, setPage, sort, setSort, query } = usePatientListParams();
  const { search, dateOfBirth } = query;
  // A new sort or page keeps the rows on screen until the next ones arrive, rather than a spinner.
  const list = trpc.patients.list.useQuery(patientListInput(query), { placeholderData: keepPreviousData });
  const filtered = Boolean(search || dateOfBirth);

  return (
    <PageFrame title={t('list.title')} intro={t('list.intro')} size="xl">
      <AwaitingApproval />
      <PatientFilters values={filters} onChange={setFilters} />
      <SortSelect sort={sort.sort} onSort={setSort} />
      <ListView
        query={list}
        loading={t('list.loading')}
        onPage={setPage}
        empty={
          <EmptyState
            icon={<UsersIcon size={28} />}
            title={filtered ? t('list.noMatch') : t('list.empty')}
            hint={filtered ? t('list.noMatchHint') : t('list.emptyHint')}
          />
        }
      >
        {(items) => (
          <PatientsTable patients={items} sort={sort} onSort={setSort} busy={list.isPlaceholderData} />
        )}
      </ListView>
    </PageFrame>
  );
}
