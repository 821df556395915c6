import type { VisitChatMessage } from '@opencare/schemas/entities/visits';
import { describe, expect, it } from 'vitest';
import { VisitChat } from './visit-chat';

const message = (id: string, senderName: string): VisitChatMessage => ({
  id,
  visitId: '00000000-0000-4000-8000-000000000001',
  senderAccountId: null,
  senderName,
  body: `From ${senderName}`,
  sentAt: `2026-11-27T10:00:0${id.slice(-1)}.000Z`,
});

describe('the visit chat of a guest', () => {
  it('knows their own messages again after a reload, from what the edge says on entering', () => {
    const chat = new VisitChat({
      socket: null,
      visitId: '00000000-0000-4000-8000-000000000001',
      selfAccountId: null,
    });
    const mine = message('00000000-0000-4000-8000-000000000011', 'Sam Guest');
    const theirs = message('00000000-0000-4000-8000-000000000012', 'Another Guest');
    chat.received([mine, theirs], [mine.id]);
    expect(chat.isOwn(mine)).toBe(true);
    expect(chat.isOwn(theirs)).toBe(false);
    // Only the other guest's message waits to be read.
    expect(chat.getSnapshot().unread).toBe(1);
  });

  it('shows a message as theirs when the room’s copy came before their send’s answer', () => {
    const chat = new VisitChat({
      socket: null,
      visitId: '00000000-0000-4000-8000-000000000001',
      selfAccountId: null,
    });
    const mine = message('00000000-0000-4000-8000-000000000013', 'Sam Guest');
    chat.setOpen(true);
    chat.received([mine]);
    const before = chat.getSnapshot();
    let renders = 0;
    chat.subscribe(() => (renders += 1));
    chat.received([mine], [mine.id]);
    // The screen hears of it (a new state) and now reads it as theirs, once.
    expect(renders).toBe(1);
    expect(chat.getSnapshot()).not.toBe(before);
    expect(chat.getSnapshot().messages).toHaveLength(1);
    expect(chat.isOwn(mine)).toBe(true);
    chat.received([mine], [mine.id]);
    expect(renders).toBe(1);
  });
});
