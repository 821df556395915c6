// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../testing/render-app';
import { QueryView } from './load-state';

type Query = Parameters<typeof QueryView<string>>[0]['query'];

function show(query: Query) {
  return render(
    <Providers session={{ status: 'signed-out' }}>
      <QueryView query={query}>{(data) => `shown: ${data}`}</QueryView>
    </Providers>,
  );
}

describe('a query on screen', () => {
  it('while it loads, is announced as a status named by what it waits for', async () => {
    show({ status: 'pending', data: undefined, error: null, refetch: () => undefined });
    // The label sits on the element with the role: a label on a spinner without one is not
    // announced (axe: aria-prohibited-attr).
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText(/^shown/)).toBeNull();
  });

  it('that failed, says so and tries again when asked', async () => {
    const refetch = vi.fn();
    show({ status: 'error', data: undefined, error: new Error('err_network'), refetch });
    const failure = await screen.findByTestId('load-failed');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(failure.getAttribute('role')).toBe('alert');
  });

  it('keeps what it showed when a later refetch fails', async () => {
    show({ status: 'error', data: 'the readings', error: new Error('err_network'), refetch: () => undefined });
    expect(await screen.findByText('shown: the readings')).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});
