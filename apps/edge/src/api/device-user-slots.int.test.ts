import { randomUUID } from 'node:crypto';
import { alertReadings, heldReadings, measurements } from '@opencare/api/db/schema';
import { fhirSearchBundleSchema } from '@opencare/api/fhir/fhir-r4';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentClients,
  agentOutcome,
  pairGateway,
  uploadOutcomes,
  type AgentSocket,
} from '../testing/gateway-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Issue 21 part 5, multi-user meters: a cuff several people share records each reading under a user
 * number. The patient says which number is theirs; a reading under another number is another
 * person's: held apart (reason otherUser), never a measurement, alert or Observation of the patient,
 * and a clinician can only reject it. No number set, no index sent, or 255 ("unknown user"): stored
 * as before. Counted in the database, not taken from the answers.
 */

let t: TestEdge;
const agents = agentClients();
let patient: { token: string; accountId: string };
let physician: string;
let nurse: string;
let agent: AgentSocket;
let gatewayId: string;
let profileId: string;

const db = () => t.edge.deps.db;
const upload = async (readings: Json[]) => (await uploadOutcomes(agent, readings)) as Json[];
const bp = (deviceId: string, values: Record<string, number>, userIndex?: number) => ({
  deviceId,
  reading: { id: randomUUID(), type: 'bp', values, takenAt: new Date(Date.now() - 60_000).toISOString() },
  ...(userIndex === undefined ? {} : { device: { flags: [], userIndex } }),
});
const rowsIn = async (table: typeof measurements | typeof heldReadings, ids: string[]) =>
  (await db().select({ n: count() }).from(table).where(inArray(table.id, ids)))[0]!.n;
const heldRow = async (id: string) => (await db().select().from(heldReadings).where(eq(heldReadings.id, id)))[0];
let addressSeq = 0;
const addCuff = (body: Record<string, unknown> = {}) =>
  t.call('POST', '/api/v1/devices', {
    token: patient.token,
    body: {
      gatewayId,
      address: `C4:7C:8D:6B:${String(10 + addressSeq++).padStart(2, '0')}:${randomUUID().slice(0, 2).toUpperCase()}`,
      name: 'Shared cuff',
      profileId,
      ...body,
    },
  });
const review = (action: 'accept' | 'reject', token: string, readingId: string) =>
  t.call('POST', `/api/v1/patients/${patient.accountId}/held-readings/${action}`, { token, body: { readingId } });

beforeAll(async () => {
  t = await startTestEdge();
  const { token } = await t.login('patient');
  patient = { token, accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId as string };
  physician = (await t.login('physician')).token;
  nurse = (await t.login('nurse')).token;
  const gateway = await pairGateway(t, patient, 'Kitchen');
  gatewayId = gateway.gatewayId;
  agent = agents.open(t.url, { token: gateway.token });
  await agentOutcome(agent);
  profileId = (await t.call('GET', '/api/v1/devices/profiles', { token: patient.token })).body.data.find(
    (p: Json) => p.measurement === 'bp',
  ).profileId;
});
afterAll(async () => {
  agents.closeAll();
  await t.close();
});

