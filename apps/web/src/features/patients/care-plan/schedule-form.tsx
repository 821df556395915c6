import { Button, Checkbox, Chip, Group, Input, Modal, Select, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import {
  SCHEDULE_FREQUENCIES,
  WEEKDAYS,
  measurementScheduleSchema,
  type Weekday,
} from '@opencare/schemas/entities/care';
import {
  MEALS,
  MEASUREMENT_TYPES,
  type Meal,
  type MeasurementType,
} from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/date-field';
import { FormFailure } from '../../../components/form/form-failure';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useCreateScheduleMutation } from './care-plan-queries';
import { useScheduleMessages } from './use-schedule-messages';
import { useWeekdayNames } from './use-weekday-names';

type Frequency = (typeof SCHEDULE_FREQUENCIES)[number];

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

interface ScheduleValues {
  type: MeasurementType;
  frequency: Frequency;
  days: Weekday[];
  times: string[];
  startDate: string;
  endDate: string;
  meal: Meal | null;
  notifyByEmail: boolean;
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
  const { notify } = useNotifications();
  const typeName = useMeasurementName();
  const weekdays = useWeekdayNames();
  const create = useCreateScheduleMutation();
  const initialValues: ScheduleValues = {
    type: 'bp',
    frequency: 'daily',
    days: [],
    times: ['09:00'],
    startDate: today(),
    endDate: '',
    meal: null,
    notifyByEmail: false,
  };
  const { form, field, formRef, onSubmit, submitting: saving, failureText } = useSchemaForm({
    schema: measurementScheduleSchema,
    initialValues,
    toBody: ({ type, frequency, days, times, startDate, endDate, meal, notifyByEmail }) => ({
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
    }),
    messages: useScheduleMessages(),
    submit: (body) => create.mutateAsync(body),
    onSuccess: () => {
      notify({ id: 'schedule-created', message: t('carePlan.schedules.saved'), tone: 'success' });
      onSaved();
    },
  });
  const { type, frequency } = form.values;
  const daysError = field('days').error;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormFailure text={failureText} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            {...field('type')}
            label={t('carePlan.schedules.type')}
            data={MEASUREMENT_TYPES.map((value) => ({ value, label: typeName(value) }))}
            allowDeselect={false}
          />
          <Select
            {...field('frequency')}
            label={t('carePlan.schedules.frequency')}
            data={SCHEDULE_FREQUENCIES.map((value) => ({
              value,
              label: t(`carePlan.schedules.frequencies.${value}`),
            }))}
            allowDeselect={false}
          />
        </SimpleGrid>
        {withDays(frequency) && (
          <Input.Wrapper
            label={t('carePlan.schedules.days')}
            description={frequency === 'specificDays' ? undefined : t('carePlan.schedules.daysHint')}
            error={daysError}
          >
            <Chip.Group multiple value={form.values.days} onChange={(value) => form.setFieldValue('days', value)}>
              <Group
                gap={6}
                mt={6}
                role="group"
                aria-label={t('carePlan.schedules.days')}
                aria-invalid={daysError ? true : undefined}
              >
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
          {...field('times')}
          label={t('carePlan.schedules.times')}
          description={t('carePlan.schedules.timesHint')}
          maxTags={12}
          dir="ltr"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField {...field('startDate')} label={t('carePlan.schedules.startDate')} />
          <DateField {...field('endDate')} label={t('carePlan.schedules.endDate')} />
        </SimpleGrid>
        {type === 'bs' && (
          <Select
            {...field('meal')}
            label={t('carePlan.schedules.meal')}
            placeholder={t('carePlan.schedules.mealAny')}
            data={MEALS.map((value) => ({ value, label: t(`carePlan.schedules.meals.${value}`) }))}
            clearable
          />
        )}
        <Checkbox {...field('notifyByEmail', { type: 'checkbox' })} label={t('carePlan.schedules.notifyByEmail')} />
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
