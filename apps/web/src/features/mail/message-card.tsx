import { Group, Paper, Stack, Text } from '@mantine/core';
import type { MailMessage } from '@opencare/schemas/entities/mail';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from './attachment-list';
import { useMailDate } from './mail-dates';

/** One message: who wrote it and as what, when, the text as written, and its files. */
export function MessageCard({ message, mine }: { message: MailMessage; mine: boolean }) {
  const { t } = useTranslation('mail');
  const date = useMailDate();
  const { sender } = message;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      // One's own messages lean to the end side (right in English, left in Arabic), as in a chat.
      ms={mine ? 'auto' : 0}
      me={mine ? 0 : 'auto'}
      maw="min(88%, 44rem)"
      miw="min(100%, 16rem)"
      w="fit-content"
      // A softer tint than the selected thread's, so the two do not compete.
      bg={
        mine
          ? 'color-mix(in srgb, var(--mantine-primary-color-light) 45%, var(--mantine-color-body))'
          : undefined
      }
      component="article"
      aria-label={t('message.from', { name: sender.fullName ?? t('message.formerMember') })}
      data-testid="mail-message"
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            <bdi>{sender.fullName ?? t('message.formerMember')}</bdi>
            {sender.role && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' · '}
                {t(`roles.${sender.role}`)}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
            {date(message.createdAt)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
          {message.body}
        </Text>
        <AttachmentList attachments={message.attachments} />
      </Stack>
    </Paper>
  );
}
