import { useMediaQuery } from '@mantine/hooks';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Appointment } from '@opencare/schemas/entities/appointments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { errorMessageOf } from '../../api/error-message';
import { isoDate, today } from '../../session/calendar-date';
import { useRefetchSlots, useRescheduleMutation } from './appointment-queries';
import { formatDate, formatTime } from './format';
import { SlotPicker } from './slot-picker';
import { DateField } from '../../components/dates/date-field';

interface RescheduleModalProps {
  /** The appointment to move; null while none is. */
  appointment: Appointment | null;
  onClose: () => void;
  onMoved: (appointment: Appointment) => void;
}

/** Move an appointment to another free time of the same provider. */
export function RescheduleModal({ appointment, onClose, onMoved }: RescheduleModalProps) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation();
  // Long forms get the whole screen on a phone.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      fullScreen={phone}
      opened={appointment !== null}
      onClose={onClose}
      title={t('reschedule.title')}
      closeButtonProps={{ 'aria-label': tc('common.close') }}
      size="lg"
    >
      {appointment && <RescheduleForm appointment={appointment} onMoved={onMoved} onCancel={onClose} />}
    </Modal>
  );
}

function RescheduleForm({
  appointment,
  onMoved,
  onCancel,
}: {
  appointment: Appointment;
  onMoved: (a: Appointment) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const { t: tc } = useTranslation();
  const [date, setDate] = useState(() => isoDate(new Date(appointment.startsAt)));
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [slotError, setSlotError] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const reschedule = useRescheduleMutation();
  const refetchSlots = useRefetchSlots();
  const busy = reschedule.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!startsAt) {
      setSlotError(t('book.chooseTime'));
      return;
    }
    setFailure(null);
    reschedule.mutate(
      { id: appointment.id, startsAt },
      {
        onSuccess: onMoved,
        onError: (error) => {
          const failed = asApiError(error);
          if (failed instanceof ApiError && failed.key === 'slotNotAvailable') {
            // Someone took the time meanwhile: show the times still free.
            setSlotError(t('slots.taken'));
            setStartsAt(null);
            refetchSlots();
          } else setFailure(error);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>
          {t('reschedule.current', {
            date: formatDate(appointment.startsAt, i18n.language),
            time: formatTime(appointment.startsAt, i18n.language),
            name: appointment.provider.fullName,
          })}
        </Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <DateField
          label={t('book.date')}
          value={date}
          min={today()}
          onChange={(value) => {
            setDate(value);
            setStartsAt(null);
          }}
          withAsterisk
          maw={240}
          data-testid="reschedule-date"
        />
        <SlotPicker
          providerId={appointment.provider.id}
          date={date}
          value={startsAt}
          onChange={(value) => {
            setStartsAt(value);
            setSlotError(undefined);
          }}
          error={slotError}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {tc('common.close')}
          </Button>
          <Button type="submit" loading={busy} data-testid="reschedule-submit">
            {t('reschedule.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
