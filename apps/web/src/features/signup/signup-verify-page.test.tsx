// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signupRoutes } from './routes';
import { fail, fakeFetch, ok, renderRoutes } from './testing/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = {
  id: '7f0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a11',
  username: 'janedoe',
  fullName: 'Jane Doe',
  initials: 'JD',
  isLocked: false,
  isVerified: true,
  lastLogin: null,
  accounts: [],
};

describe('sign-up verification', () => {
  it('sends a visit without a token home', async () => {
    const { calls } = fakeFetch(() => undefined);
    for (const path of ['/signup/verify', '/signup/verify?token=', '/signup/complete']) {
      const { router } = renderRoutes(signupRoutes, { path });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(screen.getByText('home page')).toBeTruthy();
      cleanup();
    }
    expect(calls).toEqual([]);
  });

  it('verifies the e-mail, completes the sign-up once and points to the login', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'auth.verifySignup') return ok({ email: 'jane@example.com', username: 'janedoe' });
      if (path === 'auth.completeSignup') return ok(user, 201);
      return undefined;
    });
    const { router } = renderRoutes(signupRoutes, { path: '/signup/verify?token=t0k3n' });
    expect(await screen.findByTestId('signup-ready')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup/complete');
    expect(screen.getByRole('heading', { name: 'Your account is ready' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['mutation', 'auth.verifySignup', { token: 't0k3n' }],
      ['mutation', 'auth.completeSignup', { token: 't0k3n' }],
    ]);
  });

  it('tells a patient the clinic approves new patients before they can log in', async () => {
    fakeFetch(({ path }) => {
      if (path === 'auth.verifySignup') return ok({ email: 'jane@example.com', username: 'janedoe' });
      if (path === 'auth.completeSignup') return ok({ ...user, accounts: [{ status: { code: 'pending', description: 'Pending' } }] }, 201);
      return undefined;
    });
    renderRoutes(signupRoutes, { path: '/signup/verify?token=t0k3n' });
    const ready = await screen.findByTestId('signup-ready');
    expect(ready.dataset.awaitingApproval).toBe('true');
    expect(screen.getByRole('heading', { name: 'Thank you for signing up' })).toBeTruthy();
    expect(ready.textContent).toContain('you can log in once a member of staff has approved your account');
  });

  it("shows the catalogue's message when the link is no longer good", async () => {
    fakeFetch(() => fail(400, 'invalidActivationCode', 'The activation code is not valid.'));
    renderRoutes(signupRoutes, { path: '/signup/verify?token=old' });
    expect((await screen.findByTestId('verify-error')).textContent).toBe('The activation code is not valid.');
  });
});
