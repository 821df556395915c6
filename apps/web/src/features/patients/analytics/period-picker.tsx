import { Group, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIOD_PRESETS, type PeriodChoice } from './use-analytics-period';
import { DateField } from '../../../components/dates/date-field';

interface PeriodPickerProps {
  choice: PeriodChoice;
  period: { from: string; to: string };
  today: string;
  onChoose: (choice: PeriodChoice) => void;
}

/** The last 7, 30 or 90 days, or any days from one date to another. */
export function PeriodPicker({ choice, period, today, onChoose }: PeriodPickerProps) {
  const { t } = useTranslation('patients');
  const [custom, setCustom] = useState(choice.kind === 'custom');
  const value = custom ? 'custom' : choice.kind === 'preset' ? String(choice.days) : 'custom';
  return (
    <Group align="flex-end" gap="md" role="group" aria-label={t('analytics.period')}>
      <SegmentedControl
        aria-label={t('analytics.period')}
        value={value}
        onChange={(next) => {
          if (next === 'custom') {
            setCustom(true);
            onChoose({ kind: 'custom', from: period.from, to: period.to });
          } else {
            setCustom(false);
            onChoose({ kind: 'preset', days: Number(next) });
          }
        }}
        data={[
          ...PERIOD_PRESETS.map((n) => ({ value: String(n), label: t(`chart.days.${n}`) })),
          { value: 'custom', label: t('analytics.custom') },
        ]}
        data-testid="analytics-period"
      />
      {value === 'custom' && (
        <Group gap="sm" align="flex-end">
          <DateField
            label={t('analytics.from')}
            value={period.from}
            max={period.to}
            onChange={(from) => {
              if (from) onChoose({ kind: 'custom', from, to: period.to });
            }}
            w={170}
          />
          <DateField
            label={t('analytics.to')}
            value={period.to}
            min={period.from}
            max={today}
            onChange={(to) => {
              if (to) onChoose({ kind: 'custom', from: period.from, to });
            }}
            w={170}
          />
        </Group>
      )}
    </Group>
  );
}
