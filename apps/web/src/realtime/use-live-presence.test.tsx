// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trpc } from '../api/trpc';
import { fakeFetch, ok } from '../features/signup/testing/harness';
import { sessionStore } from '../session/session-store';
import { makeAccount, makeUser } from '../testing/fixtures';
import { Providers } from '../testing/render-app';
import { asPeopleSocket, fakeSocket } from './fake-socket';
import { RealtimeContext } from './realtime-context';
import { useLivePresence } from './use-live-presence';

const PAT = '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b22';
const LAYLA = '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b23';

const row = (accountId: string, fullName: string) => ({
  accountId,
  fullName,
  mrn: 'MRN500001',
  dateOfBirth: null,
  isOnline: false,
  lastSeen: '2026-03-01T14:00:00.000Z',
});

/** A list read from the query cache, with the hook mounted beside it. */
function CachedList() {
  useLivePresence();
  const list = trpc.patients.list.useQuery({ page: 1, pageSize: 20 });
  return (
    <ul>
      {list.data?.items.map((p) => (
        <li key={p.accountId} data-testid={p.fullName} data-online={String(p.isOnline)}>
          {p.lastSeen}
        </li>
      ))}
    </ul>
  );
}

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('live presence', () => {
  it('writes a change into the cached patient lists, keeps newer data, and fetches them again on a resync', async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'patients.list'
        ? ok({
            items: [row(PAT, 'Pat Morgan'), row(LAYLA, 'Layla Haddad')],
            meta: { total: 2, page: 1, pageSize: 20, totalPages: 1, hasNextPage: false, hasPreviousPage: false },
          })
        : undefined,
    );
    const socket = fakeSocket();
    const account = makeAccount([ROLES.Nurse], { accountType: { code: 'prov', description: 'Provider' } });
    render(
      <Providers session={{ status: 'signed-in', user: makeUser([account]), account }}>
        <RealtimeContext value={{ socket: asPeopleSocket(socket), state: 'connected' }}>
          <CachedList />
        </RealtimeContext>
      </Providers>,
    );
    const pat = await screen.findByTestId('Pat Morgan');
    expect(pat.dataset.online).toBe('false');

    act(() => socket.serverEmit('presence:changed', { accountId: PAT, isOnline: true, lastSeen: '2026-03-02T09:00:00.000Z' }));
    expect(pat.dataset.online).toBe('true');
    expect(pat.textContent).toBe('2026-03-02T09:00:00.000Z');
    expect(screen.getByTestId('Layla Haddad').dataset.online).toBe('false');

    // An older change (heard late) does not overrule what is newer.
    act(() => socket.serverEmit('presence:changed', { accountId: PAT, isOnline: false, lastSeen: '2026-03-01T20:00:00.000Z' }));
    expect(pat.dataset.online).toBe('true');
    expect(calls.filter((c) => c.path === 'patients.list')).toHaveLength(1);

    act(() => socket.serverEmit('live:resync'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'patients.list')).toHaveLength(2));
  });
});
