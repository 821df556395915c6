// @vitest-environment happy-dom
import type { VisitChatMessage } from '@opencare/schemas/entities/visits';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PeopleSocket } from '../../../realtime/realtime-context';
import { Providers } from '../../../testing/render-app';
import { ChatButton } from './chat-button';
import { VisitChat } from './visit-chat';

const VISIT = '11111111-1111-4111-8111-111111111111';
const PAT = '22222222-2222-4222-8222-222222222222';
const PRIYA = '33333333-3333-4333-8333-333333333333';

let n = 0;
const message = (from: string, body: string, visitId = VISIT): VisitChatMessage => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  visitId,
  senderAccountId: from,
  senderName: from === PAT ? 'Pat Morgan' : 'Priya Raman',
  body,
  sentAt: new Date(Date.UTC(2026, 10, 27, 10, n)).toISOString(),
});

/** The visit room's side of a socket: only what the chat listens to (the edge is not here). */
function room() {
  const listeners = new Set<(m: VisitChatMessage) => void>();
  const socket = {
    connected: true,
    on: (_event: string, fn: (m: VisitChatMessage) => void) => listeners.add(fn),
    off: (_event: string, fn: (m: VisitChatMessage) => void) => listeners.delete(fn),
  } as unknown as PeopleSocket;
  return { socket, hear: (m: VisitChatMessage) => act(() => listeners.forEach((fn) => fn(m))) };
}

function renderChat() {
  const { socket, hear } = room();
  const chat = new VisitChat({ socket, visitId: VISIT, selfAccountId: PAT });
  chat.listen();
  render(
    <Providers session={{ status: 'signed-out' }}>
      <ChatButton chat={chat} />
    </Providers>,
  );
  return { chat, hear };
}

const button = () => screen.getByTestId('toggle-chat');
const unread = () => screen.getByTestId('chat-unread').getAttribute('data-count');

describe('the Chat button of the call', () => {
  it('counts messages from others that arrive while the chat is closed, and clears on opening', async () => {
    const { chat, hear } = renderChat();
    expect(button().getAttribute('aria-label')).toBe('Chat');
    expect(unread()).toBe('0');

    hear(message(PRIYA, 'Can you hear me?'));
    hear(message(PRIYA, 'Please hold the cuff.'));
    // Another visit's message, and one's own (sent from another device), do not count.
    hear(message(PRIYA, 'Elsewhere', '44444444-4444-4444-8444-444444444444'));
    hear(message(PAT, 'Yes'));
    expect(unread()).toBe('2');
    expect(button().getAttribute('aria-label')).toBe('Chat, unread messages: 2');
    expect(screen.getByTestId('chat-unread').textContent).toContain('2');

    fireEvent.click(button());
    expect(unread()).toBe('0');
    const bodies = await screen.findAllByTestId('chat-message-body');
    expect(bodies.map((b) => b.textContent)).toEqual(['Can you hear me?', 'Please hold the cuff.', 'Yes']);
    expect(screen.getAllByTestId('chat-message').map((m) => m.getAttribute('data-own'))).toEqual(['false', 'false', 'true']);

    // While open, new messages are read as they come.
    hear(message(PRIYA, 'Thank you'));
    expect(unread()).toBe('0');

    act(() => chat.setOpen(false));
    hear(message(PRIYA, 'Bye for now'));
    await waitFor(() => expect(unread()).toBe('1'));
  });

  it('counts a message heard twice (history on entering, then live) once', () => {
    const { chat, hear } = renderChat();
    const first = message(PRIYA, 'Hello');
    act(() => chat.received([first]));
    hear(first);
    expect(unread()).toBe('1');
  });
});
