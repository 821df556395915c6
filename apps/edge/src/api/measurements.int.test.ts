import { randomUUID } from 'node:crypto';
import { patientEvents } from '@opencare/api/db/schema';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { ROLES } from '@opencare/schemas/roles';
import { TRPCClientError, createTRPCClient, httpLink } from '@trpc/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

const ROLE_NAMES = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;
type Role = (typeof ROLE_NAMES)[number] | 'outsider';

let t: TestEdge;
const tokens = {} as Record<Role, string>;
let patientId: string;
let patient2Id: string;
let outsiderPatientId: string;

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of ROLE_NAMES) tokens[role] = (await t.login(role)).token;
  const outsider = await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov');
  tokens.outsider = (await t.login(outsider.username)).token;
  outsiderPatientId = (await createOutsider(t.edge.deps.db, ROLES.Patient, 'pat')).accountId;
  patientId = (await t.call('GET', '/api/v1/profile', { token: tokens.patient })).body.data.accountId;
  patient2Id = (await t.call('GET', '/api/v1/profile', { token: tokens.patient2 })).body.data.accountId;
});
afterAll(() => t.close());

const api = (method: string, path: string, role: Role, body?: unknown, headers?: Record<string, string>) =>
  t.call(method, `/api/v1${path}`, { token: tokens[role], body, headers });
const record = (body: unknown, role: Role = 'patient') => api('POST', '/measurements', role, body);
const bp = (systolic: number, diastolic: number, extra: Record<string, unknown> = {}) => ({
  type: 'bp',
  values: { systolic, diastolic, pulse: 72 },
  ...extra,
});

