import { NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { CALL_ENGINES } from '@opencare/schemas/preferences';
import { useTranslation } from 'react-i18next';
import { ChoiceControl } from '../../settings/choice-control';
import type { AreaFormApi } from '../area-form';
import { numberField } from '../field-props';

export function TelemedicineFields({ form }: { form: AreaFormApi<'telemedicine'> }) {
  const { t } = useTranslation('system');
  return (
    <Stack gap="md">
      <ChoiceControl
        label={t('telemedicine.defaultCallEngine')}
        description={t('telemedicine.defaultCallEngineHint')}
        value={form.values.defaultCallEngine}
        options={CALL_ENGINES.map((value) => ({ value, label: t(`callEngines.${value}`) }))}
        onChange={(value) => form.set('defaultCallEngine', value)}
        testId="telemedicine-engine"
      />
      {/* Inputs side by side line up even where one hint wraps to a second line. */}
      <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: 'end' }}>
        <NumberInput
          {...numberField(form, 'joinEarlyMinutes')}
          label={t('telemedicine.joinEarlyMinutes')}
          description={t('telemedicine.joinEarlyHint')}
          min={0}
          max={60}
          required
        />
        <NumberInput
          {...numberField(form, 'endWarningMinutes')}
          label={t('telemedicine.endWarningMinutes')}
          description={t('telemedicine.endWarningHint')}
          min={1}
          max={30}
          required
        />
        <NumberInput
          {...numberField(form, 'stayOrLeaveSeconds')}
          label={t('telemedicine.stayOrLeaveSeconds')}
          description={t('telemedicine.stayOrLeaveHint')}
          min={10}
          max={300}
          required
        />
      </SimpleGrid>
      <Switch
        name="admitRequired"
        checked={form.values.admitRequired === true}
        onChange={(event) => form.set('admitRequired', event.currentTarget.checked)}
        label={t('telemedicine.admitRequired')}
        description={t('telemedicine.admitRequiredHint')}
        error={form.error('admitRequired')}
      />
    </Stack>
  );
}
