// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { inputOf, page, renderUserManagement, userOf, userRow } from './testing/render-user-management';

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillIn() {
  fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'Nurse' } });
  type(/^Username/, 'jokafor');
  type(/^Password/, 'Welc0me!now');
  type(/^First name/, 'Joy');
  type(/^Last name/, 'Okafor');
  type(/^E-mail/, 'joy@example.org');
}

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('create a user', () => {
  it('checks the fields with the schema before sending anything', async () => {
    const { calls } = fakeFetch(() => undefined);
    renderUserManagement('/dashboard/user-management/create-user');
    type(/^Username/, 'jo okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Username may contain only letters and numbers.')).toBeTruthy();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(5);
    // The focus goes to the first field to fix.
    expect(document.activeElement?.getAttribute('name')).toBe('role');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal on the field it is about", async () => {
    let answer = fail(
      400,
      'validationFailed',
      'Some fields are not valid. Please check them and try again.',
      [{ field: 'password', message: 'Use at least 12 characters.' }],
    );
    const { calls } = fakeFetch(({ path }) => (path === 'users.create' ? answer : undefined));
    renderUserManagement('/dashboard/user-management/create-user');
    fillIn();
    // The usual account type came with the role.
    expect(screen.getByLabelText<HTMLSelectElement>(/^Account type/).value).toBe('prov');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(calls[0]!.path).toBe('users.create');
    expect(calls[0]!.body).toEqual({
      username: 'jokafor',
      email: 'joy@example.org',
      password: 'Welc0me!now',
      role: 'Nurse',
      accountType: 'prov',
      profile: { firstName: 'Joy', lastName: 'Okafor' },
    });

    // A taken username or e-mail: the server does not say which, so both fields say so.
    answer = fail(
      409,
      'usernameOrEmailTaken',
      'This username or e-mail is already associated with another account.',
    );
    type(/^Password/, 'Welc0me!now-longer');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(
        screen.getAllByText('This username or e-mail is already associated with another account.'),
      ).toHaveLength(2),
    );
    expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
  });

  it('opens the new user once created', async () => {
    const created = userRow({
      username: 'jokafor',
      fullName: 'Joy Okafor',
      email: 'joy@example.org',
      lastLogin: null,
    });
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'users.create') return ok(userOf(created), 201);
      if (path === 'users.list') return page([created]);
      if (path === 'users.get' && inputOf(body).id === created.id) return ok(userOf(created));
      return undefined;
    });
    const { router } = renderUserManagement('/dashboard/user-management/create-user');
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Joy Okafor' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/user-management/users/jokafor');
    // The new user is found by username; the user itself is the creation's answer, not fetched
    // again. Their page asks only whether they have two-factor sign-in.
    expect(calls.map((c) => c.path)).toEqual(['users.create', 'users.list', 'users.twoFactor']);
    expect(screen.getByText('The user is created.')).toBeTruthy();
  });
});
