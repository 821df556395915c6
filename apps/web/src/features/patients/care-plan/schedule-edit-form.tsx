import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { updateScheduleInputSchema, type Schedule } from '@opencare/schemas/entities/care';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/date-field';
import { FormFailure } from '../../../components/form/form-failure';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useUpdateScheduleMutation } from './care-plan-queries';
import { useScheduleMessages } from './use-schedule-messages';

interface ScheduleEditFormProps {
  schedule: Schedule;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Changing a schedule in a dialog: its end date and e-mail reminders, the two things the server
 * lets change. A new rhythm is a new schedule, so the tasks already due keep the rule they came from.
 */
export function ScheduleEditForm({ schedule, onClose, onSaved }: ScheduleEditFormProps) {
  const { t } = useTranslation('patients');
  const typeName = useMeasurementName();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('carePlan.schedules.changeTitle', { type: typeName(schedule.type) })}
      closeButtonProps={{ 'aria-label': t('carePlan.close') }}
    >
      <ScheduleEditFields schedule={schedule} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}

/** The rule the server checks too; asking first saves a round trip (the schema alone cannot know the start). */
const END_BEFORE_START = 'The end date cannot be before the start date.';

function ScheduleEditFields({
  schedule,
  onCancel,
  onSaved,
}: {
  schedule: Schedule;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('patients');
  const { notify } = useNotifications();
  const update = useUpdateScheduleMutation();
  // Only what changed is sent; an emptied end date is sent as null (the schedule runs on).
  const changesOf = ({ endDate, notifyByEmail }: { endDate: string; notifyByEmail: boolean }) => ({
    ...(endDate !== (schedule.endDate ?? '') ? { endDate: endDate || null } : {}),
    ...(notifyByEmail !== schedule.notifyByEmail ? { notifyByEmail } : {}),
  });
  const { form, field, formRef, onSubmit, submitting: saving, failureText } = useSchemaForm({
    schema: updateScheduleInputSchema,
    initialValues: { endDate: schedule.endDate ?? '', notifyByEmail: schedule.notifyByEmail },
    toBody: changesOf,
    check: ({ endDate }) => (endDate && endDate < schedule.startDate ? { endDate: END_BEFORE_START } : {}),
    messages: useScheduleMessages(),
    submit: (changes) => update.mutateAsync({ id: schedule.id, changes }),
    onSuccess: () => {
      notify({ id: 'schedule-changed', message: t('carePlan.schedules.changed'), tone: 'success' });
      onSaved();
    },
  });

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        // Nothing changed: there is nothing to save, and closing says so.
        if (Object.keys(changesOf(form.values)).length > 0) onSubmit(event);
        else {
          event.preventDefault();
          onCancel();
        }
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('carePlan.schedules.changeHint')}
        </Text>
        <FormFailure text={failureText} />
        <DateField
          {...field('endDate')}
          label={t('carePlan.schedules.endDate')}
          description={t('carePlan.schedules.endDateHint')}
          min={schedule.startDate}
          data-autofocus
        />
        <Checkbox {...field('notifyByEmail', { type: 'checkbox' })} label={t('carePlan.schedules.notifyByEmail')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('carePlan.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('carePlan.schedules.changeSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
