import { NativeSelect } from '@mantine/core';
import { PATIENT_SORTS, patientSortSchema, type PatientSort } from '@opencare/schemas/entities/patients';
import { useTranslation } from 'react-i18next';

/**
 * On a phone, where the table hides most column headers, the sort is chosen here (each column from
 * its most useful end); wider screens sort with the headers.
 */
export function SortSelect({ sort, onSort }: { sort: PatientSort; onSort: (column: PatientSort) => void }) {
  const { t } = useTranslation('patients');
  return (
    <NativeSelect
      hiddenFrom="sm"
      label={t('list.sort.label')}
      value={sort}
      data={PATIENT_SORTS.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
      onChange={(event) => {
        const next = patientSortSchema.safeParse(event.currentTarget.value);
        if (next.success && next.data !== sort) onSort(next.data);
      }}
      data-testid="patient-sort"
    />
  );
}
