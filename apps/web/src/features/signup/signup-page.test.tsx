// @vitest-environment happy-dom
import { MINIMUM_AGE_RULE, PASSWORD_RULE } from '@opencare/schemas/rules';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signupRoutes } from './routes';
import { fail, fakeFetch, ok, renderRoutes } from './testing/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function openAccountSetup() {
  renderRoutes(signupRoutes, { path: '/signup' });
  fireEvent.click(screen.getByTestId('no-code'));
}

function fillValidSetup() {
  fireEvent.click(screen.getByLabelText(/^Patient/));
  type(/^Username/, 'janedoe');
  type(/^Password/, 'Str0ng!pass');
  type(/^Type the password again/, 'Str0ng!pass');
  type(/^First name/, 'Jane');
  type(/^Last name/, 'Doe');
  type(/^Date of birth/, '1980-05-17');
  fireEvent.change(screen.getByLabelText(/^Gender/), { target: { value: 'f' } });
  type(/^E-mail/, 'Jane@Example.com');
  type(/^Type the e-mail again/, 'Jane@Example.com');
  type(/^Phone number/, '+1 555 123 4567');
  type(/^Type the phone number again/, '+1 555 123 4567');
}

describe('sign-up', () => {
  it('starts with the activation code, and skips it when the tab holds a session token', () => {
    renderRoutes(signupRoutes, { path: '/signup' });
    expect(screen.getByRole('heading', { name: 'Do you have an activation code?', level: 1 })).toBeTruthy();
    cleanup();
    renderRoutes(signupRoutes, { path: '/signup', session: { status: 'restoring' } });
    expect(screen.getByRole('heading', { name: 'Set up your account' })).toBeTruthy();
  });

  it('takes a pasted activation code to the verify page', async () => {
    fakeFetch(() => undefined);
    const { router } = renderRoutes(signupRoutes, { path: '/signup' });
    type(/^Activation code/, ' abc123 ');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/verify'));
    expect(router.state.location.search).toBe('?token=abc123');
  });

  it("shows the schema's messages next to the fields: password rule, retype mismatch, under 18", async () => {
    fakeFetch(() => ok({ username: 'x', available: true }));
    openAccountSetup();
    type(/^Password/, 'abcdefgh');
    type(/^Type the password again/, 'abcdefgX');
    type(/^Date of birth/, `${new Date().getUTCFullYear() - 10}-06-01`);
    type(/^E-mail/, 'a@example.com');
    type(/^Type the e-mail again/, 'b@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(PASSWORD_RULE)).toBeTruthy();
    expect(screen.getByText('Password fields must match.')).toBeTruthy();
    expect(screen.getByText('E-mail fields must match.')).toBeTruthy();
    expect(screen.getByText(MINIMUM_AGE_RULE)).toBeTruthy();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0);
    // The field says it is wrong, and says why.
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    // Still on the same step.
    expect(screen.getByRole('heading', { name: 'Set up your account' })).toBeTruthy();
  });

  it('checks the username as it is typed: taken or free', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path !== 'users.usernameAvailable') return undefined;
      const { name } = body as { name: string };
      return ok({ username: name, available: name !== 'taken' });
    });
    openAccountSetup();
    type(/^Username/, 'taken');
    expect(await screen.findByText('This username is not available.', {}, { timeout: 2000 })).toBeTruthy();
    type(/^Username/, 'freeName');
    expect(await screen.findByText('This username is free.', {}, { timeout: 2000 })).toBeTruthy();
    // Debounced: one call per settled name, none for a name the rules refuse.
    type(/^Username/, 'no');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['query', 'users.usernameAvailable', { name: 'taken' }],
      ['query', 'users.usernameAvailable', { name: 'freeName' }],
    ]);
  });

  it('sends every field under the schema names, then offers a resend that may be refused', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'users.usernameAvailable') return ok({ username: 'janedoe', available: true });
      if (path === 'auth.signup')
        return ok({ email: 'jane@example.com', expiresAt: '2026-01-02T00:00:00Z' }, 201);
      if (path === 'auth.resendVerification') {
        return fail(
          429,
          'verificationRecentlySent',
          'A verification e-mail was sent recently. Please wait a few minutes before asking again.',
        );
      }
      return undefined;
    });
    openAccountSetup();
    fillValidSetup();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Choose your preferences' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Please accept the terms and conditions.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^I have read and accept/));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByTestId('check-email')).toBeTruthy();
    const signup = calls.find((c) => c.path === 'auth.signup');
    expect(signup?.method).toBe('mutation');
    expect(signup?.body).toEqual({
      username: 'janedoe',
      password: 'Str0ng!pass',
      passwordConfirmation: 'Str0ng!pass',
      firstName: 'Jane',
      lastName: 'Doe',
      dateOfBirth: '1980-05-17',
      gender: 'f',
      emailAddress: 'jane@example.com',
      emailAddressConfirmation: 'jane@example.com',
      phoneNumber: '+1 555 123 4567',
      phoneNumberConfirmation: '+1 555 123 4567',
      emailNotifications: true,
      textNotifications: false,
      accountType: 'pat',
      preferredLanguage: 'en-US',
      termsAccepted: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    expect((await screen.findByTestId('resend-error')).textContent).toBe(
      'A verification e-mail was sent recently. Please wait a few minutes before asking again.',
    );
    expect(calls.find((c) => c.path === 'auth.resendVerification')?.body).toEqual({ email: 'jane@example.com' });
  });

  it('puts a server refusal of the username back on the username field', async () => {
    fakeFetch(({ path }) => {
      if (path === 'users.usernameAvailable') return ok({ username: 'janedoe', available: true });
      if (path === 'auth.signup')
        return fail(409, 'usernameNotAvailable', 'This username is not available.');
      return undefined;
    });
    openAccountSetup();
    fillValidSetup();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByLabelText(/^I have read and accept/));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('heading', { name: 'Set up your account' })).toBeTruthy();
    expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This username is not available.')).toBeTruthy();
    // The field to change has focus, not the step's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Username/)));
  });
});