describe('recording a measurement', () => {
  it('stores a patient reading canonically, classes it and raises an alert when out of range', async () => {
    const res = await record(bp(134, 82, { note: 'After a walk' }));
    expect(res.status).toBe(201);
    const reading = res.body.data;
    expect(reading).toMatchObject({
      patientId,
      type: 'bp',
      values: { systolic: 134, diastolic: 82, pulse: 72 },
      units: { systolic: 'mm[Hg]', diastolic: 'mm[Hg]', pulse: '/min' },
      source: 'manual',
      note: 'After a walk',
      rangeClass: 'high',
      meal: null,
      fileId: null,
      taskId: null,
    });

    const events = await t.edge.deps.db
      .select({ kind: patientEvents.kind, data: patientEvents.data })
      .from(patientEvents)
      .where(and(eq(patientEvents.patientAccountId, patientId), eq(patientEvents.refId, reading.id)));
    expect(events).toEqual([{ kind: 'measurement', data: { type: 'bp', values: { systolic: 134, diastolic: 82, pulse: 72 }, rangeClass: 'high' } }]);

    const alerts = await api('GET', `/alerts?patient=${patientId}`, 'nurse');
    expect(alerts.status).toBe(200);
    expect(alerts.body.data.find((a: { measurementId: string }) => a.measurementId === reading.id)).toMatchObject({
      patientName: 'Pat Morgan',
      rangeClass: 'high',
      type: 'bp',
      acknowledgedAt: null,
    });
  });

  it('raises no alert for a normal reading', async () => {
    const res = await record(bp(112, 72));
    expect(res.body.data.rangeClass).toBe('normal');
    const alerts = await api('GET', `/alerts?patient=${patientId}&status=all&pageSize=100`, 'physician');
    expect(alerts.body.data.some((a: { measurementId: string }) => a.measurementId === res.body.data.id)).toBe(false);
  });

  it.each([
    ['temperature', { type: 'bt', values: { temperature: 38.4 } }, 'high'],
    ['blood sugar before a meal', { type: 'bs', values: { glucose: 65 }, meal: 'before' }, 'lowest'],
    ['weight', { type: 'bw', values: { weight: 81.83 } }, null],
    ['pulse oximetry', { type: 'ox', values: { spo2: 97, pulse: 66 } }, 'normal'],
    ['spirometry', { type: 'sy', values: { fev1: 2.91, fvc: 3.8, pef: 420 } }, null],
  ])('records %s', async (_name, body, rangeClass) => {
    const res = await record(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...body, rangeClass });
  });

  it('answers a replay of the same id with the stored reading, and refuses the id with another reading', async () => {
    const id = randomUUID();
    const takenAt = new Date(Date.now() - 60_000).toISOString();
    const first = await record(bp(120, 78, { id, takenAt }));
    expect(first.status).toBe(201);
    const again = await record(bp(120, 78, { id, takenAt }));
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const different = await record(bp(121, 78, { id, takenAt }));
    expect(different.status).toBe(422);
    expect(different.body.key).toBe('idempotencyKeyReused');
    // Nor may another patient reuse it.
    expect((await record(bp(120, 78, { id, takenAt }), 'patient2')).status).toBe(422);
  });

  it.each([
    [{ values: { systolic: 120, diastolic: 80 } }, 'type', 'Choose a measurement type.'],
    [bp(310, 80), 'values.systolic', 'Systolic pressure must be between 40 and 300 mmHg.'],
    [bp(90, 95), 'values.diastolic', 'Diastolic pressure must be lower than systolic pressure.'],
    [{ type: 'ox', values: { spo2: 104 } }, 'values.spo2', 'Oxygen saturation must be between 50 and 100 %.'],
    [bp(120, 80, { takenAt: new Date(Date.now() + 3_600_000).toISOString() }), 'takenAt', 'The time cannot be in the future.'],
    [bp(120, 80, { meal: 'before' }), '(body)', 'Unknown field: meal.'],
    [{ type: 'camera', note: 'Rash' }, 'fileId', 'Take or upload a photo first.'],
  ])('refuses %j with a field message', async (body, field, message) => {
    const res = await record(body);
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('validationFailed');
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('is for patients, about themselves only', async () => {
    for (const role of ['physician', 'nurse', 'assistant', 'admin', 'caregiver', 'outsider'] as const) {
      expect((await record(bp(120, 80), role)).status, role).toBe(403);
    }
    // A caregiver acting as their own patient account records for it.
    const caregiver = (await t.call('GET', '/api/v1/users/me', { token: tokens.caregiver })).body.data;
    const own = caregiver.accounts.find((a: { accountType: { code: string } }) => a.accountType.code === 'pat');
    const res = await record(bp(118, 76), 'caregiver');
    expect(res.status).toBe(403);
    const asPatient = await t.call('POST', '/api/v1/measurements', { token: tokens.caregiver, body: bp(118, 76), headers: { 'x-account-id': own.id } });
    expect(asPatient.status).toBe(201);
    expect(asPatient.body.data.patientId).toBe(own.id);
    expect((await t.call('POST', '/api/v1/measurements', { body: bp(118, 76) })).status).toBe(401);
  });
});

describe('reading measurements', () => {
  it('gives a patient their own, newest first, a page at a time, by type and time', async () => {
    const res = await api('GET', '/measurements?pageSize=5', 'patient');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.meta).toMatchObject({ page: 1, pageSize: 5, hasNextPage: true, hasPreviousPage: false });
    const times = res.body.data.map((m: { takenAt: string }) => m.takenAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body.data.every((m: { patientId: string }) => m.patientId === patientId)).toBe(true);

    const temperatures = await api('GET', '/measurements?type=bt', 'patient');
    expect(temperatures.body.data.map((m: { type: string }) => m.type)).toEqual(['bt']);

    const from = new Date(Date.now() - 10 * 60_000).toISOString();
    const recent = await api('GET', `/measurements?from=${encodeURIComponent(from)}&pageSize=100`, 'patient');
    expect(recent.body.data.every((m: { takenAt: string }) => m.takenAt >= from)).toBe(true);
    // The demo month of readings is older.
    expect(recent.body.meta.total).toBeLessThan(res.body.meta.total);
    const backwards = await api('GET', `/measurements?from=${encodeURIComponent(from)}&to=2020-01-01T00:00:00Z`, 'patient');
    expect(backwards.status).toBe(400);
  });

  // Role × ownership: who reads the demo patient's readings (user_id, spec §7, or patient).
  it.each([
    ['patient', 200],
    ['physician', 200],
    ['nurse', 200],
    ['assistant', 200],
    ['patient2', 403],
    ['admin', 403],
    ['caregiver', 403],
    ['outsider', 404],
  ] as const)('GET /measurements?user_id=<patient> as %s → %i', async (role, status) => {
    expect((await api('GET', `/measurements?user_id=${patientId}`, role)).status).toBe(status);
    expect((await api('GET', `/measurements?patient=${patientId}`, role)).status).toBe(status);
  });

  it('asks clinicians to name the patient, and hides other accounts', async () => {
    const res = await api('GET', '/measurements', 'physician');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'user_id', message: 'This field is required.' }]);
    const physicianAccount = (await api('GET', '/profile', 'physician')).body.data.accountId;
    expect((await api('GET', `/measurements?user_id=${physicianAccount}`, 'nurse')).status).toBe(404);
    expect((await api('GET', `/measurements?user_id=${randomUUID()}`, 'nurse')).status).toBe(404);
    expect((await api('GET', '/measurements?user_id=nope', 'nurse')).status).toBe(400);
  });

  it('reads one reading by the same rules', async () => {
    const id = (await record(bp(119, 79))).body.data.id;
    expect((await api('GET', `/measurements/${id}`, 'patient')).status).toBe(200);
    expect((await api('GET', `/measurements/${id}`, 'assistant')).status).toBe(200);
    expect((await api('GET', `/measurements/${id}`, 'patient2')).status).toBe(403);
    expect((await api('GET', `/measurements/${id}`, 'outsider')).status).toBe(404);
    expect((await api('GET', `/measurements/${randomUUID()}`, 'patient')).status).toBe(404);
  });
});

