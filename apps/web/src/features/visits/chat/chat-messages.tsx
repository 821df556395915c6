import { Box, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { VisitChatMessage } from '@opencare/schemas/entities/visits';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../appointments/format';

interface ChatMessagesProps {
  messages: VisitChatMessage[];
  isOwn: (message: VisitChatMessage) => boolean;
}

/** The messages, oldest first, kept scrolled to the newest; one's own on the other side, tinted. */
export function ChatMessages({ messages, isOwn }: ChatMessagesProps) {
  const { t, i18n } = useTranslation('visits');
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  return (
    <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
      <Stack gap="xs" role="log" aria-live="polite" data-testid="chat-messages">
        {messages.map((message) => {
          const own = isOwn(message);
          return (
            <Paper
              key={message.id}
              p="xs"
              radius="md"
              maw="85%"
              bg={own ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
              style={{ alignSelf: own ? 'flex-end' : 'flex-start' }}
              data-testid="chat-message"
              data-own={own}
            >
              <Text size="xs" c="dimmed" data-testid="chat-message-from">
                {own ? t('chat.you') : <bdi>{message.senderName}</bdi>} · <bdi>{formatTime(message.sentAt, i18n.language)}</bdi>
              </Text>
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="chat-message-body">
                {message.body}
              </Text>
            </Paper>
          );
        })}
        <Box ref={end} />
      </Stack>
    </ScrollArea>
  );
}
