import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import {
  updateScheduleInputSchema,
  type Schedule,
  type UpdateScheduleInput,
} from '@opencare/schemas/entities/care';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useUpdateScheduleMutation } from './care-plan-queries';
import { serverFields } from './field-errors';
import { DateField } from '../../../components/dates/date-field';

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
  const { t: tc } = useTranslation();
  const { notify } = useNotifications();
  const [endDate, setEndDate] = useState(schedule.endDate ?? '');
  const [notifyByEmail, setNotifyByEmail] = useState(schedule.notifyByEmail);
  const [endDateError, setEndDateError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const update = useUpdateScheduleMutation();
  const [saving, setSaving] = useState(false);

  // Only what changed is sent; an emptied end date is sent as null (the schedule runs on).
  const changes: UpdateScheduleInput = {
    ...(endDate !== (schedule.endDate ?? '') ? { endDate: endDate || null } : {}),
    ...(notifyByEmail !== schedule.notifyByEmail ? { notifyByEmail } : {}),
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (Object.keys(changes).length === 0) {
      onCancel();
      return;
    }
    const checked = updateScheduleInputSchema.safeParse(changes);
    // The server checks the end date against the start date too; asking first saves a round trip.
    if (!checked.success || (endDate && endDate < schedule.startDate)) {
      setEndDateError(t('carePlan.schedules.errors.endDate'));
      return;
    }
    setEndDateError(null);
    setSaving(true);
    try {
      await update.mutateAsync({ id: schedule.id, changes: checked.data });
      notify({ id: 'schedule-changed', message: t('carePlan.schedules.changed'), tone: 'success' });
      onSaved();
    } catch (error) {
      setFailure(error);
      if (serverFields(error, 'changes').includes('endDate')) setEndDateError(t('carePlan.checkField'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('carePlan.schedules.changeHint')}
        </Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <DateField
          label={t('carePlan.schedules.endDate')}
          description={t('carePlan.schedules.endDateHint')}
          value={endDate}
          min={schedule.startDate}
          onChange={setEndDate}
          error={endDateError}
          data-autofocus
        />
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
            {t('carePlan.schedules.changeSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
