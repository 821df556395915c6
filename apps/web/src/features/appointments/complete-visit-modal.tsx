import { useMediaQuery } from '@mantine/hooks';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { APPOINTMENT_LIMITS, type Visit } from '@opencare/schemas/entities/appointments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { useCompleteVisitMutation } from './appointment-queries';
import { formatDate, formatTime } from './format';

interface CompleteVisitModalProps {
  visit: Visit | null;
  onClose: () => void;
  onCompleted: (visit: Visit) => void;
}

/** A physician or nurse completes a visit with its summary (the patient reads it) and notes. */
export function CompleteVisitModal({ visit, onClose, onCompleted }: CompleteVisitModalProps) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation();
  // Long forms get the whole screen on a phone.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      fullScreen={phone}
      opened={visit !== null}
      onClose={onClose}
      title={t('incomplete.modalTitle')}
      closeButtonProps={{ 'aria-label': tc('common.close') }}
      size="lg"
      data-testid="complete-visit-modal"
    >
      {visit && <CompleteVisitForm visit={visit} onCompleted={onCompleted} onCancel={onClose} />}
    </Modal>
  );
}

function CompleteVisitForm({
  visit,
  onCompleted,
  onCancel,
}: {
  visit: Visit;
  onCompleted: (v: Visit) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const { t: tc } = useTranslation();
  const [summary, setSummary] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ summary?: string; notes?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const complete = useCompleteVisitMutation();
  const busy = complete.isPending;
  const { appointment } = visit;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      summary: summary.trim() ? undefined : tc('common.required'),
      notes: notes.trim() ? undefined : tc('common.required'),
    };
    setErrors(problems);
    if (problems.summary || problems.notes) return;
    setFailure(null);
    complete.mutate(
      { id: visit.id, summary: summary.trim(), notes: notes.trim() },
      { onSuccess: onCompleted, onError: setFailure },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text fw={500}>
          {t('incomplete.visitWith', {
            name: appointment.patient.fullName,
            date: formatDate(appointment.startsAt, i18n.language),
            time: formatTime(appointment.startsAt, i18n.language),
          })}
        </Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <Textarea
          label={t('incomplete.summary')}
          description={t('incomplete.summaryHint')}
          value={summary}
          onChange={(event) => setSummary(event.currentTarget.value)}
          error={errors.summary}
          withAsterisk
          maxLength={APPOINTMENT_LIMITS.summaryMax}
          rows={4}
          data-autofocus
          data-testid="visit-summary"
        />
        <Textarea
          label={t('incomplete.notes')}
          description={t('incomplete.notesHint')}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          error={errors.notes}
          withAsterisk
          maxLength={APPOINTMENT_LIMITS.notesMax}
          rows={6}
          data-testid="visit-notes"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {tc('common.close')}
          </Button>
          <Button type="submit" loading={busy} data-testid="complete-visit-submit">
            {t('incomplete.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