describe('thresholds', () => {
  it('start at the defaults for every type with values', async () => {
    const res = await api('GET', `/patients/${patient2Id}/thresholds`, 'patient2');
    expect(res.status).toBe(200);
    expect(res.body.data.map((th: { type: string }) => th.type)).toEqual(['bp', 'bt', 'bs', 'bw', 'sy', 'ox']);
    expect(res.body.data[0]).toMatchObject({
      patientId: patient2Id,
      type: 'bp',
      isDefault: true,
      limits: { systolic: { lowBelow: 90, elevatedFrom: 120, highFrom: 130, highestFrom: 180 } },
    });
  });

  it.each([
    ['physician', 200],
    ['nurse', 200],
    ['assistant', 403],
    ['admin', 403],
    ['patient2', 403],
    ['patient', 403],
    ['outsider', 404],
  ] as const)('PUT /patients/<patient2>/thresholds/bp as %s → %i', async (role, status) => {
    const res = await api('PUT', `/patients/${patient2Id}/thresholds/bp`, role, { limits: { systolic: { elevatedFrom: 125, highFrom: 140, highestFrom: 170 } } });
    expect(res.status).toBe(status);
  });

  it('classes new readings by the patient’s own limits, keeping the defaults of fields left out', async () => {
    const set = await api('PUT', `/patients/${patient2Id}/thresholds/bp`, 'physician', { limits: { systolic: { elevatedFrom: 125, highFrom: 140, highestFrom: 170 } } });
    expect(set.body.data).toMatchObject({
      isDefault: false,
      limits: { systolic: { elevatedFrom: 125, highFrom: 140, highestFrom: 170 }, diastolic: { lowBelow: 60, highFrom: 80, highestFrom: 120 } },
    });
    expect((await record(bp(134, 76), 'patient2')).body.data.rangeClass).toBe('elevated');
    expect((await record(bp(172, 76), 'patient2')).body.data.rangeClass).toBe('highest');

    const reset = await api('DELETE', `/patients/${patient2Id}/thresholds/bp`, 'nurse');
    expect(reset.body.data.isDefault).toBe(true);
    expect((await record(bp(134, 76), 'patient2')).body.data.rangeClass).toBe('high');
  });

  it('refuses limits out of order, beyond the bounds or for fields the type has not', async () => {
    const put = (body: unknown) => api('PUT', `/patients/${patient2Id}/thresholds/ox`, 'physician', body);
    expect((await put({ limits: { spo2: { lowBelow: 92, highFrom: 91 } } })).body.errors).toEqual([
      { field: 'limits.spo2.highFrom', message: 'Each limit must be above the one before it.' },
    ]);
    expect((await put({ limits: { spo2: { lowBelow: 40 } } })).body.errors).toEqual([
      { field: 'limits.spo2.lowBelow', message: 'Limits must be between 50 and 100 %.' },
    ]);
    expect((await put({ limits: { glucose: { highFrom: 200 } } })).status).toBe(400);
    expect((await api('PUT', `/patients/${patient2Id}/thresholds/hr`, 'physician', { limits: {} })).status).toBe(400);
  });
});

