import { useSyncExternalStore } from 'react';
import type { ChatState } from './chat-state';
import type { VisitChat } from './visit-chat';

/** The chat's state, re-rendering on every change. */
export function useVisitChat(chat: VisitChat): ChatState {
  return useSyncExternalStore(chat.subscribe, chat.getSnapshot);
}
