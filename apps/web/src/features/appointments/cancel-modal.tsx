import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  APPOINTMENT_LIMITS,
  CANCEL_REASONS,
  type Appointment,
  type CancelReason,
} from '@opencare/schemas/entities/appointments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
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
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title={t('cancel.title')}
      closeButtonProps={{ 'aria-label': tc('common.close') }}
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
  const { t: tc } = useTranslation();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const cancel = useCancelMutation();
  const busy = cancel.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      reason: reason ? undefined : tc('common.required'),
      note: reason === 'other' && !note.trim() ? tc('common.required') : undefined,
    };
    setErrors(problems);
    if (!reason || problems.note) return;
    setFailure(null);
    cancel.mutate(
      { id: appointment.id, cancel: { reason, note: note.trim() || undefined } },
      { onSuccess: onCancelled, onError: setFailure },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>
          {t('cancel.body', {
            date: formatDate(appointment.startsAt, i18n.language),
            time: formatTime(appointment.startsAt, i18n.language),
          })}
        </Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <Radio.Group
          label={t('cancel.reason')}
          value={reason}
          onChange={(value) => setReason(value)}
          error={errors.reason}
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
          label={t('cancel.note')}
          description={reason === 'other' ? t('cancel.noteRequired') : undefined}
          placeholder={reason === 'other' ? undefined : t('cancel.notePlaceholder')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
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
