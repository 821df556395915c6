import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  LIMIT_NAMES,
  thresholdInputSchema,
  type Thresholds,
} from '@opencare/schemas/entities/measurement-ranges';
import { fieldsOf, type MeasurementType } from '@opencare/schemas/entities/measurements';
import { displayBounds, displayDecimals } from '@opencare/schemas/entities/measurement-units';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';
import { useSetThresholdsMutation } from './care-plan-queries';
import { issuesByPath, serverFields } from './field-errors';
import { draftsOf, limitsOf, type LimitDrafts, type LimitName } from './threshold-values';

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
  const { t: tc } = useTranslation();
  const { notify } = useNotifications();
  const format = useReadingFormat();
  const type: MeasurementType = thresholds.type;
  const [drafts, setDrafts] = useState<LimitDrafts>(() => draftsOf(type, thresholds.limits, format.units));
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState<unknown>(null);
  const setThresholds = useSetThresholdsMutation();
  const [saving, setSaving] = useState(false);

  const boundsText = (field: string) => {
    const { min, max } = displayBounds(type, field, format.units);
    const digits = displayDecimals(type, field);
    return t('carePlan.thresholds.errors.bounds', {
      min: format.number(min, digits),
      max: format.number(max, digits),
      unit: format.unit(type, field),
    });
  };

  function validate(): boolean {
    const checked = thresholdInputSchema(type).safeParse({ limits: limitsOf(type, drafts, format.units) });
    if (checked.success) return true;
    const found = new Map<string, string>();
    for (const [path, issue] of issuesByPath(checked.error)) {
      const [, field = ''] = path.split('.');
      const message =
        issue.code === 'too_small' || issue.code === 'too_big'
          ? boundsText(field)
          : issue.code === 'custom'
            ? t('carePlan.thresholds.errors.order')
            : t('carePlan.thresholds.errors.number');
      found.set(path, message);
    }
    setErrors(found);
    return false;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!validate()) return;
    setErrors(new Map());
    setSaving(true);
    try {
      await setThresholds.mutateAsync({ patientId, type, limits: limitsOf(type, drafts, format.units) });
      notify({ id: 'thresholds-saved', message: t('carePlan.thresholds.saved'), tone: 'success' });
      onSaved();
    } catch (error) {
      setFailure(error);
      const fields = serverFields(error);
      if (fields.length > 0) setErrors(new Map(fields.map((f) => [f, t('carePlan.checkField')])));
    } finally {
      setSaving(false);
    }
  }

  const change = (field: string, name: LimitName, value: number | string) =>
    setDrafts((current) => ({
      ...current,
      [field]: { ...current[field]!, [name]: typeof value === 'number' ? value : '' },
    }));

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('carePlan.thresholds.formHint')}
        </Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        {fieldsOf(type).map(([field]) => (
          <fieldset key={field} style={{ border: 0, padding: 0, margin: 0 }} data-testid={`limits-${field}`}>
            <Title order={3} size="h6" component="legend" mb="xs">
              {format.keyLabel(field)} (<bdi>{format.unit(type, field)}</bdi>)
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {LIMIT_NAMES.map((name) => (
                <NumberInput
                  key={name}
                  label={t(`carePlan.thresholds.limits.${name}`)}
                  aria-label={`${format.keyLabel(field)}: ${t(`carePlan.thresholds.limits.${name}`)}`}
                  value={drafts[field]?.[name] ?? ''}
                  onChange={(value) => change(field, name, value)}
                  decimalScale={displayDecimals(type, field)}
                  hideControls
                  dir="ltr"
                  inputMode="decimal"
                  error={errors.get(`limits.${field}.${name}`) ?? errors.get(`limits.${field}`)}
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
