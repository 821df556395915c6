import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MAIL_LIMITS, type MailRecipient, type Thread } from '@opencare/schemas/entities/mail';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { Disclaimer } from '../../components/disclaimer';
import { useNotifyError } from '../../components/notifications/use-notify';
import { DiscardDraftDialog } from './drafts';
import { DraftFiles } from './draft-files';
import { useCreateThreadMutation } from './mail-queries';
import { RecipientSelect } from './recipient-select';
import { sendsOnKey } from './reply-form';
import { useMessageDraft } from './use-message-draft';

interface NewThreadDialogProps {
  opened: boolean;
  /** Physicians and nurses choose the patient; a patient writes to their care team. */
  choosePatient: boolean;
  onClose: () => void;
  onSent: (thread: Thread) => void;
}

type FieldErrors = Partial<Record<'patientAccountId' | 'subject' | 'body', string>>;

/** A new conversation in a dialog, full screen on a phone. Closing it with a draft asks first. */
export function NewThreadDialog({ opened, choosePatient, onClose, onSent }: NewThreadDialogProps) {
  const { t } = useTranslation('mail');
  const phone = useMediaQuery('(max-width: 36em)');
  const notifyError = useNotifyError();
  const [patient, setPatient] = useState<MailRecipient | null>(null);
  const [subject, setSubject] = useState('');
  const draft = useMessageDraft('new-thread', patient?.accountId, subject.trim() !== '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateThreadMutation();
  const sending = create.isPending;
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const finish = () => {
    draft.reset();
    setPatient(null);
    setSubject('');
    setErrors({});
    setConfirmingDiscard(false);
    onClose();
  };
  // Escape, the close button and Cancel all come here.
  const close = () => {
    if (sending) return;
    if (draft.dirty) setConfirmingDiscard(true);
    else finish();
  };

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || draft.uploading) return;
    const missing: FieldErrors = {};
    if (choosePatient && !patient) missing.patientAccountId = t('form.patientRequired');
    if (!subject.trim()) missing.subject = t('form.subjectRequired');
    if (!draft.body.trim()) missing.body = t('form.bodyRequired');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(
      {
        patientAccountId: choosePatient ? patient?.accountId : undefined,
        subject,
        body: draft.body,
        fileIds: draft.fileIds,
      },
      {
        onSuccess: (thread) => {
          finish();
          onSent(thread);
        },
        onError: (error) => {
          const failure = asApiError(error);
          const fields = failure instanceof ApiError ? failure.errors : [];
          if (fields.length > 0) setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
          else notifyError(error);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('form.newTitle')} size="lg" fullScreen={phone} centered>
      <form onSubmit={(e) => send(e)} noValidate data-testid="new-thread-form">
        <Stack gap="sm">
          <Disclaimer />
          {choosePatient && (
            <RecipientSelect
              value={patient}
              onChange={(next) => {
                // Files were uploaded for the previous patient's conversation.
                if (next?.accountId !== patient?.accountId) draft.clearFiles();
                setPatient(next);
              }}
              error={errors.patientAccountId}
            />
          )}
          <TextInput
            label={t('form.subject')}
            required
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            maxLength={MAIL_LIMITS.subjectMax}
            error={errors.subject}
            data-autofocus={choosePatient ? undefined : true}
            data-testid="new-thread-subject"
          />
          <Textarea
            label={t('form.body')}
            required
            value={draft.body}
            onChange={(e) => draft.setBody(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (sendsOnKey(e)) send();
            }}
            autosize
            minRows={5}
            maxRows={14}
            maxLength={MAIL_LIMITS.bodyMax}
            error={errors.body}
            data-testid="new-thread-body"
          />
          <DraftFiles draft={draft} disabled={sending || (choosePatient && !patient)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={sending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={sending} disabled={draft.uploading} data-testid="send-new-thread">
              {t('form.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <DiscardDraftDialog opened={confirmingDiscard} onKeep={() => setConfirmingDiscard(false)} onDiscard={finish} />
    </Modal>
  );
}
