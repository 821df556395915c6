import { randomBytes } from 'node:crypto';
import { listAuditForResource } from '@opencare/api/audit/audit.repository';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { ROLES } from '@opencare/schemas/roles';
import { TRPCClientError, createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/** Vendors and their Bluetooth identifiers; every vendor and device-profile operation per role; tRPC. */

let t: TestEdge;
let admin: string;
beforeAll(async () => {
  t = await startTestEdge();
  admin = (await t.login('admin')).token;
});
afterAll(() => t.close());

/** Every demo role but the admin: all of them are refused every vendor and device-profile operation. */
const OTHER_ROLES = ['physician', 'nurse', 'assistant', 'patient', 'caregiver'] as const;

/** Names unique per run: the suite also runs against a shared PostgreSQL. */
const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;

const startTask = {
  phase: 'start',
  service: '180A',
  characteristic: '2A29',
  action: 'read',
  dataType: 'string',
};
const measurementTask = {
  phase: 'task',
  service: '1810',
  characteristic: '2A35',
  descriptors: ['2902'],
  action: 'indicate',
  dataType: 'hex',
};
const endTask = {
  phase: 'end',
  service: '180F',
  characteristic: '2A19',
  action: 'read',
  dataType: 'integer',
};

const post = (path: string, body?: unknown, token = admin) =>
  t.call('POST', `/api/v1${path}`, { token, body });
const patch = (path: string, body: unknown, token = admin) =>
  t.call('PATCH', `/api/v1${path}`, { token, body });
const get = (path: string, token = admin) => t.call('GET', `/api/v1${path}`, { token });
const del = (path: string, token = admin) => t.call('DELETE', `/api/v1${path}`, { token });

async function newVendor(body: Record<string, unknown> = {}): Promise<Json> {
  return (await post('/vendors', { vendorName: unique('Vendor'), ...body })).body.data;
}
async function completableProfile(): Promise<Json> {
  const vendor = await newVendor();
  const res = await post('/device-profiles', {
    profileName: unique('Cuff'),
    vendorId: vendor.id,
    measurement: 'bp',
    device: 'BP-1 cuff',
    tasks: [startTask, measurementTask, endTask],
  });
  return res.body.data;
}
const randomOui = () => (randomBytes(3).toString('hex').toUpperCase().match(/../g) ?? []).join(':');
const fieldsOf = (res: { body: Json }) => (res.body.errors as { field: string; message: string }[]) ?? [];

describe('vendors', () => {
  it('an admin creates, views, edits, lists and deletes vendors', async () => {
    const name = unique('Acme Cuffs');
    const created = await post('/vendors', {
      vendorName: name,
      address: '1 Main St',
      website: 'https://acme.example.org',
      contactPerson: 'Ada',
      taxId: 'TX-0',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      vendorName: name,
      contactPerson: 'Ada',
      ouis: [],
      companyIdentifiers: [],
    });
    const id = created.body.data.id as string;

    expect((await get(`/vendors/${id}`)).body.data).toMatchObject({ id, vendorName: name, taxId: 'TX-0' });
    const edited = await patch(`/vendors/${id}`, { taxId: 'TX-1' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ vendorName: name, taxId: 'TX-1', address: '1 Main St' });

    // A blank optional field clears it.
    const cleared = await patch(`/vendors/${id}`, { website: '', address: ' ' });
    expect(cleared.body.data).not.toHaveProperty('website');
    expect(cleared.body.data).not.toHaveProperty('address');

    const list = await get(`/vendors?search=${encodeURIComponent(name)}`);
    expect(list.body.data.map((v: { id: string }) => v.id)).toEqual([id]);
    expect(list.body.meta).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 20,
      totalPages: 1,
      hasNextPage: false,
    });

    expect((await del(`/vendors/${id}`)).status).toBe(200);
    expect((await get(`/vendors/${id}`)).status).toBe(404);
    const trail = await listAuditForResource(t.edge.deps.db, 'vendor', id);
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['vendors.create', 'vendors.read', 'vendors.update', 'vendors.delete']),
    );
  });

  it('lists a page at a time, searching by name', async () => {
    const prefix = unique('Paged');
    for (const n of [1, 2, 3]) await post('/vendors', { vendorName: `${prefix} ${n}` });
    const first = await get(`/vendors?search=${encodeURIComponent(prefix)}&pageSize=2`);
    expect(first.body.data.map((v: Json) => v.vendorName)).toEqual([`${prefix} 1`, `${prefix} 2`]);
    expect(first.body.meta).toMatchObject({
      total: 3,
      totalPages: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    const second = await get(`/vendors?search=${encodeURIComponent(prefix)}&pageSize=2&page=2`);
    expect(second.body.data.map((v: Json) => v.vendorName)).toEqual([`${prefix} 3`]);
    expect((await get('/vendors?pageSize=101')).status).toBe(400);
  });

  it('adds and removes Bluetooth vendor (OUI) and company identifiers, normalised', async () => {
    const { id } = await newVendor();
    const oui = await post(`/vendors/${id}/ouis`, { oui: 'ea:e0:aa' });
    expect(oui.status).toBe(201);
    expect(oui.body.data.ouis).toEqual(['EA:E0:AA']);
    const company = await post(`/vendors/${id}/company-identifiers`, { companyIdentifier: '0x0ca5' });
    expect(company.status).toBe(201);
    expect(company.body.data.companyIdentifiers).toEqual(['0x0CA5']);

    expect((await del(`/vendors/${id}/ouis/EA:E0:AA`)).body.data.ouis).toEqual([]);
    expect((await del(`/vendors/${id}/company-identifiers/0x0CA5`)).body.data.companyIdentifiers).toEqual([]);
    // Removing one that is not there says so.
    const absent = await del(`/vendors/${id}/ouis/EA:E0:AA`);
    expect(absent.status).toBe(404);
    expect(absent.body.key).toBe('notFound');
  });

  it('refuses malformed identifiers with the message of spec §5', async () => {
    const { id } = await newVendor();
    expect(fieldsOf(await post(`/vendors/${id}/ouis`, {}))).toEqual([
      { field: 'oui', message: 'This field is required.' },
    ]);
    for (const oui of ['EA:E0', 'EAE0AA', 'EA:E0:AG', 'EA-E0-AA', '']) {
      const res = await post(`/vendors/${id}/ouis`, { oui });
      expect(res.status, oui).toBe(400);
      expect(res.body.key).toBe('validationFailed');
      expect(fieldsOf(res), oui).toEqual([
        { field: 'oui', message: 'Enter a vendor identifier like EA:E0:AA.' },
      ]);
    }
    for (const companyIdentifier of ['0xCA5', '0CA5', '0x0CA5A', '0xZZZZ']) {
      const res = await post(`/vendors/${id}/company-identifiers`, { companyIdentifier });
      expect(res.status, companyIdentifier).toBe(400);
      expect(fieldsOf(res)).toEqual([
        { field: 'companyIdentifier', message: 'Enter a company identifier like 0x0CA5.' },
      ]);
    }
    expect((await del(`/vendors/${id}/ouis/not-an-oui`)).status).toBe(400);
    expect((await del(`/vendors/${id}/company-identifiers/0xCA5`)).status).toBe(400);
  });

  it('refuses a duplicate identifier, on the same vendor or another of the organisation', async () => {
    const first = await newVendor();
    const second = await newVendor();
    const oui = randomOui();
    const company = `0x${randomBytes(2).toString('hex').toUpperCase()}`;
    expect((await post(`/vendors/${first.id}/ouis`, { oui })).status).toBe(201);
    expect(
      (await post(`/vendors/${first.id}/company-identifiers`, { companyIdentifier: company })).status,
    ).toBe(201);

    for (const vendor of [first, second]) {
      const again = await post(`/vendors/${vendor.id}/ouis`, { oui: oui.toLowerCase() });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        key: 'vendorIdentifierTaken',
        message: 'This identifier already belongs to a vendor.',
      });
      const againCompany = await post(`/vendors/${vendor.id}/company-identifiers`, {
        companyIdentifier: company,
      });
      expect(againCompany.status).toBe(409);
      expect(againCompany.body.key).toBe('vendorIdentifierTaken');
    }
    // The same identifier in another organisation is that organisation's business.
    const outsider = await createOutsider(t.edge.deps.db, ROLES.Admin, 'prov');
    const { token } = await t.login(outsider.username);
    const theirs = (await post('/vendors', { vendorName: 'Their vendor' }, token)).body.data;
    expect((await post(`/vendors/${theirs.id}/ouis`, { oui }, token)).status).toBe(201);
  });

  it('checks every vendor field', async () => {
    const { id } = await newVendor();
    const cases: [Record<string, unknown>, { field: string; message: string }][] = [
      [{}, { field: 'vendorName', message: 'This field is required.' }],
      [{ vendorName: '  ' }, { field: 'vendorName', message: 'This field is required.' }],
      [
        { vendorName: 'a'.repeat(101) },
        { field: 'vendorName', message: 'Vendor name must be at most 100 characters.' },
      ],
      [
        { vendorName: 'A', website: 'acme' },
        { field: 'website', message: 'Enter a valid web address.' },
      ],
      [
        { vendorName: 'A', address: 'a'.repeat(201) },
        { field: 'address', message: 'Address must be at most 200 characters.' },
      ],
      [
        { vendorName: 'A', contactPerson: 'a'.repeat(101) },
        { field: 'contactPerson', message: 'Contact person must be at most 100 characters.' },
      ],
      [
        { vendorName: 'A', taxId: 'a'.repeat(41) },
        { field: 'taxId', message: 'Tax id must be at most 40 characters.' },
      ],
      [
        { vendorName: 'A', ouis: [] },
        { field: '(body)', message: 'Unknown field: ouis.' },
      ],
    ];
    for (const [body, issue] of cases) {
      const res = await post('/vendors', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toEqual([issue]);
    }
    expect(fieldsOf(await patch(`/vendors/${id}`, { vendorName: '' }))).toEqual([
      { field: 'vendorName', message: 'This field is required.' },
    ]);
    expect((await get('/vendors/not-a-uuid')).status).toBe(400);
    expect((await get('/vendors/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("belongs to its organisation: another organisation's admin neither sees nor changes it", async () => {
    const vendor = await newVendor();
    const outsider = await createOutsider(t.edge.deps.db, ROLES.Admin, 'prov');
    const { token } = await t.login(outsider.username);
    expect((await get(`/vendors/${vendor.id}`, token)).status).toBe(403);
    expect((await patch(`/vendors/${vendor.id}`, { taxId: 'X' }, token)).status).toBe(403);
    expect((await del(`/vendors/${vendor.id}`, token)).status).toBe(403);
    expect((await post(`/vendors/${vendor.id}/ouis`, { oui: 'AA:BB:CC' }, token)).status).toBe(403);
    expect((await get(`/vendors?search=${encodeURIComponent(vendor.vendorName)}`, token)).body.data).toEqual(
      [],
    );
    const trail = await listAuditForResource(t.edge.deps.db, 'vendor', vendor.id);
    expect(trail).toContainEqual(
      expect.objectContaining({ action: 'vendors.read', outcome: 'denied', actorUserId: outsider.userId }),
    );
  });
});

describe('every vendor and device-profile operation is for admins only', () => {
  /** Fresh records per role, so a wrongly allowed call would not hide behind an earlier one. */
  async function operations() {
    const vendor = await newVendor();
    const [oui, otherOui] = [randomOui(), randomOui()];
    const company = `0x${randomBytes(2).toString('hex').toUpperCase()}`;
    await post(`/vendors/${vendor.id}/ouis`, { oui });
    const profile = await completableProfile();
    return [
      ['GET', '/vendors'],
      ['POST', '/vendors', { vendorName: unique('Sneaky') }],
      ['GET', `/vendors/${vendor.id}`],
      ['PATCH', `/vendors/${vendor.id}`, { taxId: 'X' }],
      ['POST', `/vendors/${vendor.id}/ouis`, { oui: otherOui }],
      ['DELETE', `/vendors/${vendor.id}/ouis/${oui}`],
      ['POST', `/vendors/${vendor.id}/company-identifiers`, { companyIdentifier: company }],
      ['DELETE', `/vendors/${vendor.id}/company-identifiers/${company}`],
      ['DELETE', `/vendors/${vendor.id}`],
      ['GET', '/device-profiles'],
      ['POST', '/device-profiles', { profileName: unique('Sneaky') }],
      ['GET', `/device-profiles/${profile.id}`],
      ['PATCH', `/device-profiles/${profile.id}`, { device: 'X' }],
      ['POST', `/device-profiles/${profile.id}/complete`],
      ['POST', `/device-profiles/${profile.id}/duplicate`],
      ['GET', `/device-profiles/${profile.id}/versions`],
      ['DELETE', `/device-profiles/${profile.id}`],
    ] as const;
  }

  it.each(OTHER_ROLES)('%s is refused every one (403)', async (role) => {
    const { token } = await t.login(role);
    for (const [method, path, body] of await operations()) {
      const res = await t.call(method, `/api/v1${path}`, { token, body });
      expect(res.status, `${role} ${method} ${path}`).toBe(403);
      expect(res.body.key).toBe('err_forbidden');
    }
  });

  it('the admin may do every one', async () => {
    for (const [method, path, body] of await operations()) {
      const res = await t.call(method, `/api/v1${path}`, { token: admin, body });
      expect([200, 201], `${method} ${path}`).toContain(res.status);
    }
  });
});

describe('over tRPC', () => {
  function client(token: string) {
    return createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })],
    });
  }
  async function failure(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (error) {
      if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
      throw error;
    }
    throw new Error('expected the call to fail');
  }

  it('runs every vendor and device-profile operation through the same services', async () => {
    const trpc = client(admin);
    const vendor = await trpc.vendors.create.mutate({ vendorName: unique('tRPC vendor') });
    expect((await trpc.vendors.get.query({ id: vendor.id })).vendorName).toBe(vendor.vendorName);
    expect((await trpc.vendors.update.mutate({ id: vendor.id, changes: { taxId: 'T' } })).taxId).toBe('T');
    expect(
      (await trpc.vendors.list.query({ page: 1, pageSize: 20, search: vendor.vendorName })).items,
    ).toHaveLength(1);
    expect((await trpc.vendors.addOui.mutate({ id: vendor.id, value: 'f0:0d:00' })).ouis).toEqual([
      'F0:0D:00',
    ]);
    expect((await trpc.vendors.removeOui.mutate({ id: vendor.id, value: 'F0:0D:00' })).ouis).toEqual([]);
    expect(
      (await trpc.vendors.addCompanyIdentifier.mutate({ id: vendor.id, value: '0x0bad' })).companyIdentifiers,
    ).toEqual(['0x0BAD']);
    expect(
      (await trpc.vendors.removeCompanyIdentifier.mutate({ id: vendor.id, value: '0x0BAD' }))
        .companyIdentifiers,
    ).toEqual([]);

    const draft = await trpc.deviceProfiles.create.mutate({ profileName: unique('tRPC profile'), tasks: [] });
    const saved = await trpc.deviceProfiles.update.mutate({
      id: draft.id,
      changes: {
        vendorId: vendor.id,
        measurement: 'bw',
        device: 'Scale',
        tasks: [{ ...endTask, phase: 'task', descriptors: [] } as never],
      },
    });
    expect(saved.state).toBe('draft');
    expect((await trpc.deviceProfiles.complete.mutate({ id: draft.id })).version).toBe(1);
    expect((await trpc.deviceProfiles.versions.query({ id: draft.id })).map((v) => v.version)).toEqual([1]);
    expect((await trpc.deviceProfiles.get.query({ id: draft.id })).state).toBe('complete');
    const copy = await trpc.deviceProfiles.duplicate.mutate({ id: draft.id });
    expect(copy.state).toBe('draft');
    expect(
      (await trpc.deviceProfiles.list.query({ page: 1, pageSize: 100 })).items.map((p) => p.id),
    ).toContain(copy.id);
    await trpc.deviceProfiles.delete.mutate({ id: copy.id });
    await trpc.vendors.delete.mutate({ id: vendor.id });

    const invalid = await failure(
      trpc.deviceProfiles.create.mutate({
        profileName: 'P',
        tasks: [{ ...measurementTask, action: 'write' } as never],
      }),
    );
    expect(invalid.data?.httpStatus).toBe(400);
    expect(invalid.data?.errors).toContainEqual({
      field: 'tasks.0.writeValue',
      message: 'This field is required.',
    });
    const builtIn = (await trpc.deviceProfiles.list.query({ page: 1, pageSize: 100 })).items.find(
      (p) => p.builtIn,
    );
    const readOnly = await failure(trpc.deviceProfiles.delete.mutate({ id: builtIn?.id ?? '' }));
    expect(readOnly.data?.key).toBe('deviceProfileBuiltIn');
  });

  it('refuses the other roles', async () => {
    const { token } = await t.login('nurse');
    const forbidden = await failure(client(token).deviceProfiles.list.query({ page: 1, pageSize: 20 }));
    expect(forbidden.data?.httpStatus).toBe(403);
    expect((await failure(client(token).vendors.list.query({ page: 1, pageSize: 20 }))).data?.key).toBe(
      'err_forbidden',
    );
  });
});
