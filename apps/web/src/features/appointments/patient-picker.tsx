import { Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PatientListItem } from '@opencare/schemas/entities/patients';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { LoadFailed } from '../../components/data/load-state';

/** The patient a clinician books for: enough to send the booking and to name them. */
export interface BookingPatient {
  accountId: string;
  fullName: string;
}

interface PatientPickerProps {
  value: BookingPatient | null;
  onChange: (patient: BookingPatient) => void;
  error?: string;
  /** The field's words where it is not a booking's (the SMART consent page): label, hint, placeholder. */
  label?: string;
  description?: string;
  placeholder?: string;
  'data-testid'?: string;
}

// Search as the clinician pauses, not on every key.
const SEARCH_DELAY_MS = 300;
// The first page of matches, as the patients list shows it.
const PAGE_SIZE = 20;

/**
 * The organisation's patients by name or MRN (`patients.list`, its first page), as a
 * searchable select; each option shows the MRN and date of birth, since two patients may share a name.
 */
export function PatientPicker({
  value,
  onChange,
  error,
  label,
  description,
  placeholder,
  'data-testid': testId = 'book-patient',
}: PatientPickerProps) {
  const { t } = useTranslation('appointments');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = trpc.patients.list.useQuery({ page: 1, pageSize: PAGE_SIZE, search: query || undefined });
  const items: PatientListItem[] = found.data?.items ?? [];
  const byId = new Map(items.map((p) => [p.accountId, p]));
  // The chosen patient stays an option while another search runs, so the field keeps their name.
  const data = items.map((p) => ({ value: p.accountId, label: p.fullName }));
  if (value && !byId.has(value.accountId)) data.unshift({ value: value.accountId, label: value.fullName });

  return (
    <Stack gap="xs">
      <Select
        label={label ?? t('book.patient')}
        description={description}
        placeholder={placeholder ?? t('book.patientPlaceholder')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server has matched the name or MRN already; an MRN would not match the label here.
        filter={({ options }) => options}
        data={data}
        value={value?.accountId ?? null}
        onChange={(id) => {
          const chosen = id ? (byId.get(id) ?? (value?.accountId === id ? value : undefined)) : undefined;
          if (chosen) onChange({ accountId: chosen.accountId, fullName: chosen.fullName });
        }}
        renderOption={({ option }) => {
          const patient = byId.get(option.value);
          return (
            <div>
              <Text size="sm">{option.label}</Text>
              {patient && (
                <Text size="xs" c="dimmed">
                  <bdi>{patient.mrn}</bdi>
                  {patient.dateOfBirth && (
                    <>
                      {' · '}
                      <bdi>{patient.dateOfBirth}</bdi>
                    </>
                  )}
                </Text>
              )}
            </div>
          );
        }}
        nothingFoundMessage={found.status === 'success' ? t('book.noPatients') : undefined}
        rightSection={
          found.status === 'pending' ? (
            <Loader size="xs" role="status" aria-label={t('book.searchingPatients')} />
          ) : undefined
        }
        error={error}
        withAsterisk
        allowDeselect={false}
        data-testid={testId}
        comboboxProps={{ withinPortal: true }}
      />
      {found.status === 'error' && <LoadFailed error={found.error} onRetry={() => void found.refetch()} />}
    </Stack>
  );
}
