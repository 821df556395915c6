import { Fieldset, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import {
  ADVICE_CLASSES,
  ADVICE_TYPES,
  READING_ADVICE_MAX,
  type ReadingAdvice,
} from '@opencare/schemas/entities/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaFormApi } from '../area-form';

type AdviceType = (typeof ADVICE_TYPES)[number];
type AdviceClass = (typeof ADVICE_CLASSES)[number];

/**
 * The clinic's advice to a patient after a reading out of range: one text per measurement type and
 * class, one type at a time. A blank text is no advice (the key leaves the setting).
 */
export function ReadingAdviceFields({ form }: { form: AreaFormApi<'patientManagement'> }) {
  const { t } = useTranslation(['system', 'measurements']);
  const [type, setType] = useState<AdviceType>('bp');
  const draft = form.values.readingAdvice;
  const advice: ReadingAdvice = typeof draft === 'object' ? draft : {};

  function setText(rangeClass: AdviceClass, text: string) {
    const forType: Partial<Record<AdviceClass, string>> = { ...advice[type] };
    if (text.trim() === '') delete forType[rangeClass];
    else forType[rangeClass] = text;
    const next: ReadingAdvice = { ...advice };
    if (Object.keys(forType).length > 0) next[type] = forType;
    else delete next[type];
    form.set('readingAdvice', next);
  }

  const written = (candidate: AdviceType) => Object.keys(advice[candidate] ?? {}).length;
  return (
    <Fieldset
      legend={
        <Text fw={600} size="sm">
          {t('system:patientManagement.advice.title')}
        </Text>
      }
      variant="unstyled"
      data-testid="reading-advice-fields"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('system:patientManagement.advice.hint')}
        </Text>
        <NativeSelect
          label={t('system:patientManagement.advice.type')}
          value={type}
          onChange={(event) => setType(event.currentTarget.value as AdviceType)}
          data={ADVICE_TYPES.map((value) => ({
            value,
            label:
              written(value) > 0
                ? t('system:patientManagement.advice.typeWritten', {
                    type: t(`measurements:types.${value}`),
                    count: written(value),
                  })
                : t(`measurements:types.${value}`),
          }))}
          data-testid="reading-advice-type"
        />
        {ADVICE_CLASSES.map((rangeClass) => (
          <Textarea
            key={`${type}-${rangeClass}`}
            name={`readingAdvice.${type}.${rangeClass}`}
            label={t(`measurements:ranges.${rangeClass}`)}
            value={advice[type]?.[rangeClass] ?? ''}
            onChange={(event) => setText(rangeClass, event.currentTarget.value)}
            error={form.error(`readingAdvice.${type}.${rangeClass}` as never)}
            placeholder={t('system:patientManagement.advice.none')}
            maxLength={READING_ADVICE_MAX}
            rows={2}
            dir="auto"
            data-testid={`reading-advice-${rangeClass}`}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}