describe('the patient’s user number on a meter', () => {
  it('is optional when pairing, 1 to 254, and can be changed or cleared later', async () => {
    const plain = await addCuff();
    expect(plain.status).toBe(201);
    expect(plain.body.data.userSlot).toBeNull();

    for (const userSlot of [0, 255, 1.5, '2']) {
      const refused = await addCuff({ userSlot });
      expect(refused.status, JSON.stringify(userSlot)).toBe(400);
      expect(refused.body.key).toBe('validationFailed');
      expect(refused.body.errors).toEqual([
        expect.objectContaining({ field: 'userSlot', message: 'Enter a whole number from 1 to 254.' }),
      ]);
    }

    const shared = await addCuff({ userSlot: 2 });
    expect(shared.status).toBe(201);
    expect(shared.body.data.userSlot).toBe(2);
    const id = shared.body.data.id as string;

    const changed = await t.call('PATCH', `/api/v1/devices/${id}`, { token: patient.token, body: { userSlot: 3 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ userSlot: 3, name: 'Shared cuff' });
    const renamed = await t.call('PATCH', `/api/v1/devices/${id}`, { token: patient.token, body: { name: 'Our cuff' } });
    expect(renamed.body.data).toMatchObject({ userSlot: 3, name: 'Our cuff' });
    const cleared = await t.call('PATCH', `/api/v1/devices/${id}`, { token: patient.token, body: { userSlot: null } });
    expect(cleared.body.data.userSlot).toBeNull();
    const empty = await t.call('PATCH', `/api/v1/devices/${id}`, { token: patient.token, body: {} });
    expect(empty.status).toBe(400);
    const bad = await t.call('PATCH', `/api/v1/devices/${id}`, { token: patient.token, body: { userSlot: 300 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ message: 'Enter a whole number from 1 to 254.' });
    // Only the patient changes their meter.
    expect((await t.call('PATCH', `/api/v1/devices/${id}`, { token: nurse, body: { userSlot: 1 } })).status).toBe(403);
  });
});

describe('gateway readings of a shared meter', () => {
  it('stores the patient’s user, holds another user’s apart, and stores readings without a user as before', async () => {
    const shared = (await addCuff({ userSlot: 2 })).body.data.id as string;
    const single = (await addCuff()).body.data.id as string;

    const mine = bp(shared, { systolic: 124, diastolic: 80 }, 2);
    const theirs = bp(shared, { systolic: 182, diastolic: 112 }, 1);
    const theirsWild = bp(shared, { systolic: 400, diastolic: 90 }, 3);
    const noIndex = bp(shared, { systolic: 121, diastolic: 79 });
    const unknownUser = bp(shared, { systolic: 122, diastolic: 78 }, 255);
    const singleAnyIndex = bp(single, { systolic: 123, diastolic: 77 }, 1);
    const all = [mine, theirs, theirsWild, noIndex, unknownUser, singleAnyIndex];
    const ids = all.map((r) => r.reading.id);

    const outcomes = await upload(all);
    expect(outcomes).toEqual([
      { id: mine.reading.id, status: 'stored' },
      { id: theirs.reading.id, status: 'held', fields: [], reason: 'otherUser' },
      { id: theirsWild.reading.id, status: 'held', fields: ['systolic'], reason: 'otherUser' },
      { id: noIndex.reading.id, status: 'stored' },
      { id: unknownUser.reading.id, status: 'stored' },
      { id: singleAnyIndex.reading.id, status: 'stored' },
    ]);

    // In the database: four measurements, two held readings, nothing else.
    expect(await rowsIn(measurements, ids)).toBe(4);
    expect(await rowsIn(measurements, [theirs.reading.id, theirsWild.reading.id])).toBe(0);
    expect(await rowsIn(heldReadings, ids)).toBe(2);
    expect(await heldRow(theirs.reading.id)).toMatchObject({
      reason: 'otherUser',
      userIndex: 1,
      userSlot: 2,
      outOfLimits: [],
      deviceFlags: [],
      status: 'held',
      deviceId: shared,
    });
    expect(await heldRow(theirsWild.reading.id)).toMatchObject({
      reason: 'otherUser',
      userIndex: 3,
      outOfLimits: ['systolic'],
      deviceFlags: ['out-of-limits'],
    });
    // 182/112 would have alerted as the patient's: it did not.
    expect(
      (await db().select({ n: count() }).from(alertReadings).where(eq(alertReadings.measurementId, theirs.reading.id)))[0]!.n,
    ).toBe(0);

    // The agent's retry: held again, one row.
    expect(await upload([theirs])).toEqual([{ id: theirs.reading.id, status: 'held', fields: [], reason: 'otherUser' }]);
    expect(await rowsIn(heldReadings, [theirs.reading.id])).toBe(1);

    // The patient's readings and FHIR Observations never show another user's reading.
    const listed = await t.call('GET', `/api/v1/measurements?patient=${patient.accountId}&pageSize=100`, { token: physician });
    const listedIds = listed.body.data.map((m: Json) => m.id);
    expect(listedIds).toContain(mine.reading.id);
    expect(listedIds).not.toContain(theirs.reading.id);
    const bundle = fhirSearchBundleSchema.parse(
      (await t.call('GET', `/fhir/R4/Observation?patient=${patient.accountId}&_count=200`, { token: physician })).body,
    );
    const fhirIds = (bundle.entry ?? []).map((e) => e.resource.id);
    expect(fhirIds).toContain(mine.reading.id);
    expect(fhirIds.filter((id) => id?.startsWith(theirs.reading.id) || id?.startsWith(theirsWild.reading.id))).toEqual([]);
    for (const id of [theirs.reading.id, theirsWild.reading.id])
      expect((await t.call('GET', `/fhir/R4/Observation/${id}`, { token: physician })).status).toBe(404);

    // The clinicians' review lists them with the reason and both user numbers.
    const list = await t.call('GET', `/api/v1/patients/${patient.accountId}/held-readings`, { token: nurse });
    expect(list.body.data.find((h: Json) => h.id === theirs.reading.id)).toMatchObject({
      reason: 'otherUser',
      userIndex: 1,
      userSlot: 2,
      outOfLimits: [],
      device: { id: shared, name: 'Shared cuff' },
    });
  });

  it('another user’s reading cannot be accepted into the patient’s record, only rejected', async () => {
    const shared = (await addCuff({ userSlot: 1 })).body.data.id as string;
    const theirs = bp(shared, { systolic: 130, diastolic: 85 }, 2);
    expect((await upload([theirs]))[0]).toMatchObject({ status: 'held', reason: 'otherUser' });

    const accept = await review('accept', physician, theirs.reading.id);
    expect(accept.status).toBe(409);
    expect(accept.body.key).toBe('heldReadingOtherUser');
    expect(await rowsIn(measurements, [theirs.reading.id])).toBe(0);
    expect((await heldRow(theirs.reading.id))?.status).toBe('held');

    const reject = await review('reject', nurse, theirs.reading.id);
    expect(reject.status).toBe(200);
    expect(reject.body.data).toMatchObject({ status: 'rejected', reason: 'otherUser' });
    expect(await rowsIn(measurements, [theirs.reading.id])).toBe(0);
    // Rejected, it is still no Observation of the patient (not even entered-in-error).
    expect((await t.call('GET', `/fhir/R4/Observation/${theirs.reading.id}`, { token: physician })).status).toBe(404);
  });

  it('a user number set later applies from the next upload; cleared, every user’s reading is stored again', async () => {
    const cuff = (await addCuff()).body.data.id as string;
    const before = bp(cuff, { systolic: 120, diastolic: 80 }, 2);
    expect((await upload([before]))[0]).toMatchObject({ status: 'stored' });
    await t.call('PATCH', `/api/v1/devices/${cuff}`, { token: patient.token, body: { userSlot: 1 } });
    const after = bp(cuff, { systolic: 120, diastolic: 80 }, 2);
    expect((await upload([after]))[0]).toMatchObject({ status: 'held', reason: 'otherUser' });
    // The reading stored before stays stored; its retry is a duplicate, not held.
    expect(await upload([before])).toEqual([{ id: before.reading.id, status: 'duplicate' }]);
    await t.call('PATCH', `/api/v1/devices/${cuff}`, { token: patient.token, body: { userSlot: null } });
    const cleared = bp(cuff, { systolic: 120, diastolic: 80 }, 2);
    expect((await upload([cleared]))[0]).toMatchObject({ status: 'stored' });
    expect(await rowsIn(measurements, [before.reading.id, after.reading.id, cleared.reading.id])).toBe(2);
    expect(await rowsIn(heldReadings, [after.reading.id])).toBe(1);
  });

  it('refuses a user index outside 0–255 as a malformed reading', async () => {
    const cuff = (await addCuff({ userSlot: 1 })).body.data.id as string;
    const bad = bp(cuff, { systolic: 120, diastolic: 80 }, 256);
    expect((await upload([bad]))[0]).toMatchObject({ status: 'rejected', key: 'validationFailed' });
    expect(await rowsIn(measurements, [bad.reading.id])).toBe(0);
    expect(await rowsIn(heldReadings, [bad.reading.id])).toBe(0);
  });
});
