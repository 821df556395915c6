import { describe, expect, it, vi } from 'vitest';
import { checkedItem, loadStoredChecks } from './stored-item';

/** A stored number checked by a check that arrives later, as zod's chunk does. */
function numberItem(key: string) {
  const loadCheck = vi.fn(() => Promise.resolve((raw: unknown) => (typeof raw === 'number' ? raw : null)));
  return { item: checkedItem('local', key, loadCheck), loadCheck };
}

describe('a stored value checked by a check loaded on demand', () => {
  it('downloads no check when nothing is stored (a first visit)', async () => {
    const { item, loadCheck } = numberItem('test.nothing');
    await loadStoredChecks();
    expect(loadCheck).not.toHaveBeenCalled();
    expect(item.get()).toBeNull();
  });

  it('checks what was stored before the page started, once the checks are loaded', async () => {
    localStorage.setItem('test.stored', '7');
    localStorage.setItem('test.bad', '"seven"');
    const stored = numberItem('test.stored');
    const bad = numberItem('test.bad');
    await loadStoredChecks();
    expect(stored.item.get()).toBe(7);
    expect(bad.item.get()).toBeNull();
    expect(stored.loadCheck).toHaveBeenCalledTimes(1);
  });

  it('reads back what this page wrote without a check', () => {
    const { item, loadCheck } = numberItem('test.written');
    item.set(3);
    expect(item.get()).toBe(3);
    expect(loadCheck).not.toHaveBeenCalled();
  });

  it('reads a value another tab wrote as nothing until its check, which that read asks for, is here', async () => {
    const { item, loadCheck } = numberItem('test.other-tab');
    localStorage.setItem('test.other-tab', '5');
    expect(item.get()).toBeNull();
    expect(loadCheck).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(item.get()).toBe(5));
  });

  it('leaves a value unread when its check cannot be downloaded (offline), and tries again later', async () => {
    localStorage.setItem('test.offline', '9');
    const loadCheck = vi
      .fn<() => Promise<(raw: unknown) => number | null>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue((raw) => (typeof raw === 'number' ? raw : null));
    const item = checkedItem('local', 'test.offline', loadCheck);
    await loadStoredChecks();
    expect(item.get()).toBeNull();
    await vi.waitFor(() => expect(item.get()).toBe(9));
    expect(loadCheck).toHaveBeenCalledTimes(2);
  });
});
