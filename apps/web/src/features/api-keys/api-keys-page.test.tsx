// @vitest-environment happy-dom
import type { ApiKey } from '@opencare/schemas/entities/api-keys';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok, type FakeRoute } from '../signup/testing/harness';
import { apiKeysRoute } from './routes';

const KEY_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const SECRET = 'ock_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: KEY_ID,
  name: 'Clinic EHR sync',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: '2026-03-02T10:30:00.000Z',
  revokedAt: null,
  ...overrides,
});

function renderApiKeys() {
  const account = makeAccount([ROLES.Admin], { accountType: { code: 'prov', description: 'Provider' } });
  return renderRoutes([{ path: '/dashboard', children: [apiKeysRoute] }], '/dashboard/api-keys', {
    status: 'signed-in',
    user: makeUser([account]),
    account,
  });
}

/** The API keys server: `apiKeys.list` answers what `keys` holds now (the writes a test answers may change it). */
function keysServer(keys: ApiKey[], extra: FakeRoute = () => undefined) {
  return fakeFetch((request) => (request.path === 'apiKeys.list' ? ok([...keys]) : extra(request)));
}

// Dialog flows: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('API keys', () => {
  it('lists the keys with their status, creation and last use', async () => {
    keysServer([
      apiKey(),
      apiKey({
        id: '3b4c5d6e-7f8a-4b9c-8d1e-2f3a4b5c6d7e',
        name: 'Old lab feed',
        lastUsedAt: null,
        revokedAt: '2026-03-02T00:00:00.000Z',
      }),
    ]);
    renderApiKeys();
    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeTruthy();
    const [live, revoked] = await screen.findAllByTestId('api-key-row');
    expect(within(live!).getByText('Clinic EHR sync')).toBeTruthy();
    expect(within(live!).getByTestId('api-key-status').textContent).toBe('Active');
    expect(live!.textContent).toContain('Mar 2, 2026');
    expect(within(live!).getByRole('button', { name: 'Revoke the key "Clinic EHR sync"' })).toBeTruthy();
    expect(within(revoked!).getByTestId('api-key-status').textContent).toBe('Revoked');
    expect(within(revoked!).getAllByText('Never').length).toBeGreaterThan(0);
    expect(within(revoked!).queryByRole('button')).toBeNull();
  });

  it('says when there are none yet', async () => {
    keysServer([]);
    renderApiKeys();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('asks for a name, creates the key and shows its secret once', async () => {
    const keys: ApiKey[] = [];
    const { calls } = keysServer(keys, ({ path, body }) => {
      if (path !== 'apiKeys.create') return undefined;
      const created = apiKey({ name: (body as { name: string }).name, lastUsedAt: null });
      keys.push(created);
      return ok({ ...created, key: SECRET }, 201);
    });
    renderApiKeys();
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Enter a name for the key.')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: /Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === 'apiKeys.create')).toBe(false);

    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), {
      target: { value: '  Clinic EHR sync ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(calls.find((c) => c.path === 'apiKeys.create')!.body).toEqual({ name: 'Clinic EHR sync' });
    expect(within(shown).getByTestId('api-key-secret').textContent).toBe(SECRET);
    expect(within(shown).getByText('You will not see this key again')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    // The list behind it has the new key, without its secret.
    expect(await screen.findByTestId('api-key-row')).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy your new API key' })).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('marks a name the server refused on the field', async () => {
    keysServer([], ({ path }) =>
      path === 'apiKeys.create'
        ? fail(400, 'validationFailed', 'Please check the highlighted fields.', [
            { field: 'name', message: 'Name must be at most 100 characters.' },
          ])
        : undefined,
    );
    renderApiKeys();
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Lab' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    // The server's reason, in this screen's words, on the field it is about, which gets focus.
    expect(await within(form).findByText('Use at most 100 characters.')).toBeTruthy();
    const name = within(form).getByRole('textbox', { name: /Name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Copy your new API key' })).toBeNull();
  });

  it('revokes a key after asking', async () => {
    const keys = [apiKey()];
    const { calls } = keysServer(keys, ({ path, body }) => {
      if (path !== 'apiKeys.revoke' || (body as { id: string }).id !== KEY_ID) return undefined;
      keys[0] = apiKey({ revokedAt: '2026-03-03T00:00:00.000Z' });
      return ok(keys[0]);
    });
    renderApiKeys();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key "Clinic EHR sync"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke "Clinic EHR sync"?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'apiKeys.revoke')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the key "Clinic EHR sync"' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('API key "Clinic EHR sync" revoked.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'apiKeys.revoke')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('api-key-status').textContent).toBe('Revoked'));
  });

  it('says when the keys could not be loaded', async () => {
    fakeFetch(() => fail(500, 'unknown', 'Something went wrong.'));
    renderApiKeys();
    expect(await screen.findByTestId('load-failed')).toBeTruthy();
  });
});
