// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { invitation, page, renderUserManagement } from './testing/render-user-management';

const pending = invitation();
const viewPath = `/dashboard/user-management/invitations/${pending.id}`;

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('invitations', () => {
  it('lists invitations with their status, and filters by status on the server', async () => {
    const accepted = invitation({
      id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4f',
      email: 'dr.lee@example.org',
      status: 'accepted',
    });
    const { calls } = fakeFetch(({ path, body }) =>
      path !== 'invitations.list'
        ? undefined
        : (body as { status?: string }).status === 'accepted'
          ? page([accepted])
          : page([pending, accepted]),
    );
    const { router } = renderUserManagement('/dashboard/user-management/invitations');
    const rows = await screen.findAllByTestId('invitation-row');
    expect(rows.map((row) => within(row).getByTestId('invitation-status').textContent)).toEqual([
      'Pending',
      'Accepted',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'joy@example.org' }).getAttribute('href')).toBe(
      viewPath,
    );

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'accepted' } });
    await waitFor(() => expect(screen.getAllByTestId('invitation-row')).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'query', path: 'invitations.list', body: { page: 1 } });
    expect(calls.at(-1)).toEqual({
      method: 'query',
      path: 'invitations.list',
      body: { page: 1, status: 'accepted' },
    });
    expect(router.state.location.search).toBe('?status=accepted');
  });

  it('invites someone and opens the invitation', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'invitations.create') return ok(pending, 201);
      if (path === 'invitations.get' && (body as { id: string }).id === pending.id) return ok(pending);
      return undefined;
    });
    const { router } = renderUserManagement('/dashboard/user-management/invitations/create');
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'joy@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'Nurse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByTestId('invitation-details')).toBeTruthy();
    expect(router.state.location.pathname).toBe(viewPath);
    expect(calls[0]!.path).toBe('invitations.create');
    expect(calls[0]!.body).toEqual({
      email: 'joy@example.org',
      role: 'Nurse',
      accountType: 'prov',
      expiresInDays: 7,
    });
  });

  it('shows an address that already has an account on the e-mail field', async () => {
    fakeFetch(() =>
      fail(
        409,
        'usernameOrEmailTaken',
        'This username or e-mail is already associated with another account.',
      ),
    );
    renderUserManagement('/dashboard/user-management/invitations/create');
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'noah@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'Nurse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('This username or e-mail is already associated with another account.'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the 5-minute rule when the server refuses to resend', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if ((body as { id?: string } | undefined)?.id !== pending.id) return undefined;
      if (path === 'invitations.resend') {
        return fail(429, 'resendTooSoon', 'You can resend only once every 5 minutes.');
      }
      return path === 'invitations.get' ? ok(pending) : undefined;
    });
    renderUserManagement(viewPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You can resend only once every 5 minutes.',
    );
    expect(calls.filter((c) => c.path === 'invitations.resend')).toHaveLength(1);
    expect(screen.getByTestId('invitation-status').textContent).toBe('Pending');
  });

  it('deletes an invitation only after confirmation, then returns to the list', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'invitations.list') return page([]);
      if ((body as { id?: string } | undefined)?.id !== pending.id) return undefined;
      if (path === 'invitations.delete') return ok(null);
      return path === 'invitations.get' ? ok(pending) : undefined;
    });
    const { router } = renderUserManagement(viewPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this invitation?' });
    expect(within(dialog).getByText(/joy@example.org/)).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'invitations.delete')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete invitation' }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/user-management/invitations'),
    );
    expect(calls.filter((c) => c.path === 'invitations.delete').map((c) => c.body)).toEqual([
      { id: pending.id },
    ]);
    expect(await screen.findByText('No invitations yet')).toBeTruthy();
  });

  it('offers no changes to an accepted invitation', async () => {
    fakeFetch(({ path, body }) =>
      path === 'invitations.get' && (body as { id: string }).id === pending.id
        ? ok({ ...pending, status: 'accepted' })
        : undefined,
    );
    renderUserManagement(viewPath);
    expect(await screen.findByText(/The invitee has joined/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });
});
