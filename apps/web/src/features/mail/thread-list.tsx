import { Badge, Group, NavLink, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ThreadListItem } from '@opencare/schemas/entities/mail';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMailDate } from './mail-dates';

interface ThreadListProps {
  threads: ThreadListItem[];
  /** The reader: their own last message shows as "You". */
  accountId: string;
  selectedId: string | null;
  /** Clinicians see whose conversation each is; patients, who wrote last. */
  showPatient: boolean;
  hrefOf: (threadId: string) => string;
}

/** The mailbox: newest activity first; unread threads in bold with their count. */
export function ThreadList({ threads, accountId, selectedId, showPatient, hrefOf }: ThreadListProps) {
  const { t } = useTranslation('mail');
  const date = useMailDate();
  return (
    <Paper withBorder radius="md" p={4} component="nav" aria-label={t('list.label')}>
      <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {threads.map((thread) => {
          const unread = thread.unreadCount > 0;
          const lastSender =
            thread.lastSender?.accountId === accountId
              ? t('list.you')
              : (thread.lastSender?.fullName ?? t('message.formerMember'));
          const who = showPatient ? thread.patient.fullName : lastSender;
          return (
            <li key={thread.id}>
              <NavLink
                component={Link}
                to={hrefOf(thread.id)}
                active={thread.id === selectedId}
                aria-current={thread.id === selectedId ? 'true' : undefined}
                data-testid="thread-item"
                data-unread={unread}
                styles={{ label: { overflowWrap: 'anywhere' } }}
                label={
                  <Text size="sm" fw={unread ? 700 : 500} lineClamp={2} dir="auto">
                    {thread.subject}
                  </Text>
                }
                description={
                  <Group justify="space-between" gap={6} wrap="nowrap" component="span">
                    <Text span size="xs" c="dimmed" truncate="end">
                      <bdi>{who}</bdi>
                    </Text>
                    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {date(thread.lastMessageAt)}
                    </Text>
                  </Group>
                }
                rightSection={
                  unread ? (
                    <Badge size="sm" color="red" circle={thread.unreadCount < 10}>
                      <span aria-hidden>{thread.unreadCount}</span>
                      <VisuallyHidden>{t('unread.label', { count: thread.unreadCount })}</VisuallyHidden>
                    </Badge>
                  ) : undefined
                }
              />
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
