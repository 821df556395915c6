import { Button, Group, Notification, Portal, Stack } from '@mantine/core';
import { NOTIFICATION_TIMEOUT_MS } from '@opencare/schemas/constants';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NotificationsContext,
  type AppNotification,
  type NotificationInput,
  type NotificationTone,
} from './notifications-context';

const COLOR: Record<NotificationTone, string> = { error: 'red', success: 'teal', info: 'blue' };
const MAX_SHOWN = 3;

let counter = 0;

/**
 * Notifications at the top of the screen, each for 6 seconds (spec §8, §9) unless closed sooner.
 * Errors are announced at once to screen readers (role alert), the others politely (status).
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<AppNotification[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setShown((list) => list.filter((n) => n.id !== id));
  }, []);

  const notify = useCallback(
    ({ id, message, title, tone = 'info', sticky = false, actions = [] }: NotificationInput) => {
      const key = id ?? `notification-${(counter += 1)}`;
      clearTimeout(timers.current.get(key));
      timers.current.delete(key);
      if (!sticky) timers.current.set(key, setTimeout(() => dismiss(key), NOTIFICATION_TIMEOUT_MS));
      setShown((list) => [...list.filter((n) => n.id !== key), { id: key, message, title, tone, actions }].slice(-MAX_SHOWN));
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const value = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);
  return (
    <NotificationsContext value={value}>
      {children}
      <Portal>
        <Stack
          gap="xs"
          pos="fixed"
          // At the top of a wide screen; at the bottom of a phone's, where a full-screen dialog's
          // title and close button stay in sight (issue 17).
          top={{ base: 'auto', sm: 12 }}
          bottom={{ base: 'calc(12px + env(safe-area-inset-bottom))', sm: 'auto' }}
          left={0}
          right={0}
          mx="auto"
          px="sm"
          maw={460}
          style={{ zIndex: 1000, pointerEvents: shown.length ? 'auto' : 'none' }}
          data-testid="notifications"
        >
          {shown.map((n) => (
            <Notification
              key={n.id}
              color={COLOR[n.tone]}
              title={n.title}
              withBorder
              role={n.tone === 'error' ? 'alert' : 'status'}
              closeButtonProps={{ 'aria-label': t('common.close') }}
              onClose={() => dismiss(n.id)}
            >
              {n.message}
              {n.actions.length > 0 && (
                <Group gap="xs" mt="xs">
                  {n.actions.map((action) => (
                    <Button key={action.label} size="compact-sm" variant="light" onClick={action.onClick} data-testid={action.testId}>
                      {action.label}
                    </Button>
                  ))}
                </Group>
              )}
            </Notification>
          ))}
        </Stack>
      </Portal>
    </NotificationsContext>
  );
}
