import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  LIMIT_NAMES,
  thresholdInputSchema,
  type Thresholds,
  type TypeLimits,
} from '@opencare/schemas/entities/measurement-ranges';
import { fieldsOf, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { displayBounds, displayDecimals } from '@opencare/schemas/entities/measurement-units';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../../components/form/form-failure';
import type { FeatureMessages } from '../../../components/form/use-field-message';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';
import { useSetThresholdsMutation } from './care-plan-queries';
import { draftsOf, limitsOf, type LimitName } from './threshold-values';

interface ThresholdFormProps {
  patientId: string;
  thresholds: Thresholds;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** One type's limits in a dialog, per field, in the reader's units. */
export function ThresholdForm({ patientId, thresholds, opened, onClose, onSaved }: ThresholdFormProps) {
  const { t } = useTranslation('patients');
  const typeName = useMeasurementName();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('carePlan.thresholds.formTitle', { type: typeName(thresholds.type) })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('carePlan.close') }}
    >
      <ThresholdFields patientId={patientId} thresholds={thresholds} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}

/** The schema's messages (measurement-ranges.ts), which name canonical units, in the reader's units and words. */
function useThresholdMessages(type: MeasurementType): FeatureMessages {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  return useCallback(
    (message: string, path?: string) => {
      // limits.<field>.<limit>, or limits.<field> for a rule about the field's limits together.
      const field = path?.split('.')[1];
      if (message.startsWith('Limits must be between') && field) {
        const { min, max } = displayBounds(type, field, format.units);
        const digits = displayDecimals(type, field);
        return t('carePlan.thresholds.errors.bounds', {
          min: format.number(min, digits),
          max: format.number(max, digits),
          unit: format.unit(type, field),
        });
      }
      if (message === 'Each limit must be above the one before it.') return t('carePlan.thresholds.errors.order');
      if (message === 'Enter a number.') return t('carePlan.thresholds.errors.number');
      return undefined;
    },
    [t, format, type],
  );
}

function ThresholdFields({
  patientId,
  thresholds,
  onCancel,
  onSaved,
}: {
  patientId: string;
  thresholds: Thresholds;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('patients');
  const { notify } = useNotifications();
  const format = useReadingFormat();
  const type: MeasurementType = thresholds.type;
  const setThresholds = useSetThresholdsMutation();
  const { form, field: inputProps, formRef, onSubmit, submitting: saving, failureText } = useSchemaForm({
    schema: thresholdInputSchema(type),
    initialValues: { limits: draftsOf(type, thresholds.limits, format.units) },
    toBody: ({ limits }) => ({ limits: limitsOf(type, limits, format.units) }),
    messages: useThresholdMessages(type),
    // The checked limits are canonical: sent as they are.
    submit: ({ limits }) => setThresholds.mutateAsync({ patientId, type, limits: limits as TypeLimits }),
    onSuccess: () => {
      notify({ id: 'thresholds-saved', message: t('carePlan.thresholds.saved'), tone: 'success' });
      onSaved();
    },
  });

  /** One limit's input: its own message, or the message about its field's limits together. */
  const limitInput = (field: string, name: LimitName) => {
    const path = `limits.${field}.${name}`;
    const props = inputProps(path);
    const error = props.error ?? inputProps(`limits.${field}`).error;
    return {
      ...props,
      error,
      'aria-invalid': error ? true : undefined,
      // Empty (or half typed) is "not applied".
      onChange: (value: number | string) => form.setFieldValue(path, typeof value === 'number' ? value : ''),
    };
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('carePlan.thresholds.formHint')}
        </Text>
        <FormFailure text={failureText} />
        {fieldsOf(type).map(([field]) => (
          <fieldset key={field} style={{ border: 0, padding: 0, margin: 0 }} data-testid={`limits-${field}`}>
            <Title order={3} size="h6" component="legend" mb="xs">
              {format.keyLabel(field)} (<bdi>{format.unit(type, field)}</bdi>)
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {LIMIT_NAMES.map((name) => (
                <NumberInput
                  key={name}
                  {...limitInput(field, name)}
                  label={t(`carePlan.thresholds.limits.${name}`)}
                  aria-label={`${format.keyLabel(field)}: ${t(`carePlan.thresholds.limits.${name}`)}`}
                  decimalScale={displayDecimals(type, field)}
                  hideControls
                  dir="ltr"
                  inputMode="decimal"
                />
              ))}
            </SimpleGrid>
          </fieldset>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('carePlan.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('carePlan.thresholds.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
