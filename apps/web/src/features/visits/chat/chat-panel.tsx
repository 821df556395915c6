import { Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../../components/use-opened-once';
import { ChatComposer } from './chat-composer';
import { ChatMessages } from './chat-messages';
import { useVisitChat } from './use-visit-chat';
import type { VisitChat } from './visit-chat';

/**
 * The chat beside the call: from the end of the line (Mantine mirrors `right` to the left in
 * Arabic), the whole width on a phone. The call goes on behind it.
 */
export function ChatPanel({ chat }: { chat: VisitChat }) {
  const { t } = useTranslation('visits');
  const phone = useMediaQuery('(max-width: 36em)');
  const { open, messages } = useVisitChat(chat);
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <Drawer
      opened={open}
      onClose={() => chat.setOpen(false)}
      position="right"
      size={phone ? '100%' : 400}
      title={t('chat.title')}
      closeButtonProps={{ 'aria-label': t('chat.close') }}
      overlayProps={{ backgroundOpacity: 0.2 }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', paddingBottom: 'var(--mantine-spacing-sm)' },
      }}
      data-testid="chat-panel"
    >
      <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
        {messages.length === 0 ? (
          <Text size="sm" c="dimmed" style={{ flex: 1 }} data-testid="chat-empty">
            {t('chat.empty')}
          </Text>
        ) : (
          <ChatMessages messages={messages} isOwn={chat.isOwn} />
        )}
        <ChatComposer chat={chat} />
      </Stack>
    </Drawer>
  );
}
