import { VISIT_CHAT_BODY_MAX, type VisitChatMessage } from '@opencare/schemas/entities/visits';
import { ApiError } from '../../../api/api-error';
import { emitWithAck } from '../../../realtime/emit-with-ack';
import type { PeopleSocket } from '../../../realtime/realtime-context';
import { chatReducer, initialChatState, type ChatAction, type ChatState } from './chat-state';

export { VISIT_CHAT_BODY_MAX };

interface VisitChatOptions {
  socket: PeopleSocket | null;
  visitId: string;
  /** This participant's account; null for a guest. */
  selfAccountId: string | null;
}

/**
 * The chat of one running call, beside it (VisitCall owns it): messages come over the visit's room,
 * where this device entered; they are sent there too. It lives outside React like the call, so the
 * unread count goes on while the call is in picture-in-picture.
 */
export class VisitChat {
  private state: ChatState = initialChatState;
  private readonly listeners = new Set<() => void>();
  /** Messages this person sent, here or before a reload: a guest has no account to recognise their own by. */
  private readonly ownIds = new Set<string>();

  constructor(private readonly options: VisitChatOptions) {}

  getSnapshot = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isOwn = (message: VisitChatMessage): boolean =>
    this.ownIds.has(message.id) ||
    (this.options.selfAccountId !== null && message.senderAccountId === this.options.selfAccountId);

  private dispatch(action: ChatAction) {
    const next = chatReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** `ownIds`: which of them this person sent (the edge says so on entering the room). */
  received(messages: VisitChatMessage[], ownIds: string[] = []) {
    const newlyOwn = ownIds.filter((id) => !this.ownIds.has(id));
    for (const id of newlyOwn) this.ownIds.add(id);
    this.dispatch({ type: 'received', messages, isOwn: this.isOwn, ownChanged: newlyOwn.length > 0 });
  }

  setOpen(open: boolean) {
    this.dispatch({ type: open ? 'opened' : 'closed' });
  }

  /** Listen to the visit's room; returns the way to stop. */
  listen(): () => void {
    const { socket } = this.options;
    if (!socket) return () => undefined;
    const onMessage = (message: VisitChatMessage) => {
      if (message.visitId === this.options.visitId) this.received([message]);
    };
    socket.on('visit:chatMessage', onMessage);
    return () => socket.off('visit:chatMessage', onMessage);
  }

  /** Send to everyone in the visit; rejects with the server's catalogue error (ApiError). */
  async send(body: string): Promise<void> {
    const { socket, visitId } = this.options;
    if (!socket?.connected) throw ApiError.of('err_network');
    const message = await emitWithAck(socket, 'visit:chat', { visitId, body });
    this.received([message], [message.id]);
  }
}
