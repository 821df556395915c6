import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  Input,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
} from '@mantine/core';
import {
  SCHEDULE_FREQUENCIES,
  WEEKDAYS,
  measurementScheduleSchema,
  type MeasurementScheduleInput,
  type Weekday,
} from '@opencare/schemas/entities/care';
import {
  MEALS,
  MEASUREMENT_TYPES,
  type Meal,
  type MeasurementType,
} from '@opencare/schemas/entities/measurements';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useCreateScheduleMutation } from './care-plan-queries';
import { issuesByPath, serverFields } from './field-errors';
import { useWeekdayNames } from './use-weekday-names';
import { DateField } from '../../../components/dates/date-field';

type Frequency = (typeof SCHEDULE_FREQUENCIES)[number];
const FIELDS = ['type', 'frequency', 'days', 'times', 'startDate', 'endDate', 'meal'] as const;
type Field = (typeof FIELDS)[number];

const withDays = (frequency: Frequency) => frequency !== 'daily' && frequency !== 'monthly';
/** Today on the reader's calendar, YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('en-CA');

interface ScheduleFormProps {
  patientId: string;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** A new measurement schedule in a dialog; times are the patient's wall-clock times in their zone. */
export function ScheduleForm({ patientId, opened, onClose, onSaved }: ScheduleFormProps) {
  const { t } = useTranslation('patients');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('carePlan.schedules.formTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('carePlan.close') }}
    >
      <ScheduleFields patientId={patientId} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function ScheduleFields({
  patientId,
  onCancel,
  onSaved,
}: {
  patientId: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const { notify } = useNotifications();
  const typeName = useMeasurementName();
  const weekdays = useWeekdayNames();
  const [type, setType] = useState<MeasurementType>('bp');
  const [frequency, setFrequency] = useState<Frequency>('daily');
  const [days, setDays] = useState<Weekday[]>([]);
  const [times, setTimes] = useState<string[]>(['09:00']);
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState('');
  const [meal, setMeal] = useState<Meal | null>(null);
  const [notifyByEmail, setNotifyByEmail] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const create = useCreateScheduleMutation();
  const [saving, setSaving] = useState(false);

  const input: MeasurementScheduleInput = {
    patientId,
    type,
    frequency,
    startDate,
    // Days and meal only where they apply, so switching back and forth leaves nothing stale behind.
    days: withDays(frequency) ? days : [],
    times,
    notifyByEmail,
    ...(endDate ? { endDate } : {}),
    ...(type === 'bs' && meal ? { meal } : {}),
  };

  const errorOf = (field: string): Field | null => {
    const head = field.split('.')[0];
    return FIELDS.find((f) => f === head) ?? null;
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = measurementScheduleSchema.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const path of issuesByPath(checked.error).keys()) {
        const field = errorOf(path);
        if (field && !found[field]) found[field] = t(`carePlan.schedules.errors.${field}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await create.mutateAsync(input);
      notify({ id: 'schedule-created', message: t('carePlan.schedules.saved'), tone: 'success' });
      onSaved();
    } catch (error) {
      setFailure(error);
      const found: Partial<Record<Field, string>> = {};
      for (const path of serverFields(error)) {
        const field = errorOf(path);
        if (field) found[field] = t('carePlan.checkField');
      }
      setErrors(found);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('carePlan.schedules.type')}
            data={MEASUREMENT_TYPES.map((value) => ({ value, label: typeName(value) }))}
            value={type}
            onChange={(value) => value && setType(value)}
            allowDeselect={false}
            error={errors.type}
          />
          <Select
            label={t('carePlan.schedules.frequency')}
            data={SCHEDULE_FREQUENCIES.map((value) => ({
              value,
              label: t(`carePlan.schedules.frequencies.${value}`),
            }))}
            value={frequency}
            onChange={(value) => value && setFrequency(value)}
            allowDeselect={false}
            error={errors.frequency}
          />
        </SimpleGrid>
        {withDays(frequency) && (
          <Input.Wrapper
            label={t('carePlan.schedules.days')}
            description={frequency === 'specificDays' ? undefined : t('carePlan.schedules.daysHint')}
            error={errors.days}
          >
            <Chip.Group multiple value={days} onChange={(value) => setDays(value)}>
              <Group gap={6} mt={6} role="group" aria-label={t('carePlan.schedules.days')}>
                {WEEKDAYS.map((day) => (
                  <Chip key={day} value={day} size="xs">
                    {weekdays[day]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}
        <TagsInput
          label={t('carePlan.schedules.times')}
          description={t('carePlan.schedules.timesHint')}
          value={times}
          onChange={setTimes}
          maxTags={12}
          dir="ltr"
          error={errors.times}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField
            label={t('carePlan.schedules.startDate')}
            value={startDate}
            onChange={setStartDate}
            error={errors.startDate}
          />
          <DateField
            label={t('carePlan.schedules.endDate')}
            value={endDate}
            onChange={setEndDate}
            error={errors.endDate}
          />
        </SimpleGrid>
        {type === 'bs' && (
          <Select
            label={t('carePlan.schedules.meal')}
            placeholder={t('carePlan.schedules.mealAny')}
            data={MEALS.map((value) => ({ value, label: t(`carePlan.schedules.meals.${value}`) }))}
            value={meal}
            onChange={(value) => setMeal(value)}
            clearable
            error={errors.meal}
          />
        )}
        <Checkbox
          label={t('carePlan.schedules.notifyByEmail')}
          checked={notifyByEmail}
          onChange={(event) => setNotifyByEmail(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('carePlan.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('carePlan.schedules.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
