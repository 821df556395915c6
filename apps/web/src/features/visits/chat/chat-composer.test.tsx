// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PeopleSocket } from '../../../realtime/realtime-context';
import { Providers } from '../../../testing/render-app';
import { ChatComposer } from './chat-composer';
import { VisitChat } from './visit-chat';

describe('writing a chat message', () => {
  it('says plainly when a message was not sent, and gives its text back', async () => {
    // The connection to the visit is down: nothing can be sent.
    const socket = { connected: false } as unknown as PeopleSocket;
    const chat = new VisitChat({ socket, visitId: '11111111-1111-4111-8111-111111111111', selfAccountId: null });
    render(
      <Providers session={{ status: 'signed-out' }}>
        <ChatComposer chat={chat} />
      </Providers>,
    );
    const input = screen.getByTestId<HTMLTextAreaElement>('chat-input');
    expect(screen.getByTestId('chat-count').textContent).toBe('0 / 2000');
    expect(input.maxLength).toBe(2000);
    fireEvent.change(input, { target: { value: 'Can you hear me?' } });
    expect(screen.getByTestId('chat-count').textContent).toBe('16 / 2000');
    // Shift+Enter is a new line, not a send.
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(screen.queryByTestId('chat-error')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    const error = await screen.findByTestId('chat-error');
    expect(error.textContent).toContain('Your message was not sent.');
    expect(input.value).toBe('Can you hear me?');
  });
});
