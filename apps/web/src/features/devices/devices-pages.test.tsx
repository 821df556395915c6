// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { device, DEVICE_ID, renderAsPatient } from '../gateways/testing/render-gateways';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const detail = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/devices', () => {
  it('lists the paired devices with measurement, gateway, battery, manufacturer and last reading', async () => {
    fakeFetch(({ path }) =>
      path === 'devices.mine'
        ? ok([
            device(),
            device({
              id: crypto.randomUUID(),
              name: 'Scale',
              measurement: 'bw',
              batteryLevel: null,
              manufacturer: null,
              lastReadingAt: null,
            }),
          ])
        : undefined,
    );
    renderAsPatient('/devices');
    const [cuff, scale] = (await screen.findAllByTestId('device-row')) as [HTMLElement, HTMLElement];
    expect(within(cuff).getByRole('link', { name: 'Blood pressure cuff' }).getAttribute('href')).toBe(
      `/devices/${DEVICE_ID}`,
    );
    expect(detail(cuff, 'Measurement')).toBe('Blood pressure');
    expect(detail(cuff, 'Gateway')).toBe('Living room');
    expect(detail(cuff, 'Battery')).toBe('87%');
    expect(detail(cuff, 'Manufacturer')).toBe('OpenCare Sim');
    expect(detail(cuff, 'Last reading')).toMatch(/^Mar 1, 2026/);
    expect(detail(scale, 'Measurement')).toBe('Body weight');
    expect(detail(scale, 'Battery')).toBe('Not reported yet');
    expect(detail(scale, 'Last reading')).toBe('No reading yet');
    expect(screen.getByRole('link', { name: 'Add a device' }).getAttribute('href')).toBe('/devices/add');
  });

  it('says when there is no device yet', async () => {
    fakeFetch(({ path }) => (path === 'devices.mine' ? ok([]) : undefined));
    renderAsPatient('/devices');
    expect(await screen.findByRole('heading', { name: 'No devices yet' })).toBeTruthy();
  });
});

describe('/devices/:deviceId', () => {
  it('renames the device', async () => {
    let name = 'Blood pressure cuff';
    const { calls } = fakeFetch(({ path, body }) => {
      if ((body as { id?: string } | undefined)?.id !== DEVICE_ID) return undefined;
      if (path === 'devices.update') name = (body as { changes: { name: string } }).changes.name;
      return ok(device({ name }));
    });
    renderAsPatient(`/devices/${DEVICE_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Arm cuff' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Arm cuff' })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'devices.update').map((c) => c.body)).toEqual([
      { id: DEVICE_ID, changes: { name: 'Arm cuff' } },
    ]);
  });

  it('shows the patient’s user number on the meter, and changes or clears it', async () => {
    let userSlot: number | null = null;
    const { calls } = fakeFetch(({ path, body }) => {
      if ((body as { id?: string } | undefined)?.id !== DEVICE_ID) return undefined;
      if (path === 'devices.update') userSlot = (body as { changes: { userSlot: number | null } }).changes.userSlot;
      return ok(device({ userSlot }));
    });
    renderAsPatient(`/devices/${DEVICE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Blood pressure cuff' });
    expect(detail(document.body, 'Your user number')).toBe('Not set: only you use this meter');

    fireEvent.click(screen.getByRole('button', { name: 'User number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your user number on this meter' });
    const box = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Your user number on this meter' });
    expect(within(dialog).getByText(/If several people use this meter, choose the user button you press/)).toBeTruthy();
    fireEvent.change(box, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 254.')).toBeTruthy();
    fireEvent.change(box, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(detail(document.body, 'Your user number')).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: 'User number' }));
    const again = await screen.findByRole('dialog');
    const cleared = within(again).getByRole<HTMLInputElement>('textbox', { name: 'Your user number on this meter' });
    expect(cleared.value).toBe('2');
    fireEvent.change(cleared, { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(detail(document.body, 'Your user number')).toBe('Not set: only you use this meter'));
    expect(calls.filter((c) => c.path === 'devices.update').map((c) => c.body)).toEqual([
      { id: DEVICE_ID, changes: { userSlot: 2 } },
      { id: DEVICE_ID, changes: { userSlot: null } },
    ]);
  });

  it('asks before removing the device, then goes back to the list', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      const id = (body as { id?: string } | undefined)?.id;
      if (path === 'devices.delete' && id === DEVICE_ID) return ok(null);
      if (path === 'devices.get' && id === DEVICE_ID) return ok(device());
      if (path === 'devices.mine') return ok([]);
      return undefined;
    });
    const { router } = renderAsPatient(`/devices/${DEVICE_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Blood pressure cuff?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'devices.delete')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices'));
    expect(calls.filter((c) => c.path === 'devices.delete')).toHaveLength(1);
  });

  it('says the device was not found', async () => {
    fakeFetch(({ path }) => (path === 'devices.get' ? fail(404, 'notFound', 'Not found.') : undefined));
    renderAsPatient(`/devices/${DEVICE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Device not found' })).toBeTruthy();
  });
});
