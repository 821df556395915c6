import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEndWarning } from './use-end-warning';

const MINUTE = 60_000;
/** Time goes by, and the screen renders what it brings. */
const pass = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useEndWarning', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-04T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('warns before the end, then counts down the stay-or-leave prompt and leaves when time is up', () => {
    const onTimeUp = vi.fn();
    const endsAt = new Date(Date.now() + 10 * MINUTE).toISOString();
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useEndWarning(endsAt, 5, 60, onTimeUp, true);
    });
    expect(result.current.warning).toEqual({ stage: 'none' });

    // Nothing to show for the first five minutes: the call view does not render again each second.
    pass(5 * MINUTE - 1000);
    expect(result.current.warning).toEqual({ stage: 'none' });
    expect(renders).toBe(1);

    pass(1000);
    expect(result.current.warning).toEqual({ stage: 'warning', minutes: 5 });
    pass(2 * MINUTE);
    expect(result.current.warning).toEqual({ stage: 'warning', minutes: 3 });

    pass(3 * MINUTE);
    expect(result.current.warning).toEqual({ stage: 'stayOrLeave', seconds: 60 });
    pass(45_000);
    expect(result.current.warning).toEqual({ stage: 'stayOrLeave', seconds: 15 });
    expect(onTimeUp).not.toHaveBeenCalled();
    pass(15_000);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('shows the prompt at once when the call is joined after the end, and stays when asked', () => {
    const onTimeUp = vi.fn();
    const endsAt = new Date(Date.now() - 10_000).toISOString();
    const { result } = renderHook(() => useEndWarning(endsAt, 5, 60, onTimeUp, true));
    expect(result.current.warning).toEqual({ stage: 'stayOrLeave', seconds: 50 });
    act(() => {
      result.current.stay();
    });
    expect(result.current.warning).toEqual({ stage: 'none' });
    pass(2 * MINUTE);
    expect(onTimeUp).not.toHaveBeenCalled();
  });

  it('says nothing while the call is not on', () => {
    const endsAt = new Date(Date.now() + MINUTE).toISOString();
    const { result } = renderHook(() => useEndWarning(endsAt, 5, 60, vi.fn(), false));
    pass(2 * MINUTE);
    expect(result.current.warning).toEqual({ stage: 'none' });
  });
});
