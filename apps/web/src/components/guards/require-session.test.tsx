// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/render-app';
import { RequireSession } from './require-session';

const routes = [
  { path: '/login', element: <p data-testid="login" /> },
  { element: <RequireSession />, children: [{ path: '/settings/account/security', element: <p /> }] },
];

describe('RequireSession', () => {
  it('sends a visitor whose session ended to /login, to be brought back after', async () => {
    const { router } = renderRoutes(routes, '/settings/account/security', { status: 'signed-out' });
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/settings/account/security' });
  });

  it('after Quit, sends to /login without the page left behind', async () => {
    const { router } = renderRoutes(routes, '/settings/account/security', { status: 'signed-out', quit: true });
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(router.state.location.state).toBeNull();
  });
});
