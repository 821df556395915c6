// @vitest-environment happy-dom
import { ERRORS } from '@opencare/schemas/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok, type FakeRoute } from '../signup/testing/harness';
import {
  bpTask,
  page,
  profile,
  PROFILE_ID,
  renderDevices,
  saved,
  vendor,
  VENDOR_ID,
} from './testing/fixtures';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const type = (label: RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const click = (name: string | RegExp, scope: HTMLElement = document.body) =>
  fireEvent.click(within(scope).getByRole('button', { name }));
const cards = () => screen.queryAllByTestId('task-card');

const idOf = (body: unknown) => (body as { id?: string } | undefined)?.id;
const changesOf = (body: unknown) => (body as { changes: unknown }).changes;
const isChoices = (body: unknown) => (body as { pageSize?: number } | undefined)?.pageSize === 100;

/** The calls every builder makes, then `route` for the rest. */
function server(route: FakeRoute) {
  return fakeFetch((request) => {
    if (request.path === 'vendors.list' && isChoices(request.body)) return page([vendor()]);
    if (request.path === 'deviceProfiles.list' && isChoices(request.body))
      return page([profile({ id: 'ffffffff-0000-4000-8000-000000000001', profileName: 'Other cuff' })]);
    return route(request);
  });
}

// Many fields are typed into a Mantine form per test: generous on a busy machine.
describe('the device-profile builder', { timeout: 20_000 }, () => {
  it("checks every field with the server's own messages before saving a draft", async () => {
    const { calls } = server(({ path, body }) => {
      if (path === 'deviceProfiles.create') return ok(saved(body), 201);
      return undefined;
    });
    renderDevices('/create-profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a device profile' })).toBeTruthy();

    // The builder opens once the vendors and profiles to choose from are there.
    await screen.findByRole('button', { name: 'Save draft' });
    click('Save draft');
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByLabelText(/^Profile name/).getAttribute('aria-invalid')).toBe('true');

    type(/^Profile name/, 'Omron X7');
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: VENDOR_ID } });
    fireEvent.change(screen.getByLabelText('Measurement type'), { target: { value: 'bp' } });
    click('Add start task');
    const start = cards()[0]!;
    // The new task's first field has the focus, so a keyboard user goes straight on typing.
    expect(document.activeElement).toBe(within(start).getByLabelText(/^GATT service UUID/));
    type(/^GATT service UUID/, '0x180A', start);
    type(/^Characteristic UUID/, '2A29', start);

    click('Add measurement task');
    const measure = cards()[1]!;
    type(/^GATT service UUID/, '1808', measure);
    type(/^Characteristic UUID/, '2A52', measure);
    fireEvent.change(within(measure).getByLabelText('Action'), { target: { value: 'write' } });
    type(/^Write value/, '010', measure);

    click('Save draft');
    expect(await screen.findByText('Enter a 16-bit or 128-bit Bluetooth UUID.')).toBeTruthy();
    expect(screen.getByText('Write value must be hex digits in pairs, like 0101.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'deviceProfiles.create')).toBe(false);

    type(/^GATT service UUID/, '180A', start);
    type(/^Write value/, '0101', measure);
    type(/^Descriptors/, '2902', measure);
    click('Save draft');
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'deviceProfiles.create')?.body).toEqual({
      profileName: 'Omron X7',
      vendorId: VENDOR_ID,
      measurement: 'bp',
      tasks: [
        {
          phase: 'start',
          service: '180A',
          characteristic: '2A29',
          descriptors: [],
          action: 'read',
          dataType: 'hex',
        },
        {
          phase: 'task',
          service: '1808',
          characteristic: '2A52',
          descriptors: ['2902'],
          action: 'write',
          writeValue: '0101',
          dataType: 'hex',
        },
      ],
    });
    expect(screen.getByTestId('save-state').textContent).toBe('All changes saved');
  });

  it('orders tasks with keyboard-reachable buttons, within their phase', async () => {
    server(({ path, body }) =>
      path === 'deviceProfiles.get' && idOf(body) === PROFILE_ID
        ? ok(
            profile({
              tasks: [
                { ...bpTask, characteristic: '2A35' },
                { ...bpTask, characteristic: '2A36' },
              ],
            }),
          )
        : undefined,
    );
    renderDevices(`/dashboard/device-management/${PROFILE_ID}/edit`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Omron X7' });
    const measure = screen.getByTestId('phase-task');
    const characteristics = () =>
      within(measure)
        .getAllByLabelText<HTMLInputElement>(/^Characteristic UUID/)
        .map((input) => input.value);
    expect(characteristics()).toEqual(['2A35', '2A36']);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Move Measurement task 1 up' }).disabled,
    ).toBe(true);

    click('Move Measurement task 1 down');
    expect(characteristics()).toEqual(['2A36', '2A35']);
    // The moved task is now task 2, at the end of its phase: the focus stays on it.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Measurement task 2 up'),
    );
    click('Remove Measurement task 1');
    expect(characteristics()).toEqual(['2A35']);
    expect(screen.getByTestId('save-state').textContent).toBe('Unsaved changes');
  });

  it('auto-saves the draft when the device changes', async () => {
    const { calls } = server(({ path, body }) => {
      if (idOf(body) !== PROFILE_ID) return undefined;
      if (path === 'deviceProfiles.update') return ok(saved(changesOf(body)));
      return path === 'deviceProfiles.get' ? ok(profile({ device: 'X7' })) : undefined;
    });
    renderDevices(`/dashboard/device-management/${PROFILE_ID}/edit`);
    const device = await screen.findByLabelText(/^Device/);
    fireEvent.blur(device);
    expect(calls.some((c) => c.path === 'deviceProfiles.update')).toBe(false);

    fireEvent.change(device, { target: { value: 'X7 Pro' } });
    fireEvent.blur(device);
    await waitFor(() => expect(calls.filter((c) => c.path === 'deviceProfiles.update')).toHaveLength(1));
    expect(calls.find((c) => c.path === 'deviceProfiles.update')?.body).toMatchObject({
      id: PROFILE_ID,
      changes: { profileName: 'Omron X7', device: 'X7 Pro', tasks: [] },
    });
  });

  it('saves the draft before leaving, and lets the admin choose when it cannot be saved', async () => {
    const { calls } = server(({ path, body }) => {
      if (idOf(body) !== PROFILE_ID) return undefined;
      if (path === 'deviceProfiles.update') return ok(saved(changesOf(body)));
      if (path === 'deviceProfiles.get') return ok(profile());
      if (path === 'deviceProfiles.versions') return ok([]);
      return undefined;
    });
    const { router } = renderDevices(`/dashboard/device-management/${PROFILE_ID}/edit`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Omron X7' });
    type(/^Profile name/, 'Omron X7 v2');
    fireEvent.click(screen.getByRole('link', { name: 'Back to the profile' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/device-management/${PROFILE_ID}`),
    );
    expect(
      calls
        .filter((c) => c.path === 'deviceProfiles.update')
        .map((c) => (changesOf(c.body) as { profileName: string }).profileName),
    ).toEqual(['Omron X7 v2']);

    // Back in the builder, once the profile's page is up, with a task that cannot be saved yet.
    await screen.findByTestId('profile-details');
    await router.navigate(`/dashboard/device-management/${PROFILE_ID}/edit`);
    await screen.findByRole('button', { name: 'Add end task' });
    click('Add end task');
    fireEvent.click(screen.getByRole('link', { name: 'Back to the profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'The draft could not be saved' });
    expect(router.state.location.pathname).toBe(`/dashboard/device-management/${PROFILE_ID}/edit`);
    expect(screen.getAllByText('Enter a 16-bit or 128-bit Bluetooth UUID.').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/device-management/${PROFILE_ID}`),
    );
    expect(calls.filter((c) => c.path === 'deviceProfiles.update')).toHaveLength(1);
  });

  it('"Finish later" saves and returns to the list', async () => {
    const { calls } = server(({ path, body }) => {
      if (path === 'deviceProfiles.update' && idOf(body) === PROFILE_ID) return ok(saved(changesOf(body)));
      if (path === 'deviceProfiles.get' && idOf(body) === PROFILE_ID) return ok(profile());
      if (path === 'deviceProfiles.list') return page([profile()]);
      return undefined;
    });
    const { router } = renderDevices(`/dashboard/device-management/${PROFILE_ID}/edit`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Omron X7' });
    type(/^Device/, 'X7');
    click('Finish later');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/device-management'));
    expect(calls.filter((c) => c.path === 'deviceProfiles.update')).toHaveLength(1);
  });

  it('shows why the server would not complete it, and the live version once it does', async () => {
    let complete = false;
    server(({ path, body }) => {
      if (idOf(body) !== PROFILE_ID) return undefined;
      if (path === 'deviceProfiles.get')
        return ok(profile(complete ? { state: 'complete', version: 2 } : { version: 1 }));
      if (path === 'deviceProfiles.versions') return ok([]);
      if (path === 'deviceProfiles.complete') {
        if (!complete) return fail(400, 'deviceProfileIncomplete', ERRORS.deviceProfileIncomplete.message);
        return ok(profile({ state: 'complete', version: 2 }));
      }
      return undefined;
    });
    const { router } = renderDevices(`/dashboard/device-management/${PROFILE_ID}/edit`);
    expect((await screen.findByTestId('live-version')).textContent).toBe(
      'Version 1 is live; you are editing a draft. Gateways keep version 1 until you mark this draft complete.',
    );
    click('Mark complete');
    expect((await screen.findByTestId('builder-failure')).textContent).toBe(
      ERRORS.deviceProfileIncomplete.message,
    );

    complete = true;
    click('Mark complete');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/device-management/${PROFILE_ID}`),
    );
    await screen.findByTestId('profile-details');
    expect(screen.getByTestId('version-badge').textContent).toBe('Version 2 live');
    expect(screen.getByTestId('state-badge').textContent).toBe('Complete');
  });

  it('keeps built-in profiles read-only and offers a copy to edit', async () => {
    const copy = profile({
      id: 'ffffffff-0000-4000-8000-000000000002',
      profileName: 'Blood Pressure (Bluetooth SIG) (copy)',
    });
    const { calls } = server(({ path, body }) => {
      if (path === 'deviceProfiles.get' && idOf(body) === PROFILE_ID) {
        return ok(
          profile({
            profileName: 'Blood Pressure (Bluetooth SIG)',
            builtIn: true,
            state: 'complete',
            version: 1,
            tasks: [bpTask],
          }),
        );
      }
      if (path === 'deviceProfiles.duplicate' && idOf(body) === PROFILE_ID) return ok(copy, 201);
      if (path === 'deviceProfiles.get' && idOf(body) === copy.id) return ok(copy);
      return undefined;
    });
    const { router } = renderDevices(`/dashboard/device-management/${PROFILE_ID}/edit`);
    expect(await screen.findByText(/A built-in Bluetooth SIG profile: it cannot be changed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    click('Duplicate');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/device-management/${copy.id}/edit`),
    );
    expect(await screen.findByRole('button', { name: 'Save draft' })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'deviceProfiles.duplicate')).toHaveLength(1);
  });
});

describe('the device-profile list', () => {
  it('shows state, live version and built-in badges, and filters drafts', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'deviceProfiles.list') {
        return page([
          profile({ profileName: 'Cuff draft' }),
          profile({
            id: 'ffffffff-0000-4000-8000-000000000003',
            profileName: 'Glucose (Bluetooth SIG)',
            builtIn: true,
            state: 'complete',
            version: 1,
          }),
        ]);
      }
      return undefined;
    });
    renderDevices('/dashboard/device-management');
    const rows = await screen.findAllByTestId('profile-row');
    expect(within(rows[0]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[0]!).getByText('Not live yet')).toBeTruthy();
    expect(within(rows[1]!).getByText('Version 1 live')).toBeTruthy();
    expect(within(rows[1]!).getByText('Built in')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Draft' }));
    expect(calls[0]).toMatchObject({ path: 'deviceProfiles.list', body: { page: 1 } });
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ path: 'deviceProfiles.list', body: { page: 1, state: 'draft' } }),
    );
  });
});
