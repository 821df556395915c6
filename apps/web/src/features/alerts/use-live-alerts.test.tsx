// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asPeopleSocket, fakeSocket } from '../../realtime/fake-socket';
import { RealtimeContext } from '../../realtime/realtime-context';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { Providers } from '../../testing/render-app';
import { fakeFetch, ok } from '../signup/testing/harness';
import { OpenAlertsBadge } from './open-alerts-badge';
import { ALERT_ID, PATIENT_ID } from './testing/render-alerts';

const meta = (total: number) => ({ total, page: 1, pageSize: 1, totalPages: total, hasNextPage: total > 1, hasPreviousPage: false });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('live alerts', () => {
  it('counts open alerts again when one changes, with no polling, and tells the person an alert was escalated to', async () => {
    let total = 1;
    const { calls } = fakeFetch(({ path }) => (path === 'alerts.list' ? ok({ items: [], meta: meta(total) }) : undefined));
    const socket = fakeSocket();
    const account = makeAccount([ROLES.Physician], { accountType: { code: 'prov', description: 'Provider' } });
    render(
      <Providers session={{ status: 'signed-in', user: makeUser([account]), account }}>
        <RealtimeContext value={{ socket: asPeopleSocket(socket), state: 'connected' }}>
          <OpenAlertsBadge />
        </RealtimeContext>
      </Providers>,
    );
    expect((await screen.findByTestId('alerts-open-badge')).textContent).toContain('1');
    const fetched = () => calls.filter((c) => c.path === 'alerts.list').length;
    expect(fetched()).toBe(1);

    total = 2;
    act(() => socket.serverEmit('alert:changed', { alertId: ALERT_ID, patientId: PATIENT_ID, kind: 'opened' }));
    await waitFor(() => expect(screen.getByTestId('alerts-open-badge').textContent).toContain('2'));
    expect(fetched()).toBe(2);

    act(() => socket.serverEmit('alert:escalated', { alertId: ALERT_ID, patientId: PATIENT_ID, step: 'primaryProvider' }));
    expect(await screen.findByText('An unacknowledged alert was escalated to you.')).toBeTruthy();
  });
});
