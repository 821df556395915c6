import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  APPOINTMENT_LIMITS,
  CANCEL_REASONS,
  cancelAppointmentInputSchema,
  type Appointment,
  type CancelReason,
} from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useCancelMutation } from './appointment-queries';
import { formatDate, formatTime } from './format';

const REASONS = Object.keys(CANCEL_REASONS) as CancelReason[];

interface CancelModalProps {
  appointment: Appointment | null;
  onClose: () => void;
  onCancelled: (appointment: Appointment) => void;
}

/**
 * Cancelling asks for one of the spec's reasons (and a note for "other") and says it cannot be
 * undone: the dialog is the confirmation. "Keep appointment" has the focus first.
 */
export function CancelModal({ appointment, onClose, onCancelled }: CancelModalProps) {
  const { t } = useTranslation('appointments');
  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title={t('cancel.title')}
      data-testid="cancel-modal"
    >
      {appointment && <CancelForm appointment={appointment} onCancelled={onCancelled} onKeep={onClose} />}
    </Modal>
  );
}

function CancelForm({
  appointment,
  onCancelled,
  onKeep,
}: {
  appointment: Appointment;
  onCancelled: (a: Appointment) => void;
  onKeep: () => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const cancel = useCancelMutation();
  // cancelAppointmentInputSchema decides: a reason from the list, and a note when it is "other".
  const { form, field, formRef, onSubmit, submitting: busy, failureText } = useSchemaForm({
    schema: cancelAppointmentInputSchema,
    initialValues: { reason: '', note: '' },
    toBody: ({ reason, note }) => ({ reason: reason || undefined, note: note.trim() || undefined }),
    rename: { 'cancel.reason': 'reason', 'cancel.note': 'note' },
    submit: (body) => cancel.mutateAsync({ id: appointment.id, cancel: body }),
    onSuccess: onCancelled,
  });
  const { reason } = form.values;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack>
        <Text>
          {t('cancel.body', {
            date: formatDate(appointment.startsAt, i18n.language),
            time: formatTime(appointment.startsAt, i18n.language),
          })}
        </Text>
        <FormFailure text={failureText} />
        <Radio.Group
          {...field('reason')}
          label={t('cancel.reason')}
          withAsterisk
          data-testid="cancel-reason"
        >
          <Stack gap={8} pt={6}>
            {REASONS.map((code) => (
              <Radio key={code} value={code} label={t(`cancelReasons.${code}`)} data-reason={code} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          {...field('note')}
          label={t('cancel.note')}
          description={reason === 'other' ? t('cancel.noteRequired') : undefined}
          placeholder={reason === 'other' ? undefined : t('cancel.notePlaceholder')}
          withAsterisk={reason === 'other'}
          maxLength={APPOINTMENT_LIMITS.cancelNoteMax}
          rows={2}
          data-testid="cancel-note"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} disabled={busy} data-autofocus>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" color="red" loading={busy} data-testid="cancel-submit">
            {t('cancel.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
