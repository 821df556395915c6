// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { gateway, GATEWAY_ID, renderAsPatient } from './testing/render-gateways';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const networks = [
  { ssid: 'Home', signal: 82, security: 'WPA2', inUse: true },
  { ssid: 'Cafe', signal: 40, security: '', inUse: false },
];

describe('/gateways/connect-to-wifi', () => {
  it('scans through the gateway, checks the password, connects, and says why it could not', async () => {
    let connectOk = false;
    const { calls } = fakeFetch(({ path, body }) => {
      const id = (body as { id?: string } | undefined)?.id;
      if (path === 'gateways.mine') return ok([gateway({ status: 'online' })]);
      if (path === 'gateways.wifiNetworks' && id === GATEWAY_ID) return ok(networks);
      if (path === 'gateways.connectWifi' && id === GATEWAY_ID)
        return connectOk
          ? ok({ ssid: 'Home' })
          : fail(502, 'wifiConnectFailed', 'The gateway could not connect to Wi-Fi.');
      return undefined;
    });
    renderAsPatient('/gateways/connect-to-wifi');
    fireEvent.click(await screen.findByRole('button', { name: 'Look for networks' }));
    const items = await screen.findAllByTestId('wifi-network');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Signal 82% · WPA2');
    expect(within(items[0]!).getByText('Connected')).toBeTruthy();
    expect(items[1]?.textContent).toContain('Open');

    fireEvent.click(screen.getByRole('button', { name: 'Choose Home' }));
    const password = await screen.findByLabelText(/^Password/);
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('A Wi-Fi password has at least 8 characters.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'gateways.connectWifi')).toBe(false);

    fireEvent.change(password, { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByTestId('wifi-error')).textContent).toBe(
      'The gateway could not connect to Wi-Fi.',
    );
    expect(calls.find((c) => c.path === 'gateways.connectWifi')?.body).toEqual({
      id: GATEWAY_ID,
      ssid: 'Home',
      password: 'correct horse',
    });

    connectOk = true;
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('The gateway is connected to Home.')).toBeTruthy();
  });

  it('says when the scan failed', async () => {
    fakeFetch(({ path }) => {
      if (path === 'gateways.mine') return ok([gateway({ status: 'online' })]);
      if (path === 'gateways.wifiNetworks') return fail(502, 'wifiScanFailed', 'The Wi-Fi scan failed.');
      return undefined;
    });
    renderAsPatient('/gateways/connect-to-wifi');
    fireEvent.click(await screen.findByRole('button', { name: 'Look for networks' }));
    await waitFor(() => expect(screen.getByTestId('wifi-error').textContent).toBe('The Wi-Fi scan failed.'));
  });
});
