import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MAIL_LIMITS, replyInputSchema, type Thread } from '@opencare/schemas/entities/mail';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeesDisclaimer } from '../../components/disclaimer';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { DraftFiles } from './draft-files';
import { useReplyMutation } from './mail-queries';
import { useMailMessages } from './use-mail-messages';
import { useMessageDraft } from './use-message-draft';

/** Ctrl+Enter (⌘+Enter on a Mac) sends, as in most mail; Enter alone starts a new line. */
export function sendsOnKey(event: KeyboardEvent) {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/** The answer under a thread; the thread comes back with it once sent and replaces the cached one. */
export function ReplyForm({ thread }: { thread: Thread }) {
  const { t } = useTranslation('mail');
  const { t: tc } = useTranslation();
  const seesDisclaimer = useSeesDisclaimer();
  const reply = useReplyMutation();
  const { form, field, formRef, onSubmit, submitting, failureText, reset } = useSchemaForm({
    schema: replyInputSchema,
    initialValues: { body: '' },
    toBody: ({ body }) => ({ body, fileIds: draft.fileIds, writingSince: draft.writingSince }),
    messages: useMailMessages(),
    submit: (body) => reply.mutateAsync({ threadId: thread.id, ...body }),
    onSuccess: () => {
      draft.reset();
      reset();
    },
  });
  const draft = useMessageDraft(
    `reply-${thread.id}`,
    thread.patient.accountId,
    form.values.body.trim() !== '',
  );
  // Files still uploading would be left out of the message: the send button waits for them.
  const sendable = !submitting && !draft.uploading;

  return (
    <Paper
      ref={formRef}
      withBorder
      radius="md"
      p="sm"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('form.replyLabel')}
    >
      <Stack gap="xs">
        <FormFailure text={failureText} />
        <Textarea
          {...field('body')}
          label={t('form.reply')}
          placeholder={t('form.replyPlaceholder')}
          onKeyDown={(e) => {
            if (sendsOnKey(e) && sendable) onSubmit();
          }}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={MAIL_LIMITS.bodyMax}
          data-testid="reply-body"
        />
        <DraftFiles draft={draft} disabled={submitting} />
        <Group justify="space-between" gap="xs" wrap="wrap-reverse">
          {seesDisclaimer ? (
            <Text size="xs" c="dimmed" maw={420}>
              {tc('disclaimer')}
            </Text>
          ) : (
            <span />
          )}
          <Button type="submit" loading={submitting} disabled={draft.uploading} data-testid="send-reply">
            {t('form.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
