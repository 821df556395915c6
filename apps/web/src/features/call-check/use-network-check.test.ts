import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNetworkCheck } from './use-network-check';

/** The edge's answer to the first ping never comes: the check is running until something stops it. */
function pendingFetch() {
  const signals: AbortSignal[] = [];
  const fetch = vi.fn((_input: unknown, init?: RequestInit) => {
    const signal = init?.signal;
    if (signal) signals.push(signal);
    return new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, signals };
}

describe('useNetworkCheck', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs by itself on the pre-join screen, and stops when the person joins (auto turns off)', async () => {
    const edge = pendingFetch();
    const { result, rerender } = renderHook(({ auto }) => useNetworkCheck({}, auto), {
      initialProps: { auto: true },
    });
    await waitFor(() => expect(edge.fetch).toHaveBeenCalledWith('/healthz', expect.anything()));
    expect(result.current.state.step).toBe('running');

    rerender({ auto: false });

    // The request under way is cancelled, no other is sent, and the button offers the check again.
    await waitFor(() => expect(result.current.state.step).toBe('idle'));
    expect(edge.signals.every((signal) => signal.aborted)).toBe(true);
    const sent = edge.fetch.mock.calls.length;
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(edge.fetch.mock.calls.length).toBe(sent);
  });

  it('does not start by itself when auto is off (Settings → Video), only on request', async () => {
    const edge = pendingFetch();
    const { result } = renderHook(() => useNetworkCheck({}, false));
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(edge.fetch).not.toHaveBeenCalled();
    expect(result.current.state.step).toBe('idle');

    act(() => void result.current.start());
    await waitFor(() => expect(result.current.state.step).toBe('running'));
    expect(edge.fetch).toHaveBeenCalledWith('/healthz', expect.anything());
  });
});
