import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../route-paths';
import { LoadFailed, Loading } from '../../components/data/load-state';
import { useThread } from './mail-queries';
import { MessageCard } from './message-card';
import { ReplyForm } from './reply-form';

interface ThreadViewProps {
  threadId: string;
  /** The reader's account: their own messages are set apart. */
  accountId: string;
  /** Clinicians see whose conversation it is. */
  showPatient: boolean;
}

/**
 * An open thread: its messages oldest first, then the reply form. Opening it marks it read, and the
 * list and badges catch up (mail-queries.ts).
 */
export function ThreadView({ threadId, accountId, showPatient }: ThreadViewProps) {
  const { t } = useTranslation('mail');
  const query = useThread(threadId);
  const heading = useRef<HTMLHeadingElement>(null);
  const thread = query.data;

  // Keyboard and screen-reader users land on the thread they opened.
  const loaded = thread !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, threadId]);

  if (!thread) {
    if (query.status === 'error') {
      return (
        <Box data-testid="thread-failed">
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        </Box>
      );
    }
    return <Loading label={t('thread.loading')} />;
  }

  return (
    <Stack gap="sm" data-testid="thread-view">
      <Stack gap={2}>
        <Title
          order={2}
          size="h4"
          ref={heading}
          tabIndex={-1}
          style={{ overflowWrap: 'anywhere', outline: 'none' }}
          dir="auto"
        >
          {thread.subject}
        </Title>
        {showPatient && (
          <Text size="sm" c="dimmed">
            {t('thread.withPatient')}{' '}
            <Anchor
              component={Link}
              to={pathTo('patientProfile', { patientId: thread.patient.accountId })}
              size="sm"
              data-testid="thread-patient-link"
            >
              <bdi>{thread.patient.fullName}</bdi>
            </Anchor>
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        {thread.messages.map((message) => (
          <MessageCard key={message.id} message={message} mine={message.sender.accountId === accountId} />
        ))}
      </Stack>
      <ReplyForm key={thread.id} thread={thread} />
    </Stack>
  );
}
