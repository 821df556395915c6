import type { VisitChatMessage } from '@opencare/schemas/entities/visits';

/**
 * The visit's chat on this device: the messages so far (oldest first), whether the panel is open,
 * and how many messages from others arrived while it was closed (the count on the Chat button).
 */
export interface ChatState {
  messages: VisitChatMessage[];
  open: boolean;
  unread: number;
}

export type ChatAction =
  /** Messages heard on entering the room, or one sent to the room; own messages never count as unread. */
  | {
      type: 'received';
      messages: VisitChatMessage[];
      isOwn: (message: VisitChatMessage) => boolean;
      /** Messages became known as this person's (their send's answer). */
      ownChanged?: boolean;
    }
  | { type: 'opened' }
  | { type: 'closed' };

export const initialChatState: ChatState = { messages: [], open: false, unread: 0 };

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'received': {
      // The same message may come twice (the room's history after a reconnect, and live): once only.
      const known = new Set(state.messages.map((m) => m.id));
      const fresh = action.messages.filter((m) => !known.has(m.id));
      // The room's copy of a message this person sent can come before their send's answer: once it is
      // known as theirs, a new state, so the screen shows it as theirs.
      if (fresh.length === 0) return action.ownChanged ? { ...state } : state;
      const messages = [...state.messages, ...fresh].sort(
        (a, b) => a.sentAt.localeCompare(b.sentAt) || a.id.localeCompare(b.id),
      );
      const unread = state.open ? 0 : state.unread + fresh.filter((m) => !action.isOwn(m)).length;
      return { ...state, messages, unread };
    }
    case 'opened':
      return { ...state, open: true, unread: 0 };
    case 'closed':
      return { ...state, open: false };
  }
}
