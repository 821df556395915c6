// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signupRoutes } from '../signup/routes';
import { fail, fakeFetch, ok, renderRoutes } from '../signup/testing/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('invitations', () => {
  it('sends a visit without a token home', async () => {
    fakeFetch(() => undefined);
    const { router } = renderRoutes(signupRoutes, { path: '/invitations/verify' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the invitation and leads on to accepting it', async () => {
    fakeFetch(({ path, body }) =>
      path === 'invitations.verify' && (body as { token: string }).token === 'inv1'
        ? ok({
            email: 'dr.lee@example.com',
            role: 'Physician',
            accountType: 'prov',
            organisationName: 'Riverside Clinic',
            expiresAt: '2030-01-01T10:00:00.000Z',
          })
        : undefined,
    );
    renderRoutes(signupRoutes, { path: '/invitations/verify?token=inv1' });
    expect(await screen.findByText(/Riverside Clinic invited you/)).toBeTruthy();
    expect(screen.getByText('dr.lee@example.com')).toBeTruthy();
    expect(screen.getByText('physician')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accept the invitation' }).getAttribute('href')).toBe(
      '/invitations/complete?token=inv1',
    );
  });

  it("says the catalogue's message for an invitation that is no longer valid, and invents nothing", async () => {
    const { calls } = fakeFetch(() => fail(400, 'invalidInvitation', 'This invitation is no longer valid.'));
    renderRoutes(signupRoutes, { path: '/invitations/verify?token=gone' });
    expect((await screen.findByTestId('invitation-error')).textContent).toBe(
      'This invitation is no longer valid.',
    );
    expect(screen.queryByTestId('invitation-details')).toBeNull();
    // Checked once: a verification is not repeated.
    expect(calls).toEqual([{ method: 'mutation', path: 'invitations.verify', body: { token: 'gone' } }]);
  });

  it('checks the fields with the schema and sends them with the token', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path.includes('/available') || path === 'users.usernameAvailable')
        return ok({ username: 'drlee', available: true });
      if (path === 'invitations.complete') {
        return ok(
          {
            id: '7f0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a11',
            username: 'drlee',
            fullName: 'Ann Lee',
            initials: 'AL',
            isLocked: false,
            isVerified: true,
            lastLogin: null,
            accounts: [],
          },
          201,
        );
      }
      return undefined;
    });
    renderRoutes(signupRoutes, { path: '/invitations/complete?token=inv1' });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThan(0);
    expect(screen.getByText('Please accept the terms and conditions.')).toBeTruthy();

    type(/^Username/, 'drlee');
    type(/^Password/, 'Str0ng!pass');
    type(/^Type the password again/, 'Str0ng!pass');
    type(/^First name/, 'Ann');
    type(/^Last name/, 'Lee');
    type(/^Date of birth/, '1975-03-04');
    fireEvent.click(screen.getByLabelText(/^I have read and accept/));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByTestId('invitation-ready')).toBeTruthy();
    expect(calls.find((c) => c.path === 'invitations.complete')?.body).toEqual({
      token: 'inv1',
      username: 'drlee',
      password: 'Str0ng!pass',
      passwordConfirmation: 'Str0ng!pass',
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1975-03-04',
      preferredLanguage: 'en-US',
      termsAccepted: true,
    });
  });
});
