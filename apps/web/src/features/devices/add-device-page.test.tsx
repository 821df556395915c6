// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import {
  BP_PROFILE_ID,
  BT_PROFILE_ID,
  device,
  DEVICE_ID,
  gateway,
  GATEWAY_ID,
  nearby,
  OTHER_GATEWAY_ID,
  profile,
  renderAsPatient,
} from '../gateways/testing/render-gateways';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const thermometer = nearby({
  address: 'C4:7C:8D:6A:00:09',
  name: null,
  rssi: -78,
  signal: 'poor',
  distanceM: 6.3,
  services: ['1809'],
  measurement: 'bt',
});
const speaker = nearby({
  address: '11:22:33:44:55:66',
  name: 'Speaker',
  rssi: -90,
  signal: 'bad',
  distanceM: 15.8,
  services: [],
  measurement: null,
});
const profiles = [
  profile({ profileId: BT_PROFILE_ID, profileName: 'Thermometer (SIG)', measurement: 'bt' }),
  profile(),
];

function server(scan = () => ok([nearby(), thermometer, speaker])) {
  return fakeFetch(({ path, body }) => {
    const id = (body as { id?: string } | undefined)?.id;
    if (path === 'gateways.mine') return ok([gateway({ status: 'online' })]);
    if (path === 'gateways.scan' && id === GATEWAY_ID) return scan();
    if (path === 'devices.profiles') return ok(profiles);
    if (path === 'devices.add') return ok(device({ name: 'My cuff' }), 201);
    if (path === 'devices.get' && id === DEVICE_ID) return ok(device({ name: 'My cuff' }));
    return undefined;
  });
}

