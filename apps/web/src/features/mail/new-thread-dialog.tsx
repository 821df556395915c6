import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { FormModal } from '../../components/form/form-modal';
import { REQUIRED } from '@opencare/schemas/constants';
import {
  MAIL_LIMITS,
  newThreadInputSchema,
  type MailRecipient,
  type Thread,
} from '@opencare/schemas/entities/mail';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Disclaimer } from '../../components/disclaimer';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { DiscardDraftDialog } from './drafts';
import { DraftFiles } from './draft-files';
import { useCreateThreadMutation } from './mail-queries';
import { RecipientSelect } from './recipient-select';
import { sendsOnKey } from './reply-form';
import { useMailMessages } from './use-mail-messages';
import { useMessageDraft } from './use-message-draft';

interface NewThreadDialogProps {
  opened: boolean;
  /** Physicians and nurses choose the patient; a patient writes to their care team. */
  choosePatient: boolean;
  onClose: () => void;
  onSent: (thread: Thread) => void;
}

interface NewThreadValues {
  patient: MailRecipient | null;
  subject: string;
  body: string;
}
const EMPTY: NewThreadValues = { patient: null, subject: '', body: '' };

/** A new conversation in a dialog, full screen on a phone. Closing it with a draft asks first. */
export function NewThreadDialog({ opened, choosePatient, onClose, onSent }: NewThreadDialogProps) {
  const { t } = useTranslation('mail');
  const create = useCreateThreadMutation();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const { form, field, formRef, onSubmit, submitting, failureText, reset } = useSchemaForm({
    schema: newThreadInputSchema,
    initialValues: EMPTY,
    toBody: ({ patient, subject, body }) => ({
      patientAccountId: choosePatient ? patient?.accountId : undefined,
      subject,
      body,
      fileIds: draft.fileIds,
      writingSince: draft.writingSince,
    }),
    // The schema lets a patient name no one; a clinician must name the patient.
    check: ({ patient }) => (choosePatient && !patient ? { patient: REQUIRED } : {}),
    rename: { patientAccountId: 'patient' },
    messages: useMailMessages(),
    submit: (body) => create.mutateAsync(body),
    onSuccess: (thread) => {
      finish();
      onSent(thread);
    },
  });
  const { patient, subject, body } = form.values;
  const draft = useMessageDraft(
    'new-thread',
    patient?.accountId,
    subject.trim() !== '' || body.trim() !== '',
  );
  const sendable = !submitting && !draft.uploading;

  function finish() {
    draft.reset();
    reset();
    setConfirmingDiscard(false);
    onClose();
  }
  // Escape, the close button and Cancel all come here.
  const close = () => {
    if (submitting) return;
    if (draft.dirty) setConfirmingDiscard(true);
    else finish();
  };

  return (
    <FormModal opened={opened} onClose={close} title={t('form.newTitle')} centered>
      <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="new-thread-form">
        <Stack gap="sm">
          <Disclaimer />
          <FormFailure text={failureText} />
          {choosePatient && (
            <RecipientSelect
              value={patient}
              onChange={(next) => {
                // Files were uploaded for the previous patient's conversation.
                if (next?.accountId !== patient?.accountId) draft.clearFiles();
                form.setFieldValue('patient', next);
              }}
              error={field('patient').error}
            />
          )}
          <TextInput
            {...field('subject')}
            label={t('form.subject')}
            required
            maxLength={MAIL_LIMITS.subjectMax}
            data-autofocus={choosePatient ? undefined : true}
            data-testid="new-thread-subject"
          />
          <Textarea
            {...field('body')}
            label={t('form.body')}
            required
            onKeyDown={(e) => {
              if (sendsOnKey(e) && sendable) onSubmit();
            }}
            autosize
            minRows={5}
            maxRows={14}
            maxLength={MAIL_LIMITS.bodyMax}
            data-testid="new-thread-body"
          />
          <DraftFiles draft={draft} disabled={submitting || (choosePatient && !patient)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={submitting}>
              {t('form.cancel')}
            </Button>
            <Button
              type="submit"
              loading={submitting}
              disabled={draft.uploading}
              data-testid="send-new-thread"
            >
              {t('form.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <DiscardDraftDialog
        opened={confirmingDiscard}
        onKeep={() => setConfirmingDiscard(false)}
        onDiscard={finish}
      />
    </FormModal>
  );
}
