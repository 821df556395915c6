import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, use, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * Unsent mail is never lost silently. Every composer of a mailbox reports whether it holds a
 * draft; leaving the mailbox, opening another thread or switching home tab while one does asks
 * first, and closing or reloading the browser tab makes the browser ask.
 */
interface Drafts {
  /** Say whether the composer `key` holds unsent text or files; false as soon as it is sent. */
  report: (key: string, dirty: boolean) => void;
}
const DraftsContext = createContext<Drafts | null>(null);

export function DraftsProvider({ children }: { children: ReactNode }) {
  const dirtyKeys = useRef(new Set<string>());
  const isDirty = useCallback(() => dirtyKeys.current.size > 0, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const drafts = useMemo<Drafts>(
    () => ({
      report: (key, dirty) => {
        if (dirty) dirtyKeys.current.add(key);
        else dirtyKeys.current.delete(key);
      },
    }),
    [],
  );

  return (
    <DraftsContext value={drafts}>
      {children}
      <DiscardDraftDialog
        opened={blocker.state === 'blocked'}
        onKeep={() => blocker.reset?.()}
        onDiscard={() => {
          dirtyKeys.current.clear();
          blocker.proceed?.();
        }}
      />
    </DraftsContext>
  );
}

/** Report this composer's draft while it is mounted; `clean` says "sent" before navigating on. */
export function useDraftReport(key: string, dirty: boolean): { clean: () => void } {
  const drafts = use(DraftsContext);
  useEffect(() => {
    drafts?.report(key, dirty);
  }, [drafts, key, dirty]);
  useEffect(() => () => drafts?.report(key, false), [drafts, key]);
  return useMemo(() => ({ clean: () => drafts?.report(key, false) }), [drafts, key]);
}

/** "Discard this message?": keeping the draft has the focus, so Enter by habit loses nothing. */
export function DiscardDraftDialog({
  opened,
  onKeep,
  onDiscard,
}: {
  opened: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('mail');
  return (
    <Modal opened={opened} onClose={onKeep} title={t('discard.title')} centered zIndex={400}>
      <Stack>
        <Text>{t('discard.body')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} data-autofocus>
            {t('discard.keep')}
          </Button>
          <Button color="red" onClick={onDiscard} data-testid="discard-draft">
            {t('discard.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
