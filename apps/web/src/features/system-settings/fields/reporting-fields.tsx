import { NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChoiceControl } from '../../settings/choice-control';
import type { AreaFormApi } from '../area-form';
import { numberField } from '../field-props';
import { formatUnit } from '../format';

const PERIODS = ['7', '30', '90', '365'] as const;

export function ReportingFields({ form }: { form: AreaFormApi<'reportingAndAnalytics'> }) {
  const { t, i18n } = useTranslation('system');
  return (
    <Stack gap="md">
      <ChoiceControl
        label={t('reportingAndAnalytics.reportPeriod')}
        description={t('reportingAndAnalytics.reportPeriodHint')}
        value={String(form.values.reportPeriodDays) as (typeof PERIODS)[number]}
        options={PERIODS.map((days) => ({
          value: days,
          label: formatUnit(Number(days), 'day', i18n.language),
        }))}
        onChange={(days) => form.set('reportPeriodDays', Number(days))}
        testId="report-period"
      />
      <NumberInput
        {...numberField(form, 'adherenceTargetPercent')}
        label={t('reportingAndAnalytics.adherenceTarget')}
        description={t('reportingAndAnalytics.adherenceTargetHint')}
        min={0}
        max={100}
        suffix="%"
        maw={360}
        required
      />
    </Stack>
  );
}
