import { ROLES } from '@opencare/schemas/roles';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { RootLayout } from '../layouts/root-layout';
import type { AppErrorContextValue } from './app-error-context';
import { useAppError } from './use-app-error';

let appError: AppErrorContextValue | null = null;
function Page() {
  appError = useAppError();
  return <h1>The layout</h1>;
}

const account = makeAccount([ROLES.Patient]);
const session = { status: 'signed-in', user: makeUser([account]), account } as const;
const routes = [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <Page /> }] }];

describe('application error screen', () => {
  it('replaces the layout while an error is active, and goes away when cleared', () => {
    renderRoutes(routes, '/', session);
    expect(screen.getByRole('heading', { name: 'The layout' })).toBeDefined();

    act(() => appError!.setError(new Error('boom')));
    expect(screen.queryByRole('heading', { name: 'The layout' })).toBeNull();
    expect(screen.getByTestId('error-screen').dataset.errorKey).toBe('unknown');
    expect(screen.getByText('Something went wrong, please try again.')).toBeDefined();
    expect(screen.getByText('Error code: unknown 500')).toBeDefined();

    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.getByRole('heading', { name: 'The layout' })).toBeDefined();
  });

  it('is set from a key too: noContent says there is nothing to show', () => {
    renderRoutes(routes, '/', session);
    act(() => appError!.setError('noContent'));
    expect(screen.getByRole('heading', { name: 'Nothing to show' })).toBeDefined();
    expect(screen.getByText('There is nothing to show here.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Report technical issue' })).toBeNull();
  });

  it('reports a technical issue on request', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routes, '/', session);
    act(() => appError!.setError('err_network'));
    act(() => screen.getByRole('button', { name: 'Report technical issue' }).click());

    expect(warn).toHaveBeenCalledOnce(); // a development build: the report is a console warning
    expect((await screen.findByRole('status')).textContent).toContain('The technical issue was reported.');
  });
});
