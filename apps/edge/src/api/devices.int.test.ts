import { ROLES } from '@opencare/schemas/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
let admin: string;
beforeAll(async () => {
  t = await startTestEdge();
  admin = (await t.login('admin')).token;
});
afterAll(() => t.close());

const measurementTask = {
  phase: 'task',
  service: '1810',
  characteristic: '2A35',
  action: 'indicate',
  dataType: 'hex',
};

describe('vendors', () => {
  it('an admin creates, edits and lists vendors with their Bluetooth identifiers', async () => {
    const created = await t.call('POST', '/api/v1/vendors', {
      token: admin,
      body: { vendorName: 'Acme Cuffs', website: 'https://acme.example.org', contactPerson: 'Ada' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ vendorName: 'Acme Cuffs', ouis: [], companyIdentifiers: [] });

    const oui = await t.call('POST', `/api/v1/vendors/${id}/ouis`, { token: admin, body: { oui: 'ea:e0:aa' } });
    expect(oui.status).toBe(201);
    expect(oui.body.data.ouis).toEqual(['EA:E0:AA']);
    const company = await t.call('POST', `/api/v1/vendors/${id}/company-identifiers`, { token: admin, body: { companyIdentifier: '0x0ca5' } });
    expect(company.body.data.companyIdentifiers).toEqual(['0x0CA5']);

    const duplicate = await t.call('POST', `/api/v1/vendors/${id}/ouis`, { token: admin, body: { oui: 'EA:E0:AA' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ key: 'vendorIdentifierTaken', message: 'This identifier already belongs to a vendor.' });
    const malformed = await t.call('POST', `/api/v1/vendors/${id}/ouis`, { token: admin, body: { oui: 'EA:E0' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ field: 'oui', message: 'Enter a vendor identifier like EA:E0:AA.' }]);
    const badCompany = await t.call('POST', `/api/v1/vendors/${id}/company-identifiers`, { token: admin, body: { companyIdentifier: '0xCA5' } });
    expect(badCompany.body.errors).toEqual([{ field: 'companyIdentifier', message: 'Enter a company identifier like 0x0CA5.' }]);

    const edited = await t.call('PATCH', `/api/v1/vendors/${id}`, { token: admin, body: { taxId: 'TX-1' } });
    expect(edited.body.data).toMatchObject({ vendorName: 'Acme Cuffs', taxId: 'TX-1' });
    const removed = await t.call('DELETE', `/api/v1/vendors/${id}/ouis/EA:E0:AA`, { token: admin });
    expect(removed.body.data.ouis).toEqual([]);
    const list = await t.call('GET', '/api/v1/vendors?search=acme', { token: admin });
    expect(list.body.data.map((v: { id: string }) => v.id)).toEqual([id]);
    expect(list.body.meta).toMatchObject({ total: 1, page: 1 });
  });

  it('is for admins of the vendor\'s organisation only', async () => {
    const vendor = (await t.call('POST', '/api/v1/vendors', { token: admin, body: { vendorName: 'Private Labs' } })).body.data;
    for (const name of ['physician', 'nurse', 'patient']) {
      const { token } = await t.login(name);
      expect((await t.call('GET', '/api/v1/vendors', { token })).status, name).toBe(403);
      expect((await t.call('GET', `/api/v1/vendors/${vendor.id}`, { token })).status, name).toBe(403);
    }
    const outsider = await createOutsider(t.edge.deps.db, ROLES.Admin, 'prov');
    const { token } = await t.login(outsider.username);
    expect((await t.call('GET', `/api/v1/vendors/${vendor.id}`, { token })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/vendors', { token })).body.data).toEqual([]);
    expect((await t.call('POST', '/api/v1/vendors', { token: admin, body: { vendorName: '' } })).body.errors).toEqual([
      { field: 'vendorName', message: 'This field is required.' },
    ]);
  });
});

describe('device profiles', () => {
  it('is saved as a draft midway, finished later and marked complete', async () => {
    const vendor = (await t.call('POST', '/api/v1/vendors', { token: admin, body: { vendorName: 'Cuff Co' } })).body.data;
    const draft = await t.call('POST', '/api/v1/device-profiles', { token: admin, body: { profileName: 'Cuff BP-1' } });
    expect(draft.status).toBe(201);
    expect(draft.body.data).toMatchObject({ profileName: 'Cuff BP-1', state: 'draft', tasks: [] });
    const id = draft.body.data.id as string;

    const early = await t.call('POST', `/api/v1/device-profiles/${id}/complete`, { token: admin });
    expect(early.status).toBe(400);
    expect(early.body.key).toBe('deviceProfileIncomplete');

    const tasks = [
      { phase: 'start', service: '1810', characteristic: '2A49', action: 'read', dataType: 'hex' },
      measurementTask,
      { phase: 'end', service: '1810', characteristic: '2A52', action: 'write', writeValue: '01', dataType: 'hex' },
    ];
    const saved = await t.call('PATCH', `/api/v1/device-profiles/${id}`, {
      token: admin,
      body: { vendorId: vendor.id, measurement: 'bp', device: 'BP-1 cuff', tasks },
    });
    expect(saved.body.data.tasks).toHaveLength(3);
    expect(saved.body.data.tasks[1]).toMatchObject({ phase: 'task', action: 'indicate', descriptors: [] });

    const complete = await t.call('POST', `/api/v1/device-profiles/${id}/complete`, { token: admin });
    expect(complete.status).toBe(200);
    expect(complete.body.data.state).toBe('complete');
    // A complete profile stays complete: saving it without its tasks is refused.
    const emptied = await t.call('PATCH', `/api/v1/device-profiles/${id}`, { token: admin, body: { tasks: [] } });
    expect(emptied.body.key).toBe('deviceProfileIncomplete');
    const completeList = await t.call('GET', '/api/v1/device-profiles?state=complete', { token: admin });
    expect(completeList.body.data.map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it('rejects malformed tasks and foreign vendors, and is admin only', async () => {
    const bad = await t.call('POST', '/api/v1/device-profiles', {
      token: admin,
      body: { profileName: 'Bad', tasks: [{ ...measurementTask, service: 'zz', action: 'shout' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['tasks.0.action', 'tasks.0.service']);
    const foreign = await t.call('POST', '/api/v1/device-profiles', {
      token: admin,
      body: { profileName: 'Foreign', vendorId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(foreign.body.errors).toEqual([{ field: 'vendorId', message: 'Choose one of your vendors.' }]);
    const { token } = await t.login('nurse');
    expect((await t.call('GET', '/api/v1/device-profiles', { token })).status).toBe(403);
    const draft = (await t.call('POST', '/api/v1/device-profiles', { token: admin, body: { profileName: 'Gone soon' } })).body.data;
    expect((await t.call('DELETE', `/api/v1/device-profiles/${draft.id}`, { token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/v1/device-profiles/${draft.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/device-profiles/${draft.id}`, { token: admin })).status).toBe(404);
  });
});
