import { ActionIcon, Indicator } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoverTooltip } from '../../../components/use-hover-tooltip';
import { ChatIcon } from '../screen/call-icons';
import { ChatPanel } from './chat-panel';
import { useVisitChat } from './use-visit-chat';
import type { VisitChat } from './visit-chat';

/** The call's Chat button, with the count of messages that came while the chat was closed. */
export function ChatButton({ chat }: { chat: VisitChat }) {
  const { t } = useTranslation('visits');
  const { unread, open } = useVisitChat(chat);
  // The call goes on in picture-in-picture without this screen: messages then count as unread.
  useEffect(() => () => chat.setOpen(false), [chat]);
  const label = unread > 0 ? t('chat.openUnread', { count: unread }) : t('chat.open');
  const hint = useHoverTooltip(label);
  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        disabled={unread === 0}
        size={20}
        color="red"
        offset={6}
        data-testid="chat-unread"
        data-count={unread}
      >
        <ActionIcon
          ref={hint.ref}
          onPointerEnter={hint.onPointerEnter}
          size={48}
          radius="xl"
          variant={open ? 'filled' : 'default'}
          color={open ? 'blue' : undefined}
          aria-label={label}
          aria-expanded={open}
          onClick={() => chat.setOpen(!open)}
          data-testid="toggle-chat"
        >
          <ChatIcon />
        </ActionIcon>
      </Indicator>
      {hint.tooltip}
      <ChatPanel chat={chat} />
    </>
  );
}
