import { randomBytes } from 'node:crypto';
import { listAuditForResource } from '@opencare/api/audit/audit.repository';
import { accounts, deviceProfiles } from '@opencare/api/db/schema';
import {
  BUILT_IN_PROFILES,
  installBuiltInProfiles,
  installBuiltInProfilesEverywhere,
} from '@opencare/api/device-profiles/built-in-profiles';
import { publishedDeviceProfiles } from '@opencare/api/device-profiles/device-profiles.service';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Device profiles: drafts, completion, versions and what gateways receive, validation, built-in
 * profiles. Who may call each operation: devices.int.test.ts.
 */

let t: TestEdge;
let admin: string;
let organisationId: string;
beforeAll(async () => {
  t = await startTestEdge();
  admin = (await t.login('admin')).token;
  const { accountId } = (await t.call('GET', '/api/v1/profile', { token: admin })).body.data;
  const [account] = await t.edge.deps.db
    .select({ organisationId: accounts.organisationId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  organisationId = account?.organisationId ?? '';
});
afterAll(() => t.close());

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
const fieldsOf = (res: { body: Json }) => (res.body.errors as { field: string; message: string }[]) ?? [];

describe('device profiles', () => {
  it('is saved as a draft midway, finished later and marked complete as version 1', async () => {
    const vendor = await newVendor();
    const draft = await post('/device-profiles', { profileName: unique('Cuff BP-1') });
    expect(draft.status).toBe(201);
    expect(draft.body.data).toMatchObject({ state: 'draft', version: 0, builtIn: false, tasks: [] });
    const id = draft.body.data.id as string;

    const early = await post(`/device-profiles/${id}/complete`);
    expect(early.status).toBe(400);
    expect(early.body.key).toBe('deviceProfileIncomplete');

    const halfway = await patch(`/device-profiles/${id}`, {
      vendorId: vendor.id,
      tasks: [startTask, measurementTask],
    });
    expect(halfway.body.data).toMatchObject({ state: 'draft', vendorId: vendor.id });
    expect((await get(`/device-profiles/${id}`)).body.data.tasks).toHaveLength(2);

    const finished = await patch(`/device-profiles/${id}`, {
      measurement: 'bp',
      device: 'BP-1 cuff',
      tasks: [startTask, measurementTask, endTask],
    });
    expect(finished.body.data.tasks.map((task: Json) => task.phase)).toEqual(['start', 'task', 'end']);
    expect(finished.body.data.tasks[0]).toMatchObject({ descriptors: [] });

    const complete = await post(`/device-profiles/${id}/complete`);
    expect(complete.status).toBe(200);
    expect(complete.body.data).toMatchObject({ state: 'complete', version: 1 });
    const completeList = await get('/device-profiles?state=complete&pageSize=100');
    expect(completeList.body.data.map((p: Json) => p.id)).toContain(id);
    const drafts = await get('/device-profiles?state=draft&pageSize=100');
    expect(drafts.body.data.map((p: Json) => p.id)).not.toContain(id);
  });

  it('needs a vendor, a measurement, a device and a task to complete', async () => {
    const full = await completableProfile();
    for (const missing of [{ vendorId: null }, { measurement: null }, { device: null }, { tasks: [] }]) {
      const { id } = (await post(`/device-profiles/${full.id}/duplicate`)).body.data;
      await patch(`/device-profiles/${id}`, missing);
      const res = await post(`/device-profiles/${id}/complete`);
      expect(res.status, JSON.stringify(missing)).toBe(400);
      expect(res.body).toMatchObject({
        key: 'deviceProfileIncomplete',
        message: 'A complete device profile needs a vendor, a measurement, a device and at least one task.',
      });
    }
  });

  it('keeps each completed version: an edit is a draft while the last version stays live', async () => {
    const profile = await completableProfile();
    const { id } = profile;
    await post(`/device-profiles/${id}/complete`);

    // A save that changes nothing (the builder's auto-save) leaves it complete.
    const unchanged = await patch(`/device-profiles/${id}`, {
      profileName: profile.profileName,
      tasks: profile.tasks,
    });
    expect(unchanged.body.data).toMatchObject({ state: 'complete', version: 1 });

    const edited = await patch(`/device-profiles/${id}`, { tasks: [measurementTask] });
    expect(edited.body.data).toMatchObject({ state: 'draft', version: 1 });
    let live = (await publishedDeviceProfiles(t.edge.deps, organisationId)).find((v) => v.profileId === id);
    expect(live?.version).toBe(1);
    expect(live?.tasks).toHaveLength(3);

    const second = await post(`/device-profiles/${id}/complete`);
    expect(second.body.data).toMatchObject({ state: 'complete', version: 2 });
    const versions = await get(`/device-profiles/${id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.data.map((v: Json) => [v.version, v.tasks.length])).toEqual([
      [2, 1],
      [1, 3],
    ]);
    expect(versions.body.data[1]).toMatchObject({
      profileId: id,
      profileName: profile.profileName,
      measurement: 'bp',
      device: 'BP-1 cuff',
    });
    live = (await publishedDeviceProfiles(t.edge.deps, organisationId)).find((v) => v.profileId === id);
    expect(live?.version).toBe(2);
    expect(live?.tasks).toEqual([{ ...measurementTask }]);
  });

  it('publishes to gateways only completed versions, never a draft', async () => {
    const draft = (await post('/device-profiles', { profileName: unique('Never sent') })).body.data;
    expect((await get(`/device-profiles/${draft.id}/versions`)).body.data).toEqual([]);
    const published = await publishedDeviceProfiles(t.edge.deps, organisationId);
    expect(published.map((v) => v.profileId)).not.toContain(draft.id);
    expect(published.every((v) => v.version >= 1)).toBe(true);
  });

  it('duplicates a profile into an editable draft', async () => {
    const source = await completableProfile();
    await post(`/device-profiles/${source.id}/complete`);
    const copy = await post(`/device-profiles/${source.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      profileName: `${source.profileName} (copy)`,
      vendorId: source.vendorId,
      measurement: 'bp',
      state: 'draft',
      version: 0,
      builtIn: false,
    });
    expect(copy.body.data.tasks).toEqual(source.tasks);
    expect(copy.body.data.id).not.toBe(source.id);
  });

  it('deletes a profile with its versions', async () => {
    const profile = await completableProfile();
    await post(`/device-profiles/${profile.id}/complete`);
    expect((await del(`/device-profiles/${profile.id}`)).status).toBe(200);
    expect((await get(`/device-profiles/${profile.id}`)).status).toBe(404);
    expect((await get(`/device-profiles/${profile.id}/versions`)).status).toBe(404);
    expect(
      (await publishedDeviceProfiles(t.edge.deps, organisationId)).map((v) => v.profileId),
    ).not.toContain(profile.id);
  });

  it('checks the name, vendor, measurement, device and every task field', async () => {
    const task = measurementTask;
    const write = { ...task, action: 'write', descriptors: [] };
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{}, [{ field: 'profileName', message: 'This field is required.' }]],
      [{ profileName: ' ' }, [{ field: 'profileName', message: 'This field is required.' }]],
      [
        { profileName: 'a'.repeat(101) },
        [{ field: 'profileName', message: 'Profile name must be at most 100 characters.' }],
      ],
      [
        { profileName: 'P', device: 'd'.repeat(101) },
        [{ field: 'device', message: 'Device must be at most 100 characters.' }],
      ],
      [
        { profileName: 'P', vendorId: '00000000-0000-4000-8000-000000000000' },
        [{ field: 'vendorId', message: 'Choose one of your vendors.' }],
      ],
      [
        { profileName: 'P', tasks: [{ ...task, service: '2A3' }] },
        [{ field: 'tasks.0.service', message: 'Enter a 16-bit or 128-bit Bluetooth UUID.' }],
      ],
      [
        { profileName: 'P', tasks: [{ ...task, characteristic: '0x2A35' }] },
        [{ field: 'tasks.0.characteristic', message: 'Enter a 16-bit or 128-bit Bluetooth UUID.' }],
      ],
      [
        { profileName: 'P', tasks: [{ ...task, descriptors: ['29'] }] },
        [{ field: 'tasks.0.descriptors.0', message: 'Enter a 16-bit or 128-bit Bluetooth UUID.' }],
      ],
      [
        { profileName: 'P', tasks: [{ ...task, uuid: '00002a35-0000-1000-8000-00805f9b34f' }] },
        [{ field: 'tasks.0.uuid', message: 'Enter a 16-bit or 128-bit Bluetooth UUID.' }],
      ],
      [
        { profileName: 'P', tasks: [write] },
        [{ field: 'tasks.0.writeValue', message: 'This field is required.' }],
      ],
      [
        { profileName: 'P', tasks: [{ ...write, writeValue: '010' }] },
        [{ field: 'tasks.0.writeValue', message: 'Write value must be hex digits in pairs, like 0101.' }],
      ],
      [
        { profileName: 'P', tasks: [{ ...write, dataType: 'integer', writeValue: '4.2' }] },
        [{ field: 'tasks.0.writeValue', message: 'Write value must be a whole number, like 42.' }],
      ],
      [
        { profileName: 'P', tasks: [{ ...write, dataType: 'float', writeValue: '36,6' }] },
        [{ field: 'tasks.0.writeValue', message: 'Write value must be a number, like 36.6.' }],
      ],
      [
        { profileName: 'P', tasks: [{ ...write, dataType: 'boolean', writeValue: 'yes' }] },
        [{ field: 'tasks.0.writeValue', message: 'Write value must be true or false.' }],
      ],
    ];
    for (const [body, issues] of cases) {
      const res = await post('/device-profiles', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.key).toBe('validationFailed');
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(issues);
    }
    const fieldsOnly = async (body: unknown) =>
      fieldsOf(await post('/device-profiles', body)).map((e) => e.field);
    expect(await fieldsOnly({ profileName: 'P', measurement: 'hr' })).toEqual(['measurement']);
    expect(
      await fieldsOnly({
        profileName: 'P',
        tasks: [{ ...task, action: 'shout', dataType: 'bytes', phase: 'middle' }],
      }),
    ).toEqual(['tasks.0.phase', 'tasks.0.action', 'tasks.0.dataType']);
    expect(await fieldsOnly({ profileName: 'P', tasks: [{ ...task, handle: 0x10000 }] })).toEqual([
      'tasks.0.handle',
    ]);
    expect(await fieldsOnly({ profileName: 'P', tasks: Array(101).fill(task) })).toEqual(['tasks']);

    // Accepted: 16- and 128-bit UUIDs, a handle, and a write value of each data type.
    const accepted = await post('/device-profiles', {
      profileName: unique('Every type'),
      tasks: [
        {
          ...task,
          service: '00001810-0000-1000-8000-00805F9B34FB',
          uuid: '00002a35-0000-1000-8000-00805f9b34fb',
          handle: 0x2a,
        },
        { ...write, writeValue: '0101' },
        { ...write, dataType: 'integer', writeValue: '-7' },
        { ...write, dataType: 'float', writeValue: '36.6' },
        { ...write, dataType: 'boolean', writeValue: 'true' },
        { ...write, dataType: 'string', writeValue: 'start 1' },
      ],
    });
    expect(accepted.status).toBe(201);
    // The same rules hold for a partial save.
    const saved = fieldsOf(
      await patch(`/device-profiles/${accepted.body.data.id}`, { profileName: '', tasks: [write] }),
    );
    expect(saved).toEqual([
      { field: 'profileName', message: 'This field is required.' },
      { field: 'tasks.0.writeValue', message: 'This field is required.' },
    ]);
  });

  it('belongs to its organisation', async () => {
    const profile = await completableProfile();
    const outsider = await createOutsider(t.edge.deps.db, ROLES.Admin, 'prov');
    const { token } = await t.login(outsider.username);
    for (const res of [
      await get(`/device-profiles/${profile.id}`, token),
      await patch(`/device-profiles/${profile.id}`, { device: 'X' }, token),
      await post(`/device-profiles/${profile.id}/complete`, undefined, token),
      await post(`/device-profiles/${profile.id}/duplicate`, undefined, token),
      await get(`/device-profiles/${profile.id}/versions`, token),
      await del(`/device-profiles/${profile.id}`, token),
    ]) {
      expect(res.status).toBe(403);
    }
    // Nor can one of ours name their vendor.
    const theirVendor = (await post('/vendors', { vendorName: 'Theirs' }, token)).body.data;
    expect(fieldsOf(await patch(`/device-profiles/${profile.id}`, { vendorId: theirVendor.id }))).toEqual([
      { field: 'vendorId', message: 'Choose one of your vendors.' },
    ]);
    const listed = (await get('/device-profiles?pageSize=100', token)).body.data.map((p: Json) => p.id);
    expect(listed).not.toContain(profile.id);
    const trail = await listAuditForResource(t.edge.deps.db, 'deviceProfile', profile.id);
    expect(trail).toContainEqual(
      expect.objectContaining({
        action: 'deviceProfiles.read',
        outcome: 'denied',
        actorUserId: outsider.userId,
      }),
    );
    expect(trail).toContainEqual(
      expect.objectContaining({ action: 'deviceProfiles.create', outcome: 'allowed' }),
    );
  });
});

