import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { Thread } from '@opencare/schemas/entities/mail';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import { AlertIcon } from '../../components/icons/icons';
import { fetchThread } from './mail-api';
import { MessageCard } from './message-card';
import { ReplyForm } from './reply-form';
import { refreshUnreadCount } from './unread-count';

type ThreadState = { status: 'loading' } | { status: 'loaded'; thread: Thread } | { status: 'failed'; error: unknown };

interface ThreadViewProps {
  threadId: string;
  /** The reader's account: their own messages are set apart. */
  accountId: string;
  /** Clinicians see whose conversation it is. */
  showPatient: boolean;
  /** The thread was opened (so read) or answered: the list and badges catch up. */
  onChanged: () => void;
}

/** An open thread: its messages oldest first, then the reply form. Opening it marks it read. */
export function ThreadView({ threadId, accountId, showPatient, onChanged }: ThreadViewProps) {
  const { t } = useTranslation('mail');
  const { t: tc } = useTranslation();
  const [state, setState] = useState<ThreadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const changed = useRef(onChanged);
  useLayoutEffect(() => {
    changed.current = onChanged;
  }, [onChanged]);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    fetchThread(threadId).then(
      (thread) => {
        if (!current) return;
        setState({ status: 'loaded', thread });
        refreshUnreadCount();
        changed.current();
      },
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [threadId, attempt]);

  // Keyboard and screen-reader users land on the thread they opened.
  const loaded = state.status === 'loaded';
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, threadId]);

  if (state.status === 'loading') {
    return (
      <Stack align="center" py="xl">
        <Loader role="status" aria-label={t('thread.loading')} />
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />} data-testid="thread-failed">
        <Stack gap="sm" align="flex-start">
          {errorMessageOf(tc, state.error)}
          <Button variant="default" size="xs" onClick={() => setAttempt((n) => n + 1)}>
            {t('tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { thread } = state;
  return (
    <Stack gap="sm" data-testid="thread-view">
      <Stack gap={2}>
        <Title order={2} size="h4" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere', outline: 'none' }} dir="auto">
          {thread.subject}
        </Title>
        {showPatient && (
          <Text size="sm" c="dimmed">
            {t('thread.withPatient')} <bdi>{thread.patient.fullName}</bdi>
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        {thread.messages.map((message) => (
          <MessageCard key={message.id} message={message} mine={message.sender.accountId === accountId} />
        ))}
      </Stack>
      <ReplyForm
        key={thread.id}
        thread={thread}
        onSent={(updated) => {
          setState({ status: 'loaded', thread: updated });
          refreshUnreadCount();
          changed.current();
        }}
      />
    </Stack>
  );
}
