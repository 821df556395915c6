import { Stack } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { UsersIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { PatientFilters } from './list/patient-filters';
import { PatientsTable } from './list/patients-table';
import { usePatientListParams } from './list/use-patient-list-params';
import { listPatients } from './patients-api';
import { ListPager } from './shared/list-pager';
import { LoadFailed, Loading } from './shared/load-state';
import { useLoaded } from './shared/use-loaded';

/** Find a patient (spec §2, physician or nurse): search by name, MRN or date of birth, a page at a time. */
export function PatientsPage() {
  const { t } = useTranslation('patients');
  const { filters, setFilters, setPage, query } = usePatientListParams();
  const { search, dateOfBirth, page } = query;
  const load = useCallback(
    () => listPatients({ page, search: search || undefined, dateOfBirth: dateOfBirth || undefined }),
    [page, search, dateOfBirth],
  );
  const { state, reload } = useLoaded(load);
  const filtered = Boolean(search || dateOfBirth);

  return (
    <PageFrame title={t('list.title')} intro={t('list.intro')} size="xl">
      <PatientFilters values={filters} onChange={setFilters} />
      {state.status === 'loading' && <Loading label={t('list.loading')} />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' &&
        (state.data.items.length === 0 ? (
          <EmptyState
            icon={<UsersIcon size={28} />}
            title={filtered ? t('list.noMatch') : t('list.empty')}
            hint={filtered ? t('list.noMatchHint') : t('list.emptyHint')}
          />
        ) : (
          <Stack gap="sm">
            <PatientsTable patients={state.data.items} />
            <ListPager meta={state.data.meta} onPage={setPage} />
          </Stack>
        ))}
    </PageFrame>
  );
}
