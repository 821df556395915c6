import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AreaFormApi } from '../area-form';
import { numberField } from '../field-props';

export function BillingFields({ form }: { form: AreaFormApi<'billingAndPayments'> }) {
  const { t } = useTranslation('system');
  return (
    <NumberInput
      {...numberField(form, 'rpmMinimumDays')}
      label={t('billingAndPayments.rpmMinimumDays')}
      description={t('billingAndPayments.rpmMinimumDaysHint')}
      min={1}
      max={31}
      maw={360}
      required
    />
  );
}
