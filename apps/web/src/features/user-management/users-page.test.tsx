// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch } from '../signup/testing/harness';
import { inputOf, page, renderUserManagement, userRow } from './testing/render-user-management';

const nurse = userRow();
const lockedNurse = userRow({
  id: '7f0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a12',
  username: 'jlocked',
  fullName: 'Jo Locked',
  isLocked: true,
});
const admin = userRow({
  id: '7f0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a13',
  username: 'admin',
  fullName: 'Alex Admin',
  roles: ['Admin'],
});

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('users list', () => {
  it('narrows the list by role on the server, and by locked', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path !== 'users.list') return undefined;
      const q = inputOf(body);
      if (q.role === 'Nurse' && q.locked === 'true') return page([lockedNurse]);
      if (q.role === 'Nurse') return page([nurse, lockedNurse]);
      return page([admin, lockedNurse, nurse]);
    });
    const { router } = renderUserManagement('/dashboard/user-management/users');
    expect(await screen.findAllByTestId('user-row')).toHaveLength(3);
    expect(calls[0]).toEqual({
      method: 'query',
      path: 'users.list',
      body: { page: 1, pageSize: 20, status: 'active' },
    });

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'Nurse' } });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2));
    expect(calls.at(-1)).toMatchObject({ path: 'users.list', body: { role: 'Nurse', status: 'active' } });
    expect(router.state.location.search).toBe('?role=Nurse');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Locked users only' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(calls.at(-1)).toMatchObject({ path: 'users.list', body: { role: 'Nurse', locked: 'true' } });
    const row = screen.getByTestId('user-row');
    expect(within(row).getByRole('link', { name: 'jlocked' }).getAttribute('href')).toBe(
      '/dashboard/user-management/users/jlocked',
    );
    expect(within(row).getByText('Locked')).toBeTruthy();
    expect(router.state.location.search).toBe('?role=Nurse&locked=true');
  });

  it('searches after the typing stops, and says when nothing matches', async () => {
    const { calls } = fakeFetch(({ path, body }) =>
      path === 'users.list' ? (inputOf(body).search ? page([]) : page([nurse])) : undefined,
    );
    renderUserManagement('/dashboard/user-management/users');
    await screen.findByTestId('user-row');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No users match', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: 'users.list', body: { search: 'nobody' } });
  });

  it('pages through the list', async () => {
    const { calls } = fakeFetch(({ path, body }) =>
      path === 'users.list' ? page([nurse], { page: Number(inputOf(body).page), total: 45 }) : undefined,
    );
    renderUserManagement('/dashboard/user-management/users');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: 'users.list', body: { page: 2 } });
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let refuse = true;
    fakeFetch(({ path }) =>
      path !== 'users.list' ? undefined : refuse ? fail(503, 'unknown', 'Down') : page([nurse]),
    );
    renderUserManagement('/dashboard/user-management/inactive-users');
    expect((await screen.findByTestId('load-failed')).textContent).toContain(
      'Something went wrong, please try again.',
    );
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('user-row')).toBeTruthy();
  });
});
