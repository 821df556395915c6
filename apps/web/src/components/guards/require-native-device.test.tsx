// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, ok } from '../../features/signup/testing/harness';
import { gateway } from '../../features/gateways/testing/render-gateways';
import { routes } from '../../routes';
import type { SessionState } from '../../session/session-context';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';

/** A new patient account each time: the gateways are cached per account. */
function patient(): SessionState {
  const account = makeAccount([ROLES.Patient]);
  return { status: 'signed-in', user: makeUser([account]), account };
}

function withBluetooth(present: boolean) {
  if (present) Object.defineProperty(navigator, 'bluetooth', { value: {}, configurable: true });
  else Reflect.deleteProperty(navigator, 'bluetooth');
}

function server(gateways: unknown[]) {
  return fakeFetch(({ path }) => {
    if (path === 'gateways.mine') return ok(gateways);
    if (path === 'devices.mine') return ok([]);
    return undefined;
  });
}

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  sessionStore.accessToken.clear();
  withBluetooth(false);
});

describe('native-device condition: Web Bluetooth or a home gateway', () => {
  it.each([
    ['/devices', 'Devices'],
    ['/devices/add', 'Add a device'],
    ['/gateways/connect-to-wifi', 'Connect the gateway to Wi-Fi'],
  ])('opens %s for a patient with a gateway, without Web Bluetooth', async (path, title) => {
    server([gateway()]);
    renderRoutes(routes, path, patient());
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('finds no such page for a patient without a gateway nor Web Bluetooth', async () => {
    const { calls } = server([]);
    renderRoutes(routes, '/devices', patient());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    // Asked once for the account, not on every render.
    expect(calls.filter((c) => c.path === 'gateways.mine')).toHaveLength(1);
  });

  it('does not ask for gateways where Web Bluetooth exists', async () => {
    withBluetooth(true);
    const { calls } = server([]);
    renderRoutes(routes, '/devices', patient());
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === 'devices.mine')).toBe(true));
    expect(calls.some((c) => c.path === 'gateways.mine')).toBe(false);
  });

  it('offers Devices in the menu once the patient’s gateway is known', async () => {
    server([gateway()]);
    renderRoutes(routes, '/gateways', patient());
    await screen.findByTestId('gateway-row');
    // The menu reads the same answer the guard does.
    await waitFor(() =>
      expect(within(screen.getByTestId('nav-menu')).getByRole('link', { name: 'Devices' })).toBeTruthy(),
    );
  });
});