describe('alerts', () => {
  it('are listed for clinicians of the organisation only', async () => {
    for (const role of ['physician', 'nurse', 'assistant'] as const) expect((await api('GET', '/alerts', role)).status, role).toBe(200);
    for (const role of ['patient', 'admin', 'caregiver'] as const) expect((await api('GET', '/alerts', role)).status, role).toBe(403);
    const outsider = await api('GET', '/alerts', 'outsider');
    expect(outsider.status).toBe(200);
    expect(outsider.body.data).toEqual([]);
    expect((await api('GET', `/alerts?patient=${patientId}`, 'outsider')).status).toBe(404);
  });

  it('are acknowledged once, by a clinician of the patient’s organisation', async () => {
    const reading = (await record(bp(186, 100))).body.data;
    expect(reading.rangeClass).toBe('highest');
    const open = await api('GET', `/alerts?patient=${patientId}&pageSize=100`, 'physician');
    const alert = open.body.data.find((a: { measurementId: string }) => a.measurementId === reading.id);
    expect(alert).toBeDefined();

    expect((await api('PATCH', `/alerts/${alert.id}/acknowledge`, 'patient')).status).toBe(403);
    expect((await api('PATCH', `/alerts/${alert.id}/acknowledge`, 'outsider')).status).toBe(404);
    // An assistant reads alerts but changes nothing (the permission table): the alert stays open.
    expect((await api('PATCH', `/alerts/${alert.id}/acknowledge`, 'assistant')).status).toBe(403);
    const acked = await api('PATCH', `/alerts/${alert.id}/acknowledge`, 'nurse');
    expect(acked.status).toBe(200);
    expect(acked.body.data.acknowledgedAt).not.toBeNull();
    const nurseAccount = (await api('GET', '/profile', 'nurse')).body.data.accountId;
    expect(acked.body.data.acknowledgedBy).toBe(nurseAccount);
    const again = await api('PATCH', `/alerts/${alert.id}/acknowledge`, 'physician');
    expect(again.body.data).toEqual(acked.body.data);

    const stillOpen = await api('GET', `/alerts?patient=${patientId}&pageSize=100`, 'physician');
    expect(stillOpen.body.data.some((a: { id: string }) => a.id === alert.id)).toBe(false);
    const done = await api('GET', `/alerts?patient=${patientId}&status=acknowledged`, 'physician');
    expect(done.body.data.some((a: { id: string }) => a.id === alert.id)).toBe(true);
    expect((await api('PATCH', `/alerts/${randomUUID()}/acknowledge`, 'nurse')).status).toBe(404);
  });
});

describe('camera measurements', () => {
  it('stores a photo with a note, readable by the patient’s clinicians', async () => {
    const upload = await api('POST', '/files', 'patient', { fileName: 'rash.png', contentType: 'image/png', data: PNG });
    expect(upload.status).toBe(201);
    expect(upload.body.data).toMatchObject({ fileName: 'rash.png', contentType: 'image/png', size: 68 });
    const fileId = upload.body.data.id;

    const res = await record({ type: 'camera', fileId, note: 'Rash on the left arm' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'camera', values: {}, units: {}, fileId, note: 'Rash on the left arm', rangeClass: null });

    const photo = await api('GET', `/files/${fileId}`, 'physician');
    expect(photo.status).toBe(200);
    expect(photo.body.data.dataUrl).toBe(`data:image/png;base64,${PNG}`);
    expect((await api('GET', `/files/${fileId}`, 'patient2')).status).toBe(403);
    expect((await api('GET', `/files/${fileId}`, 'outsider')).status).toBe(404);
  });

  it('refuses a file that is not the image it claims, another patient’s photo, and uploads by others', async () => {
    const fake = await api('POST', '/files', 'patient', { contentType: 'image/png', data: Buffer.from('MZ not a png').toString('base64') });
    expect(fake.status).toBe(400);
    expect(fake.body.errors).toEqual([{ field: 'data', message: 'The file is not the image it says it is.' }]);
    const theirs = (await api('POST', '/files', 'patient2', { contentType: 'image/png', data: PNG })).body.data.id;
    const res = await record({ type: 'camera', fileId: theirs });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'fileId', message: 'Take or upload a photo first.' }]);
    // Not yet part of a measurement: only its uploader sees it.
    expect((await api('GET', `/files/${theirs}`, 'physician')).status).toBe(404);
    expect((await api('GET', `/files/${theirs}`, 'patient2')).status).toBe(200);
    expect((await api('POST', '/files', 'physician', { contentType: 'image/png', data: PNG })).status).toBe(403);
  });

  it('takes photos up to 4 MB in a body larger than other routes allow, and no more', async () => {
    const tooBig = await api('POST', '/files', 'patient', { contentType: 'image/jpeg', data: 'A'.repeat(5_700_000) });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors).toEqual([{ field: 'data', message: 'The image must be 4 MB or smaller.' }]);
    const huge = await api('POST', '/files', 'patient', { contentType: 'image/jpeg', data: 'A'.repeat(7_000_000) });
    expect(huge.status).toBe(413);
  });
});

