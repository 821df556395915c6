import type { Deps } from '@opencare/api/deps';
import { sendTaskReminders } from '@opencare/api/tasks/task-reminders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTaskReminderTimer } from './task-reminder-timer';

vi.mock('@opencare/api/tasks/task-reminders', () => ({ sendTaskReminders: vi.fn() }));
const send = vi.mocked(sendTaskReminders);

describe('task reminder timer', () => {
  const warn = vi.fn();
  const deps = { log: { info: vi.fn(), warn, error: vi.fn() } } as unknown as Deps;

  beforeEach(() => {
    vi.useFakeTimers();
    send.mockReset();
    warn.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('sends the due reminders once a minute until stopped', async () => {
    send.mockResolvedValue(0);
    const stop = startTaskReminderTimer(deps);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(2);
    await stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('skips a round while the previous one still runs, and a failed round does not stop the next', async () => {
    let finish: () => void = () => undefined;
    send.mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve(0))));
    send.mockRejectedValueOnce(new Error('smtp down'));
    send.mockResolvedValue(1);
    const stop = startTaskReminderTimer(deps);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith({ err: 'Error' }, 'task reminders failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(3);
    await stop();
  });
});
