import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MailRecipient } from '@opencare/schemas/entities/mail';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';

const labelOf = (r: MailRecipient) => `${r.fullName} · ${r.mrn}`;

interface RecipientSelectProps {
  value: MailRecipient | null;
  onChange: (recipient: MailRecipient | null) => void;
  error?: string | null;
}

/** Choose the patient to write to, searched on the server by name or MRN as one types. */
export function RecipientSelect({ value, onChange, error }: RecipientSelectProps) {
  const { t } = useTranslation('mail');
  const [search, setSearch] = useState('');
  // Once a patient is chosen the box shows their label: that is not a new search.
  const query = value && search === labelOf(value) ? '' : search;
  const [debounced] = useDebouncedValue(query, 250);
  // What the last search found stays while the next one runs.
  const recipients = trpc.mail.recipients.useQuery(
    { search: debounced.trim() || undefined },
    { placeholderData: keepPreviousData },
  );
  const found = recipients.data ?? [];
  const loading = recipients.isFetching;
  const failed = recipients.isError;

  // The chosen patient stays an option while the search shows others.
  const options = value && !found.some((r) => r.accountId === value.accountId) ? [value, ...found] : found;
  return (
    <Select
      label={t('form.patient')}
      placeholder={t('form.patientPlaceholder')}
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already searched: show what it found.
      filter={({ options: all }) => all}
      data={options.map((r) => ({ value: r.accountId, label: labelOf(r) }))}
      value={value?.accountId ?? null}
      onChange={(id) => onChange(options.find((r) => r.accountId === id) ?? null)}
      nothingFoundMessage={
        loading ? t('form.searching') : failed ? t('form.patientsFailed') : t('form.noPatients')
      }
      renderOption={({ option }) => <bdi>{option.label}</bdi>}
      error={error}
      comboboxProps={{ withinPortal: true, zIndex: 1000 }}
      data-testid="recipient-select"
    />
  );
}