describe('built-in Bluetooth SIG profiles', () => {
  const SIG = [
    ['Blood Pressure (Bluetooth SIG)', 'bp', '1810', '2A35', 'indicate'],
    ['Health Thermometer (Bluetooth SIG)', 'bt', '1809', '2A1C', 'indicate'],
    ['Glucose (Bluetooth SIG)', 'bs', '1808', '2A18', 'notify'],
    ['Weight Scale (Bluetooth SIG)', 'bw', '181D', '2A9D', 'indicate'],
    ['Pulse Oximeter (Bluetooth SIG)', 'ox', '1822', '2A5F', 'notify'],
  ] as const;

  async function builtIns(token = admin): Promise<Json[]> {
    const all = (await get('/device-profiles?state=complete&pageSize=100', token)).body.data as Json[];
    return all.filter((p) => p.builtIn);
  }

  it('every organisation has the five, complete as version 1, for any vendor', async () => {
    const ours = await builtIns();
    expect(ours.map((p) => p.profileName).sort()).toEqual(SIG.map(([name]) => name).sort());
    for (const [name, measurement, service, characteristic, action] of SIG) {
      const profile = ours.find((p) => p.profileName === name);
      expect(profile, name).toMatchObject({ measurement, state: 'complete', version: 1, builtIn: true });
      expect(profile.vendorId).toBeUndefined();
      expect(profile.tasks.map((task: Json) => task.phase)).toContain('start');
      expect(profile.tasks).toContainEqual(
        expect.objectContaining({ phase: 'task', service, characteristic, action, descriptors: ['2902'] }),
      );
      expect(profile.tasks.at(-1)).toMatchObject({
        phase: 'end',
        service: '180F',
        characteristic: '2A19',
        action: 'read',
        dataType: 'integer',
      });
      const versions = (await get(`/device-profiles/${profile.id}/versions`)).body.data;
      expect(versions.map((v: Json) => v.version)).toEqual([1]);
    }
    const glucose = ours.find((p) => p.measurement === 'bs');
    expect(glucose.tasks).toContainEqual(
      expect.objectContaining({
        characteristic: '2A52',
        action: 'write',
        writeValue: '0101',
        dataType: 'hex',
      }),
    );

    const published = await publishedDeviceProfiles(t.edge.deps, organisationId);
    for (const profile of ours)
      expect(published).toContainEqual(
        expect.objectContaining({ profileId: profile.id, version: 1, vendorId: null }),
      );

    // A new organisation starts with its own.
    const outsider = await createOutsider(t.edge.deps.db, ROLES.Admin, 'prov');
    const theirs = await builtIns((await t.login(outsider.username)).token);
    expect(theirs).toHaveLength(5);
    expect(theirs.map((p) => p.id)).not.toContain(ours[0].id);
  });

  it('are read-only, with a clear error, and duplicate into an editable draft', async () => {
    const [bp] = (await builtIns()).filter((p) => p.measurement === 'bp');
    for (const res of [
      await patch(`/device-profiles/${bp.id}`, { device: 'Mine now' }),
      await post(`/device-profiles/${bp.id}/complete`),
      await del(`/device-profiles/${bp.id}`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        key: 'deviceProfileBuiltIn',
        message: 'Built-in device profiles cannot be changed. Duplicate this one to make your own.',
      });
    }
    expect((await get(`/device-profiles/${bp.id}`)).body.data).toMatchObject({
      state: 'complete',
      version: 1,
    });

    const copy = (await post(`/device-profiles/${bp.id}/duplicate`)).body.data;
    expect(copy).toMatchObject({
      profileName: 'Blood Pressure (Bluetooth SIG) (copy)',
      builtIn: false,
      state: 'draft',
      version: 0,
    });
    expect(copy.tasks).toEqual(bp.tasks);
    // A copy is the admin's own profile: it names a vendor before it can be completed.
    expect((await post(`/device-profiles/${copy.id}/complete`)).body.key).toBe('deviceProfileIncomplete');
    const vendor = await newVendor();
    await patch(`/device-profiles/${copy.id}`, { vendorId: vendor.id, device: 'Omron X7' });
    expect((await post(`/device-profiles/${copy.id}/complete`)).body.data).toMatchObject({
      state: 'complete',
      version: 1,
    });
  });

  it('are installed once, and again for an organisation missing them', async () => {
    const db = t.edge.deps.db;
    expect(await installBuiltInProfiles(db, organisationId)).toBe(0);
    const outsider = await createOutsider(db, ROLES.Admin, 'prov');
    await db
      .delete(deviceProfiles)
      .where(
        and(eq(deviceProfiles.organisationId, outsider.organisationId), eq(deviceProfiles.builtIn, true)),
      );
    expect(await publishedDeviceProfiles(t.edge.deps, outsider.organisationId)).toEqual([]);
    await installBuiltInProfilesEverywhere(db);
    await installBuiltInProfilesEverywhere(db);
    const published = await publishedDeviceProfiles(t.edge.deps, outsider.organisationId);
    expect(published.map((v) => v.profileName).sort()).toEqual(
      BUILT_IN_PROFILES.map((p) => p.profileName).sort(),
    );
  });
});
