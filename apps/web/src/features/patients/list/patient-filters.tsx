import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientFilterValues } from './use-patient-list-params';
import { DateField } from '../../../components/dates/date-field';

interface PatientFiltersProps {
  values: PatientFilterValues;
  onChange: (next: PatientFilterValues) => void;
}

/** Search by name or MRN, and narrow by date of birth. */
export function PatientFilters({ values, onChange }: PatientFiltersProps) {
  const { t } = useTranslation('patients');
  return (
    <Group align="flex-end" gap="md" role="search" aria-label={t('list.filters.label')}>
      <TextInput
        type="search"
        label={t('list.filters.search')}
        placeholder={t('list.filters.searchPlaceholder')}
        value={values.search}
        onChange={(event) => onChange({ ...values, search: event.currentTarget.value })}
        w={{ base: '100%', xs: 300 }}
        data-testid="patient-search"
      />
      <DateField
        label={t('list.filters.dateOfBirth')}
        value={values.dateOfBirth}
        onChange={(dateOfBirth) => onChange({ ...values, dateOfBirth })}
        w={{ base: '100%', xs: 200 }}
        data-testid="patient-dob"
      />
    </Group>
  );
}
