import { Alert, Button, Group, Text, Textarea } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { VISIT_CHAT_BODY_MAX, type VisitChat } from './visit-chat';

/** Where a message is written: Enter sends, Shift+Enter starts a new line; the limit is shown. */
export function ChatComposer({ chat }: { chat: VisitChat }) {
  const { t } = useTranslation('visits');
  const { t: tc } = useTranslation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<unknown>(null);
  const empty = body.trim() === '';

  /**
   * The box empties at once, so the next message can be written while this one is on its way; if
   * it is refused, its text comes back (unless something new was typed), so nothing is lost.
   */
  async function send() {
    if (empty) return;
    const text = body;
    setBody('');
    setError(null);
    try {
      await chat.send(text);
    } catch (failure) {
      setError(failure);
      setBody((current) => (current === '' ? text : current));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while composing (an input method's candidate list) picks the candidate, not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {error !== null && (
        <Alert color="red" variant="light" role="alert" mb="xs" py="xs" title={t('chat.notSent')} data-testid="chat-error">
          {errorMessageOf(tc, error)}
        </Alert>
      )}
      <Textarea
        label={t('chat.label')}
        placeholder={t('chat.placeholder')}
        description={t('chat.hint')}
        rows={3}
        resize="vertical"
        maxLength={VISIT_CHAT_BODY_MAX}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-autofocus
        data-testid="chat-input"
      />
      <Group justify="space-between" mt={6} wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="chat-count">
          <bdi>{t('chat.count', { count: body.length, max: VISIT_CHAT_BODY_MAX })}</bdi>
        </Text>
        <Button type="submit" size="xs" disabled={empty} data-testid="chat-send">
          {t('chat.send')}
        </Button>
      </Group>
    </form>
  );
}
