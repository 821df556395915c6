import { NumberInput, SimpleGrid } from '@mantine/core';
import { displayBounds, displayDecimals, displayUnit, type UnitPreferences } from '@opencare/schemas/entities/measurement-units';
import { fieldsOf, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { UNIT_KEYS, fieldKey, formatNumber } from './format';
import type { FieldInputs, ValueIssue } from './measurement-values';

interface MeasurementFieldsProps {
  type: MeasurementType;
  inputs: FieldInputs;
  issues: Record<string, ValueIssue>;
  /** Messages the server gave for fields, by field name. */
  serverIssues: Record<string, string>;
  prefs: UnitPreferences;
  onChange: (field: string, value: number | string) => void;
}

/** One number field per value of the type, in the person's units, with its plausible range. */
export function MeasurementFields({ type, inputs, issues, serverIssues, prefs, onChange }: MeasurementFieldsProps) {
  const { t, i18n } = useTranslation('measurements');
  const number = (n: number) => formatNumber(n, i18n.language);
  return (
    <SimpleGrid cols={{ base: 1, xs: Math.min(fieldsOf(type).length, 3) }} spacing="sm">
      {fieldsOf(type).map(([field, rule]) => {
        const unit = t(`units.${UNIT_KEYS[displayUnit(type, field, prefs)]}`);
        const bounds = displayBounds(type, field, prefs);
        const decimals = displayDecimals(type, field);
        const issue = issues[field];
        const error = issue
          ? t(`errors.${issue.key}`, issue.params ? { min: number(issue.params.min), max: number(issue.params.max) } : {})
          : serverIssues[field];
        const range = t('form.bounds', { min: number(bounds.min), max: number(bounds.max) });
        return (
          <NumberInput
            key={field}
            name={field}
            data-testid={`field-${field}`}
            label={
              <>
                {t(fieldKey(field))} (<bdi>{unit}</bdi>)
              </>
            }
            description={rule.required ? range : `${t('form.optional')} · ${range}`}
            withAsterisk={rule.required}
            value={inputs[field] ?? ''}
            onChange={(value) => onChange(field, value)}
            error={error}
            allowDecimal={decimals > 0}
            decimalScale={decimals > 0 ? decimals : undefined}
            allowNegative={false}
            hideControls
            inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          />
        );
      })}
    </SimpleGrid>
  );
}