describe('integration API keys (spec §7 second source)', () => {
  it('are created by admins, shown once, and read measurements of their organisation', async () => {
    for (const role of ['physician', 'patient'] as const) expect((await api('POST', '/api-keys', role, { name: 'EHR' })).status, role).toBe(403);
    const created = await api('POST', '/api-keys', 'admin', { name: 'EHR bridge' });
    expect(created.status).toBe(201);
    const { key, id } = created.body.data;
    expect(key).toMatch(/^ock_[A-Za-z0-9_-]{43}$/);
    const list = await api('GET', '/api-keys', 'admin');
    expect(list.body.data.find((k: { id: string }) => k.id === id)).toEqual({ id, name: 'EHR bridge', createdAt: expect.any(String), lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(key);

    const withKey = (path: string) => t.call('GET', `/api/v1${path}`, { headers: { 'x-api-key': key } });
    const res = await withKey(`/measurements?user_id=${patientId}&type=bp`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((m: { type: string; patientId: string }) => m.type === 'bp' && m.patientId === patientId)).toBe(true);
    expect((await withKey('/measurements')).status).toBe(400);
    expect((await withKey(`/measurements?user_id=${outsiderPatientId}`)).status).toBe(403);
    expect((await api('GET', '/api-keys', 'admin')).body.data.find((k: { id: string }) => k.id === id).lastUsedAt).not.toBeNull();

    // Read only: it opens nothing else.
    expect((await t.call('POST', '/api/v1/measurements', { body: bp(120, 80), headers: { 'x-api-key': key } })).status).toBe(401);
    expect((await withKey(`/measurements/${res.body.data[0].id}`)).status).toBe(401);
    expect((await withKey('/alerts')).status).toBe(401);

    expect((await api('PATCH', `/api-keys/${id}/revoke`, 'physician')).status).toBe(403);
    const revoked = await api('PATCH', `/api-keys/${id}/revoke`, 'admin');
    expect(revoked.body.data.revokedAt).not.toBeNull();
    const refused = await withKey(`/measurements?user_id=${patientId}`);
    expect(refused.status).toBe(401);
    expect(refused.body.key).toBe('apiKeyInvalid');
    expect((await t.call('GET', `/api/v1/measurements?user_id=${patientId}`, { headers: { 'x-api-key': 'ock_guess' } })).status).toBe(401);
  });

  it('are not shared across organisations', async () => {
    const created = await api('POST', '/api-keys', 'admin', { name: 'Lab' });
    const outsiderAdmin = await createOutsider(t.edge.deps.db, ROLES.Admin, 'prov');
    const token = (await t.login(outsiderAdmin.username)).token;
    expect((await t.call('PATCH', `/api/v1/api-keys/${created.body.data.id}/revoke`, { token })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/api-keys', { token })).body.data).toEqual([]);
  });
});

describe('over tRPC', () => {
  const client = (token: string) =>
    createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })] });

  it('records and lists by the same rules', async () => {
    const saved = await client(tokens.patient).measurements.record.mutate({ type: 'bt', values: { temperature: 36.8 } });
    expect(saved).toMatchObject({ created: true, measurement: { type: 'bt', rangeClass: 'normal' } });
    const list = await client(tokens.physician).measurements.list.query({ user_id: patientId, type: 'bt', page: 1, pageSize: 5 });
    expect(list.items[0]?.id).toBe(saved.measurement.id);
    const refused = await client(tokens.patient2)
      .measurements.list.query({ user_id: patientId, page: 1, pageSize: 5 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<AppRouter>).data?.code).toBe('FORBIDDEN');
    const thresholds = await client(tokens.nurse).measurements.setThresholds.mutate({ patientId: patient2Id, type: 'bt', limits: { temperature: { highFrom: 38.5 } } });
    expect(thresholds.limits.temperature).toEqual({ highFrom: 38.5 });
    const alerts = await client(tokens.assistant).alerts.list.query({ status: 'open', page: 1, pageSize: 5 });
    expect(alerts.meta.total).toBeGreaterThan(0);
  });
});
