// @vitest-environment happy-dom
import { ERRORS } from '@opencare/schemas/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { page, renderDevices, vendor, VENDOR_ID } from '../device-profiles/testing/fixtures';
import { fail, fakeFetch, ok } from '../signup/testing/harness';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const type = (label: RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('vendors', { timeout: 20_000 }, () => {
  it('lists vendors with their identifiers, searches by name and pages', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path !== 'vendors.list') return undefined;
      if ((body as { page: number }).page === 2)
        return page([vendor({ id: 'ffffffff-0000-4000-8000-000000000009', vendorName: 'Zeta' })], {
          page: 2,
          total: 21,
        });
      return page([vendor({ ouis: ['EA:E0:AA'], companyIdentifiers: ['0x0CA5'] })], { total: 21 });
    });
    renderDevices('/dashboard/vendor');
    const table = await screen.findByTestId('vendors-table');
    expect(within(table).getByRole('link', { name: 'Omron' }).getAttribute('href')).toBe(
      `/dashboard/vendor/${VENDOR_ID}`,
    );
    expect(within(table).getByText('EA:E0:AA')).toBeTruthy();
    expect(within(table).getByText('0x0CA5')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Zeta' })).toBeTruthy();
    type(/^Search vendors/, 'omr');
    expect(calls[0]).toMatchObject({ path: 'vendors.list', body: { page: 1 } });
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ path: 'vendors.list', body: { page: 1, search: 'omr' } }),
    );
  });

  it('opens at the search and page its address names, as the way back from a vendor does', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'vendors.list' ? page([vendor()], { page: 2, total: 21 }) : undefined));
    renderDevices('/dashboard/vendor?search=omr&page=2');
    await screen.findByTestId('vendors-table');
    expect(calls[0]).toMatchObject({ path: 'vendors.list', body: { page: 2, search: 'omr' } });
    expect(screen.getByLabelText<HTMLInputElement>(/^Search vendors/).value).toBe('omr');
  });

  it("creates a vendor, checking the fields with the server's messages first", async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'vendors.create') return ok(vendor(body as object), 201);
      if (path === 'vendors.get' && (body as { id: string }).id === VENDOR_ID) return ok(vendor());
      return undefined;
    });
    const { router } = renderDevices('/dashboard/vendor/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Add vendor' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    type(/^Vendor name/, 'Omron');
    type(/^Website/, 'omron');
    fireEvent.click(screen.getByRole('button', { name: 'Add vendor' }));
    expect(await screen.findByText('Enter a valid web address.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'vendors.create')).toBe(false);

    type(/^Website/, 'https://omron.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Add vendor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/vendor/${VENDOR_ID}`));
    expect(calls.find((c) => c.path === 'vendors.create')?.body).toEqual({
      vendorName: 'Omron',
      address: '',
      website: 'https://omron.example.org',
      contactPerson: '',
      taxId: '',
    });
  });

  it('edits a vendor', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'vendors.update' && (body as { id: string }).id === VENDOR_ID)
        return ok(vendor((body as { changes: object }).changes));
      if (path === 'vendors.get' && (body as { id: string }).id === VENDOR_ID)
        return ok(vendor({ taxId: 'TX-1' }));
      return undefined;
    });
    const { router } = renderDevices(`/dashboard/vendor/${VENDOR_ID}/edit`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Omron' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Tax id/).value).toBe('TX-1');
    type(/^Tax id/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/vendor/${VENDOR_ID}`));
    // Blank clears what was there.
    expect(calls.find((c) => c.path === 'vendors.update')?.body).toMatchObject({
      id: VENDOR_ID,
      changes: { vendorName: 'Omron', taxId: '' },
    });
  });

  it('adds and removes Bluetooth identifiers, saying on the field what is wrong', async () => {
    let current = vendor({ ouis: ['00:11:22'] });
    const { calls } = fakeFetch(({ path, body }) => {
      const { id, value } = (body ?? {}) as { id?: string; value?: string };
      if (id !== VENDOR_ID) return undefined;
      if (path === 'vendors.get') return ok(current);
      if (path === 'vendors.addOui') {
        const oui = value!;
        if (oui === 'AA:BB:CC')
          return fail(409, 'vendorIdentifierTaken', ERRORS.vendorIdentifierTaken.message);
        current = { ...current, ouis: [...current.ouis, oui] };
        return ok(current, 201);
      }
      if (path === 'vendors.removeOui' && value === '00:11:22') {
        current = { ...current, ouis: current.ouis.filter((o) => o !== '00:11:22') };
        return ok(current);
      }
      if (path === 'vendors.addCompanyIdentifier' && value === '0x0CA5') {
        current = { ...current, companyIdentifiers: ['0x0CA5'] };
        return ok(current, 201);
      }
      return undefined;
    });
    renderDevices(`/dashboard/vendor/${VENDOR_ID}`);
    const ouis = await screen.findByTestId('identifiers-oui');
    const add = () => fireEvent.click(within(ouis).getByRole('button', { name: 'Add' }));

    type(/^New vendor identifier/, 'EA:E0', ouis);
    add();
    expect(await within(ouis).findByText('Enter a vendor identifier like EA:E0:AA.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'vendors.addOui')).toBe(false);

    type(/^New vendor identifier/, 'aa:bb:cc', ouis);
    add();
    expect(await within(ouis).findByText('This identifier already belongs to a vendor.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'vendors.addOui')?.body).toEqual({
      id: VENDOR_ID,
      value: 'AA:BB:CC',
    });

    type(/^New vendor identifier/, 'ea:e0:aa', ouis);
    add();
    expect(await within(ouis).findByText('EA:E0:AA')).toBeTruthy();
    expect(within(ouis).getByLabelText<HTMLInputElement>(/^New vendor identifier/).value).toBe('');

    fireEvent.click(within(ouis).getByRole('button', { name: 'Remove 00:11:22' }));
    await waitFor(() => expect(within(ouis).queryByText('00:11:22')).toBeNull());

    const companies = screen.getByTestId('identifiers-companyIdentifier');
    type(/^New company identifier/, '0x0ca5', companies);
    fireEvent.click(within(companies).getByRole('button', { name: 'Add' }));
    expect(await within(companies).findByText('0x0CA5')).toBeTruthy();
  });

  it('deletes a vendor only once confirmed', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      const id = (body as { id?: string } | undefined)?.id;
      if (path === 'vendors.get' && id === VENDOR_ID) return ok(vendor());
      if (path === 'vendors.delete' && id === VENDOR_ID) return ok(null);
      if (path === 'vendors.list') return page([]);
      return undefined;
    });
    const { router } = renderDevices(`/dashboard/vendor/${VENDOR_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Omron?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === 'vendors.delete')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Omron?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/vendor'));
    expect(calls.filter((c) => c.path === 'vendors.delete')).toHaveLength(1);
  });
});