describe('/devices/add', () => {
  it('scans through the gateway and lists nearby devices with signal bucket, distance and measurement', async () => {
    const { calls } = server();
    renderAsPatient('/devices/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    const items = await screen.findAllByTestId('nearby-device');
    expect(calls.find((c) => c.method === 'mutation')).toEqual({
      method: 'mutation',
      path: 'gateways.scan',
      body: { id: GATEWAY_ID, seconds: 8 },
    });
    expect(items).toHaveLength(3);
    const [cuff, thermo, other] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(cuff).getByTestId('signal').dataset.signal).toBe('good');
    expect(within(cuff).getByTestId('signal').textContent).toBe('Good signal');
    expect(within(cuff).getByTestId('nearby-distance').textContent).toBe('about 0.6 m');
    expect(within(cuff).getByTestId('nearby-measurement').textContent).toBe('Blood pressure');
    expect(within(thermo).getByText('Unnamed device')).toBeTruthy();
    expect(within(thermo).getByTestId('signal').textContent).toBe('Poor signal');
    expect(within(thermo).getByTestId('nearby-measurement').textContent).toBe('Body temperature');
    expect(within(other).getByTestId('signal').textContent).toBe('Bad signal');
    expect(within(other).getByTestId('nearby-distance').textContent).toBe('about 15.8 m');
    expect(within(other).getByTestId('nearby-measurement').textContent).toBe('No standard measurement');
  });

  it('pre-selects the profile of the measurement the device offers, pairs it and opens its page', async () => {
    const { calls } = server();
    const { router } = renderAsPatient('/devices/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    const [cuff] = await screen.findAllByTestId('nearby-device');
    fireEvent.click(within(cuff!).getByRole('button', { name: 'Choose: BP Cuff' }));
    expect(within(cuff!).getByRole('button', { name: 'Chosen: BP Cuff' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const select = await screen.findByTestId('profile-select');
    await waitFor(() =>
      expect((select as HTMLInputElement).value).toBe('Blood Pressure (SIG) · Blood pressure'),
    );
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).value).toBe('BP Cuff');
    fireEvent.change(name, { target: { value: 'My cuff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the device' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/devices/${DEVICE_ID}`));
    expect(calls.find((c) => c.path === 'devices.add')?.body).toEqual({
      gatewayId: GATEWAY_ID,
      address: 'C4:7C:8D:6A:12:34',
      name: 'My cuff',
      profileId: BP_PROFILE_ID,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My cuff' })).toBeTruthy();
  });

  it('asks for a name and a profile before pairing, and shows the server’s refusal of the name under it', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      const id = (body as { id?: string } | undefined)?.id;
      if (path === 'gateways.mine') return ok([gateway({ status: 'online' })]);
      if (path === 'gateways.scan' && id === GATEWAY_ID) return ok([speaker]);
      if (path === 'devices.profiles') return ok(profiles);
      if (path === 'devices.add') {
        return fail(400, 'validationFailed', 'Some fields are not valid.', [{ field: 'name', message: 'Enter a name.' }]);
      }
      return undefined;
    });
    renderAsPatient('/devices/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    const [item] = await screen.findAllByTestId('nearby-device');
    fireEvent.click(within(item!).getByRole('button', { name: 'Choose: Speaker' }));
    await screen.findByTestId('profile-select');
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the device' }));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls.some((c) => c.path === 'devices.add')).toBe(false);

    fireEvent.change(name, { target: { value: 'Speaker' } });
    fireEvent.click(screen.getByTestId('profile-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Thermometer (SIG) · Body temperature', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Add the device' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'devices.add')).toBe(true));
    expect(calls.find((c) => c.path === 'devices.add')?.body).toEqual({
      gatewayId: GATEWAY_ID,
      address: '11:22:33:44:55:66',
      name: 'Speaker',
      profileId: BT_PROFILE_ID,
    });
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.value).toBe('Speaker');
    expect(screen.queryByTestId('pair-error')).toBeNull();
  });

  it('takes the patient’s user number on a shared meter, optional, with its help text; a number out of range is said at once', async () => {
    const { calls } = server();
    renderAsPatient('/devices/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    const [cuff] = await screen.findAllByTestId('nearby-device');
    fireEvent.click(within(cuff!).getByRole('button', { name: 'Choose: BP Cuff' }));
    await screen.findByTestId('profile-select');
    const slot = screen.getByRole<HTMLInputElement>('textbox', { name: 'Your user number on this meter' });
    expect(slot.value).toBe('');
    expect(screen.getByText('If several people use this meter, choose the user button you press. Leave it empty if only you use it.')).toBeTruthy();

    fireEvent.change(slot, { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the device' }));
    expect(await screen.findByText('Enter a whole number from 1 to 254.')).toBeTruthy();
    expect(slot.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === 'devices.add')).toBe(false);

    fireEvent.change(slot, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the device' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'devices.add')).toBe(true));
    expect(calls.find((c) => c.path === 'devices.add')?.body).toEqual({
      gatewayId: GATEWAY_ID,
      address: 'C4:7C:8D:6A:12:34',
      name: 'BP Cuff',
      profileId: BP_PROFILE_ID,
      userSlot: 2,
    });
  });

  it('pre-selects the thermometer profile for a thermometer and names an unnamed device by its measurement', async () => {
    server();
    renderAsPatient('/devices/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    const items = await screen.findAllByTestId('nearby-device');
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Choose: Unnamed device' }));
    const select = await screen.findByTestId('profile-select');
    await waitFor(() =>
      expect((select as HTMLInputElement).value).toBe('Thermometer (SIG) · Body temperature'),
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('Body temperature');
  });

  it('says when the gateway is not connected', async () => {
    server(() => fail(409, 'gatewayNotConnected', 'The gateway is not connected.'));
    renderAsPatient('/devices/add');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    expect((await screen.findByTestId('scan-error')).textContent).toBe('The gateway is not connected.');
    expect(screen.queryAllByTestId('nearby-device')).toHaveLength(0);
  });

  it('lets the patient choose the gateway when there are several, starting with the one linked to', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'gateways.mine')
        return ok([gateway({ status: 'online' }), gateway({ id: OTHER_GATEWAY_ID, displayName: 'Kitchen' })]);
      if (path === 'gateways.scan') return ok([]);
      return undefined;
    });
    renderAsPatient(`/devices/add?gateway=${OTHER_GATEWAY_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    expect(await screen.findByText('No devices found nearby')).toBeTruthy();
    expect(calls.find((c) => c.path === 'gateways.scan')?.body).toEqual({ id: OTHER_GATEWAY_ID, seconds: 8 });
  });

  it('sends a patient without a gateway to set one up', async () => {
    fakeFetch(({ path }) => (path === 'gateways.mine' ? ok([]) : undefined));
    renderAsPatient('/devices/add');
    expect(await screen.findByText('You need a gateway first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up a gateway' }).getAttribute('href')).toBe(
      '/gateways/setup',
    );
  });
});
