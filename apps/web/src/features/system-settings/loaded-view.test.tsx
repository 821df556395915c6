// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../testing/render-app';
import { LoadedView } from './loaded-view';
import { signedInAdmin } from './testing/fixtures';

describe('a system area while it loads', () => {
  it('is announced as a status named by what it waits for', async () => {
    const pending = { status: 'pending' as const, data: undefined, error: null, refetch: () => undefined };
    render(
      <Providers session={signedInAdmin()}>
        <LoadedView query={pending}>{() => 'loaded'}</LoadedView>
      </Providers>,
    );
    // The label sits on the element with the role: a label on a spinner without one is not
    // announced (axe: aria-prohibited-attr), and the status around it had no name.
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('loaded')).toBeNull();
  });
});
