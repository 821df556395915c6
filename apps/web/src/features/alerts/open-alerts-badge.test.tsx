// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { fakeFetch, ok } from '../signup/testing/harness';
import { AlertsPage } from './alerts-page';
import { OpenAlertsBadge } from './open-alerts-badge';
import { ALERT_ID, alert, alertPage } from './testing/render-alerts';


function renderInboxWithBadge() {
  const account = makeAccount([ROLES.Nurse], { accountType: { code: 'prov', description: 'Provider' } });
  const element = (
    <>
      <OpenAlertsBadge />
      <AlertsPage />
    </>
  );
  return renderRoutes([{ path: '/alerts', element }], '/alerts', {
    status: 'signed-in',
    user: makeUser([account]),
    account,
  });
}

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('open alerts badge', () => {
  it('shows the open count from one small request, and counts again after an acknowledgement', async () => {
    let open = 3;
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'alerts.list') {
        return (body as { pageSize: number }).pageSize === 1 ? alertPage([alert()], 1, open) : alertPage([alert()]);
      }
      if (path === 'alerts.acknowledge' && (body as { id: string }).id === ALERT_ID) {
        open -= 1;
        return ok(alert({ acknowledgedAt: '2026-03-01T15:00:00.000Z' }));
      }
      return undefined;
    });
    renderInboxWithBadge();
    const badge = await screen.findByTestId('alerts-open-badge');
    expect(badge.textContent).toBe('3Open alerts: 3');
    expect(
      calls.some(
        (c) =>
          c.path === 'alerts.list' && (c.body as { status: string; pageSize: number }).status === 'open' && (c.body as { pageSize: number }).pageSize === 1,
      ),
    ).toBe(true);

    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge the alert for Pat Morgan' }));
    await waitFor(() => expect(screen.getByTestId('alerts-open-badge').textContent).toBe('2Open alerts: 2'));
  });

  it('shows nothing while there are no open alerts', async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'alerts.list' ? alertPage([], 1, 0) : undefined,
    );
    renderInboxWithBadge();
    await screen.findByText('No open alerts');
    await waitFor(() => expect(calls.filter((c) => (c.body as { pageSize?: number } | undefined)?.pageSize === 1)).toHaveLength(1));
    expect(screen.queryByTestId('alerts-open-badge')).toBeNull();
  });
});
