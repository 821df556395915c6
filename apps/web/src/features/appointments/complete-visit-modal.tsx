import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { FormModal } from '../../components/form/form-modal';
import { APPOINTMENT_LIMITS, completeVisitInputSchema, type Visit } from '@opencare/schemas/entities/appointments';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
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
  return (
    <FormModal
      opened={visit !== null}
      onClose={onClose}
      title={t('incomplete.modalTitle')}
      data-testid="complete-visit-modal"
    >
      {visit && <CompleteVisitForm visit={visit} onCompleted={onCompleted} onCancel={onClose} />}
    </FormModal>
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
  const complete = useCompleteVisitMutation();
  const { field, formRef, onSubmit, submitting: busy, failureText } = useSchemaForm({
    schema: completeVisitInputSchema,
    initialValues: { summary: '', notes: '' },
    submit: (body) => complete.mutateAsync({ id: visit.id, ...body }),
    onSuccess: onCompleted,
  });
  const { appointment } = visit;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack>
        <Text fw={500}>
          {t('incomplete.visitWith', {
            name: appointment.patient.fullName,
            date: formatDate(appointment.startsAt, i18n.language),
            time: formatTime(appointment.startsAt, i18n.language),
          })}
        </Text>
        <FormFailure text={failureText} />
        <Textarea
          {...field('summary')}
          label={t('incomplete.summary')}
          description={t('incomplete.summaryHint')}
          withAsterisk
          maxLength={APPOINTMENT_LIMITS.summaryMax}
          rows={4}
          data-autofocus
          data-testid="visit-summary"
        />
        <Textarea
          {...field('notes')}
          label={t('incomplete.notes')}
          description={t('incomplete.notesHint')}
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
