import { Box, Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ListPager } from '../../components/data/list-pager';
import { LoadFailed, Loading } from '../../components/data/load-state';
import { ChevronStartIcon, MailIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { DraftsProvider } from './drafts';
import { NewThreadDialog } from './new-thread-dialog';
import { ThreadList } from './thread-list';
import { ThreadView } from './thread-view';
import { useThreads } from './mail-queries';

interface MailboxProps {
  /** The reader's account (their own messages are set apart). */
  accountId: string;
  /** Physicians and nurses: the patient of each thread shows, and a new message names one. */
  clinician: boolean;
}

/**
 * Threads and the open thread side by side on a wide screen; on a phone, the list, then the thread
 * in its place. The open thread and the page live in the address (`?thread=`, `?page=`), so back,
 * reload and the e-mail's link all work.
 */
export function Mailbox(props: MailboxProps) {
  return (
    <DraftsProvider>
      <MailboxScreen {...props} />
    </DraftsProvider>
  );
}

function MailboxScreen({ accountId, clinician }: MailboxProps) {
  const { t } = useTranslation('mail');
  const [search, setSearch] = useSearchParams();
  const threadId = search.get('thread');
  const page = Math.max(1, Number(search.get('page')) || 1);
  // What is typed in the search box; the list follows it once typing pauses.
  const [typed, setTyped] = useState('');
  const [words] = useDebouncedValue(typed.trim(), 300);
  const list = useThreads(page, words);
  const [composing, setComposing] = useState(false);

  const withParams = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };
  const hrefOf = (id: string) => `?${withParams({ thread: id }).toString()}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" size="sm" maw={520}>
          {clinician ? t('intro.clinician') : t('intro.patient')}
        </Text>
        <Button
          leftSection={<MailIcon size={18} />}
          onClick={() => setComposing(true)}
          data-testid="new-thread"
        >
          {t('newMessage')}
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {/* On a phone the open thread takes the list's place. */}
          <Box visibleFrom={threadId ? 'md' : undefined}>
            <TextInput
              type="search"
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              value={typed}
              maxLength={100}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                if (page !== 1) setSearch(withParams({ page: null }), { replace: true });
              }}
              mb="sm"
              data-testid="thread-search"
            />
            <ThreadListPanel
              searching={words}
              accountId={accountId}
              list={list}
              selectedId={threadId}
              clinician={clinician}
              hrefOf={hrefOf}
              onPage={(next) => setSearch(withParams({ page: String(next), thread: null }))}
              onCompose={() => setComposing(true)}
            />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {threadId ? (
            <Stack gap="xs">
              <Button
                variant="subtle"
                size="compact-sm"
                hiddenFrom="md"
                w="fit-content"
                leftSection={<ChevronStartIcon size={16} />}
                onClick={() => setSearch(withParams({ thread: null }))}
              >
                {t('backToList')}
              </Button>
              <ThreadView key={threadId} threadId={threadId} accountId={accountId} showPatient={clinician} />
            </Stack>
          ) : (
            <Box visibleFrom="md">
              <EmptyState
                icon={<MailIcon size={28} />}
                title={t('noThreadOpen')}
                hint={t('noThreadOpenHint')}
              />
            </Box>
          )}
        </Grid.Col>
      </Grid>
      <NewThreadDialog
        opened={composing}
        choosePatient={clinician}
        onClose={() => setComposing(false)}
        onSent={(thread) => {
          setComposing(false);
          setSearch(withParams({ thread: thread.id, page: null }));
        }}
      />
    </Stack>
  );
}

interface ThreadListPanelProps {
  accountId: string;
  /** The words the list is narrowed to, if any. */
  searching: string;
  list: ReturnType<typeof useThreads>;
  selectedId: string | null;
  clinician: boolean;
  hrefOf: (id: string) => string;
  onPage: (page: number) => void;
  onCompose: () => void;
}

/** The list, or why it is not there; a page shown stays when fetching it again fails. */
function ThreadListPanel({
  accountId,
  searching,
  list,
  selectedId,
  clinician,
  hrefOf,
  onPage,
  onCompose,
}: ThreadListPanelProps) {
  const { t } = useTranslation('mail');
  if (!list.data) {
    if (list.status === 'error') {
      return (
        <Box data-testid="threads-failed">
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      );
    }
    return <Loading label={t('list.loading')} />;
  }
  const { items, meta } = list.data;
  if (items.length === 0 && searching) {
    return (
      <EmptyState
        icon={<MailIcon size={28} />}
        title={t('list.noMatch', { search: searching })}
        hint={t('list.noMatchHint')}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<MailIcon size={28} />}
        title={t('empty.title')}
        hint={clinician ? t('empty.hintClinician') : t('empty.hintPatient')}
        action={
          <Button variant="light" onClick={onCompose}>
            {t('newMessage')}
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="xs">
      <ThreadList
        threads={items}
        accountId={accountId}
        selectedId={selectedId}
        showPatient={clinician}
        hrefOf={hrefOf}
      />
      <ListPager meta={meta} onPage={onPage} label={t('list.pages')} />
    </Stack>
  );
}
