// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asPeopleSocket, fakeSocket } from '../../realtime/fake-socket';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { device, gateway, GATEWAY_ID, renderAsPatient } from './testing/render-gateways';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

function server(extra: Parameters<typeof fakeFetch>[0] = () => undefined) {
  return fakeFetch((request) => {
    if (request.path === 'gateways.mine') return ok([gateway()]);
    if (request.path === 'devices.mine') return ok([device()]);
    return extra(request);
  });
}

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/gateways/:gatewayName', () => {
  it('shows every field the gateway reported, its devices and its live status', async () => {
    server();
    const socket = fakeSocket();
    renderAsPatient('/gateways/Living%20room', { socket: asPeopleSocket(socket) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gateway Living room' })).toBeTruthy();
    await screen.findByText('Serial number', { selector: 'dt' });
    expect(detail('Serial number')).toBe('10000000abcdef01');
    expect(detail('Model')).toBe('Raspberry Pi 4 Model B Rev 1.4');
    expect(detail('Operating system')).toBe('Debian GNU/Linux 12 (bookworm)');
    expect(detail('Bluetooth version')).toBe('5.0');
    expect(detail('Bluetooth adapters')).toBe('hci0');
    expect(detail('MAC numbers')).toBe('B8:27:EB:12:34:56');
    expect(detail('Local IP address')).toBe('192.168.1.20');
    expect(detail('Public IP address')).toBe('203.0.113.7');
    expect(detail('Bluetooth address')).toBe('B8:27:EB:65:43:21');
    expect(detail('Agent version')).toBe('0.1.0');
    expect(detail('NXW id')).toBe('Not reported yet');
    expect(screen.getByRole('link', { name: 'Blood pressure cuff' }).getAttribute('href')).toBe(
      '/devices/3d4e5f60-7182-4c93-8db4-c5d6e7f8091a',
    );
    expect(screen.getByRole('link', { name: 'Connect to Wi-Fi' }).getAttribute('href')).toBe(
      `/gateways/connect-to-wifi?gateway=${GATEWAY_ID}`,
    );
    const status = screen.getByTestId('gateway-status');
    expect(status.textContent).toBe('Offline');
    act(() =>
      socket.serverEmit('gateway:status', {
        patientId: 'p',
        gatewayId: GATEWAY_ID,
        status: 'online',
        lastSeenAt: null,
      }),
    );
    await waitFor(() => expect(status.textContent).toBe('Online'));
  });

  it('finds the gateway by id as well', async () => {
    server();
    renderAsPatient(`/gateways/${GATEWAY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Gateway Living room' })).toBeTruthy();
  });

  it('says so when the patient has no gateway of that name', async () => {
    server();
    renderAsPatient('/gateways/Garage');
    expect(await screen.findByRole('heading', { name: 'Gateway not found' })).toBeTruthy();
  });

  it('renames the gateway and follows its new name in the address', async () => {
    const { calls } = server(({ path, body }) =>
      path === 'gateways.update' && (body as { id: string }).id === GATEWAY_ID
        ? ok(gateway({ displayName: 'Bedroom' }))
        : undefined,
    );
    const { router } = renderAsPatient('/gateways/Living%20room');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Bedroom' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gateways/Bedroom'));
    expect(calls.find((c) => c.path === 'gateways.update')?.body).toEqual({
      id: GATEWAY_ID,
      changes: { displayName: 'Bedroom' },
    });
    // The list shows the new name without asking again.
    expect(calls.filter((c) => c.path === 'gateways.mine')).toHaveLength(1);
  });

  it('asks before removing the gateway, then removes it and goes back to the list', async () => {
    const { calls } = server(({ path, body }) =>
      path === 'gateways.delete' && (body as { id: string }).id === GATEWAY_ID ? ok(null) : undefined,
    );
    const { router } = renderAsPatient('/gateways/Living%20room');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Living room?' });
    expect(calls.some((c) => c.path === 'gateways.delete')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gateways'));
    expect(calls.filter((c) => c.path === 'gateways.delete')).toHaveLength(1);
  });

  it('keeps the dialog open with the reason when removing fails', async () => {
    server(({ path }) =>
      path === 'gateways.delete'
        ? fail(409, 'gatewayNotConnected', 'The gateway is not connected.')
        : undefined,
    );
    renderAsPatient('/gateways/Living%20room');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The gateway is not connected.');
  });
});
