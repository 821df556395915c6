import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaFormApi } from '../area-form';
import { textField } from '../field-props';
import { formatDateTime } from '../format';
import { LogoField } from './logo-field';

/** Every IANA time zone the browser knows, with UTC and the saved one in case they are not listed. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...zones].filter(Boolean))].sort();
}

function nowIn(timeZone: string, language: string): string | null {
  try {
    return formatDateTime(new Date().toISOString(), language, timeZone);
  } catch {
    return null;
  }
}

export function OrganizationFields({ form }: { form: AreaFormApi<'organization'> }) {
  const { t, i18n } = useTranslation('system');
  const timezone = form.values.timezone;
  const zones = useMemo(() => timeZones(timezone), [timezone]);
  const now = nowIn(timezone, i18n.language);
  return (
    <Stack gap="md">
      <TextInput
        {...textField(form, 'name')}
        label={t('organization.name')}
        description={t('organization.nameHint')}
        required
        maxLength={100}
      />
      <Select
        name="timezone"
        label={t('organization.timezone')}
        description={now ? t('organization.timezoneNow', { time: now }) : t('organization.timezoneHint')}
        data={zones}
        value={timezone || null}
        onChange={(value) => form.set('timezone', value ?? '')}
        error={form.error('timezone')}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('organization.noTimezone')}
        required
        dir="ltr"
        data-testid="organization-timezone"
      />
      <LogoField
        value={form.values.logo}
        onChange={(logo) => form.set('logo', logo)}
        error={form.error('logo')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...textField(form, 'contactEmail')}
          type="email"
          label={t('organization.contactEmail')}
          autoComplete="email"
          dir="ltr"
        />
        <TextInput
          {...textField(form, 'contactPhone')}
          type="tel"
          label={t('organization.contactPhone')}
          autoComplete="tel"
          maxLength={30}
          dir="ltr"
        />
      </SimpleGrid>
    </Stack>
  );
}
