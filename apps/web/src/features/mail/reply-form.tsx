import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MAIL_LIMITS, type Thread } from '@opencare/schemas/entities/mail';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { useNotifyError } from '../../components/notifications/use-notify';
import { DraftFiles } from './draft-files';
import { useReplyMutation } from './mail-queries';
import { useMessageDraft } from './use-message-draft';

/** Ctrl+Enter (⌘+Enter on a Mac) sends, as in most mail; Enter alone starts a new line. */
export function sendsOnKey(event: KeyboardEvent) {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/** The answer under a thread; the thread comes back with it once sent and replaces the cached one. */
export function ReplyForm({ thread }: { thread: Thread }) {
  const { t } = useTranslation('mail');
  const { t: tc } = useTranslation();
  const notifyError = useNotifyError();
  const draft = useMessageDraft(`reply-${thread.id}`, thread.patient.accountId);
  const reply = useReplyMutation();
  const sending = reply.isPending;
  const [bodyError, setBodyError] = useState<string | null>(null);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || draft.uploading) return;
    if (!draft.body.trim()) {
      setBodyError(t('form.bodyRequired'));
      return;
    }
    reply.mutate(
      { threadId: thread.id, body: draft.body, fileIds: draft.fileIds },
      {
        onSuccess: () => {
          draft.reset();
          setBodyError(null);
        },
        onError: (error) => {
          const failure = asApiError(error);
          const field = failure instanceof ApiError ? failure.errors.find((e) => e.field === 'body') : undefined;
          if (field) setBodyError(field.message);
          else notifyError(error);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" component="form" onSubmit={(e: FormEvent) => send(e)} aria-label={t('form.replyLabel')}>
      <Stack gap="xs">
        <Textarea
          label={t('form.reply')}
          placeholder={t('form.replyPlaceholder')}
          value={draft.body}
          onChange={(e) => {
            draft.setBody(e.currentTarget.value);
            if (bodyError) setBodyError(null);
          }}
          onKeyDown={(e) => {
            if (sendsOnKey(e)) send();
          }}
          error={bodyError}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={MAIL_LIMITS.bodyMax}
          data-testid="reply-body"
        />
        <DraftFiles draft={draft} disabled={sending} />
        <Group justify="space-between" gap="xs" wrap="wrap-reverse">
          <Text size="xs" c="dimmed" maw={420}>
            {tc('disclaimer')}
          </Text>
          <Button type="submit" loading={sending} disabled={draft.uploading} data-testid="send-reply">
            {t('form.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
