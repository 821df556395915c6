import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AreaFormApi } from '../area-form';
import { numberField } from '../field-props';

export function SystemManagementFields({ form }: { form: AreaFormApi<'systemManagement'> }) {
  const { t } = useTranslation('system');
  return (
    <NumberInput
      {...numberField(form, 'errorLogRetentionDays')}
      label={t('systemManagement.errorLogRetentionDays')}
      description={t('systemManagement.errorLogRetentionHint')}
      min={1}
      max={365}
      maw={360}
      required
    />
  );
}
