import { NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AreaFormApi } from '../area-form';
import { numberField, textField } from '../field-props';
import { ReadingAdviceFields } from './reading-advice-fields';

export function PatientManagementFields({ form }: { form: AreaFormApi<'patientManagement'> }) {
  const { t } = useTranslation('system');
  const prefix = form.values.mrnPrefix;
  const mrn = textField(form, 'mrnPrefix');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          {...numberField(form, 'taskOverdueMinutes')}
          label={t('patientManagement.taskOverdueMinutes')}
          description={t('patientManagement.taskOverdueHint')}
          min={1}
          max={24 * 60}
          required
        />
        <TextInput
          {...mrn}
          // Record numbers are capitals only: typed lower case is taken as meant.
          onChange={(event) => form.set('mrnPrefix', event.currentTarget.value.toUpperCase())}
          label={t('patientManagement.mrnPrefix')}
          description={t('patientManagement.mrnExample', { example: `${prefix.trim()}500123` })}
          maxLength={10}
          required
          dir="ltr"
        />
      </SimpleGrid>
      <Switch
        name="approveSelfSignups"
        checked={form.values.approveSelfSignups === true}
        onChange={(event) => form.set('approveSelfSignups', event.currentTarget.checked)}
        label={t('patientManagement.approveSelfSignups')}
        description={t('patientManagement.approveSelfSignupsHint')}
        error={form.error('approveSelfSignups')}
      />
      <ReadingAdviceFields form={form} />
    </Stack>
  );
}
