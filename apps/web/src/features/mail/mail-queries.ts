import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../../api/trpc';
import { useSession } from '../../session/use-session';
import { homeQueries } from '../home/home-queries';

/** Threads come a page of 20 at a time, newest activity first. */
export const THREADS_PAGE_SIZE = 20;

/** How often the unread count asks again while shown: a badge is a hint, not a live feed. */
export const UNREAD_POLL_MS = 60_000;

/** The caller's threads, a page at a time; what is shown stays while a fresh page loads. */
export function useThreads(page: number, search = '') {
  return trpc.mail.threads.useQuery(
    { page, pageSize: THREADS_PAGE_SIZE, search: search || undefined },
    { placeholderData: keepPreviousData },
  );
}

/** Unread messages of the acting account (null until known): in the navigation and on the messages tab. */
export function useUnreadCount(): number | null {
  const { state } = useSession();
  const { data } = useQuery({
    ...homeQueries.unreadCount(trpc.useUtils()),
    enabled: state.status === 'signed-in',
    refetchInterval: UNREAD_POLL_MS,
  });
  return data?.unreadCount ?? null;
}

/** A message was read or sent: the thread list and the unread count catch up. */
function useMailboxChanged() {
  const utils = trpc.useUtils();
  return () => {
    void utils.mail.threads.invalidate();
    void utils.mail.unreadCount.invalidate();
  };
}

/**
 * An open thread. Opening marks it read on the server, so it is fetched on every opening (a cached
 * copy shows meanwhile) and each answer brings the list and the unread count up to date.
 */
export function useThread(id: string) {
  const changed = useMailboxChanged();
  const query = trpc.mail.thread.useQuery({ id }, { refetchOnMount: 'always' });
  const readAt = query.isFetchedAfterMount ? query.dataUpdatedAt : 0;
  useEffect(() => {
    if (readAt) changed();
    // `changed` is a new function each render; a new answer is what counts.
  }, [readAt]);
  return query;
}

/** A reply comes back with the whole thread: it replaces the cached one. */
export function useReplyMutation() {
  const utils = trpc.useUtils();
  const changed = useMailboxChanged();
  return trpc.mail.reply.useMutation({
    onSuccess(thread) {
      utils.mail.thread.setData({ id: thread.id }, thread);
      changed();
    },
  });
}

/** A new thread is cached as sent, so opening it shows it at once. */
export function useCreateThreadMutation() {
  const utils = trpc.useUtils();
  const changed = useMailboxChanged();
  return trpc.mail.createThread.useMutation({
    onSuccess(thread) {
      utils.mail.thread.setData({ id: thread.id }, thread);
      changed();
    },
  });
}
