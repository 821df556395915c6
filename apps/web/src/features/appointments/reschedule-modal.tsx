import { Button, Group, Stack, Text } from '@mantine/core';
import { FormModal } from '../../components/form/form-modal';
import { rescheduleAppointmentInputSchema, type Appointment } from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { errorKeyOf } from '../../components/form/use-api-error-text';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { isoDate, today } from '../../session/calendar-date';
import { useRefetchSlots, useRescheduleMutation } from './appointment-queries';
import { formatDate, formatTime } from './format';
import { SlotPicker } from './slot-picker';
import { useAppointmentMessages } from './use-appointment-messages';
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
  return (
    <FormModal opened={appointment !== null} onClose={onClose} title={t('reschedule.title')}>
      {appointment && <RescheduleForm appointment={appointment} onMoved={onMoved} onCancel={onClose} />}
    </FormModal>
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
  const reschedule = useRescheduleMutation();
  const refetchSlots = useRefetchSlots();
  const { form, field, formRef, onSubmit, submitting: busy, failureText, focusFirstError } = useSchemaForm({
    schema: rescheduleAppointmentInputSchema,
    initialValues: { date: isoDate(new Date(appointment.startsAt)), startsAt: null as string | null },
    toBody: ({ startsAt }) => ({ startsAt: startsAt ?? undefined }),
    fieldsOfKey: { slotNotAvailable: 'startsAt' },
    messages: useAppointmentMessages(),
    submit: (body) => reschedule.mutateAsync({ id: appointment.id, ...body }),
    onSuccess: onMoved,
    onFailure: (failure) => {
      // Someone took the time meanwhile: show the times still free.
      if (errorKeyOf(failure) === 'slotNotAvailable') {
        form.setFieldValue('startsAt', null);
        // The focus goes to the first time still free once the times are there again.
        void refetchSlots().then(focusFirstError);
      }
    },
  });
  const { date, startsAt } = form.values;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack>
        <Text>
          {t('reschedule.current', {
            date: formatDate(appointment.startsAt, i18n.language),
            time: formatTime(appointment.startsAt, i18n.language),
            name: appointment.provider.fullName,
          })}
        </Text>
        <FormFailure text={failureText} />
        <DateField
          label={t('book.date')}
          value={date}
          min={today()}
          onChange={(value) => {
            // Another day has other free times: the time is chosen again.
            form.setFieldValue('date', value);
            form.setFieldValue('startsAt', null);
          }}
          withAsterisk
          maw={240}
          data-testid="reschedule-date"
        />
        <SlotPicker
          providerId={appointment.provider.id}
          date={date}
          value={startsAt}
          onChange={(value) => form.setFieldValue('startsAt', value)}
          error={field('startsAt').error}
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
