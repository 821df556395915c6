import { randomUUID } from 'node:crypto';
import { FILE_MAX_BYTES } from '@opencare/schemas/entities/measurements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
let cast: Cast;
let visitId: string;

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A telemedicine visit of the physician with the patient that began `minutesAgo`. */
async function videoVisitSince(minutesAgo: number): Promise<string> {
  const visit = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: await organisationOf(t.edge.deps.db, cast.id.patient),
    patientAccountId: cast.id.patient,
    providerAccountId: cast.id.physician,
    startsAt: new Date(Date.now() - minutesAgo * 60_000),
    type: 'tv',
  });
  return visit.visitId;
}

beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
  visitId = await videoVisitSince(10);
});
afterAll(() => t.close());

const api = (method: string, path: string, who: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: cast.token[who], body });
const capture = (who: Person, body: unknown, id = visitId) =>
  api('POST', `/visits/${id}/captures`, who, body);

describe('POST /visits/{id}/captures', () => {
  it("saves a clinician's snapshot as a camera measurement on the patient's record and timeline", async () => {
    const res = await capture('physician', {
      contentType: 'image/png',
      data: PNG,
      caption: 'Rash, left forearm',
    });
    expect(res.status).toBe(201);
    const saved = res.body.data;
    expect(saved).toMatchObject({
      patientId: cast.id.patient,
      type: 'camera',
      values: {},
      source: 'visit',
      note: 'Rash, left forearm',
      fileId: expect.any(String),
    });

    // The patient sees it among their readings, and can open the photo.
    const mine = await api('GET', '/measurements?type=camera&pageSize=100', 'patient');
    expect(mine.body.data.map((m: Json) => m.id)).toContain(saved.id);
    const photo = await api('GET', `/files/${saved.fileId}`, 'patient');
    expect(photo.status).toBe(200);
    expect(photo.body.data.dataUrl).toBe(`data:image/png;base64,${PNG}`);

    // The care team sees it on the patient's timeline.
    const timeline = await api('GET', `/patients/${cast.id.patient}/timeline?limit=50`, 'nurse');
    expect(timeline.body.data.items.find((e: Json) => e.refId === saved.id)).toMatchObject({
      kind: 'measurement',
      data: { type: 'camera' },
    });
  });

  it('lets a nurse save one with no caption', async () => {
    const res = await capture('nurse', { contentType: 'image/png', data: PNG });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ source: 'visit', note: null });
  });

  it('refuses the patient, an assistant, and a physician of another organisation', async () => {
    for (const who of ['patient', 'assistant', 'outsider'] as const) {
      const res = await capture(who, { contentType: 'image/png', data: PNG });
      // Another organisation's visit is not found (issue 15, door 8).
      expect(res.status, who).toBe(who === 'outsider' ? 404 : 403);
      expect(res.body.key).toBe(who === 'outsider' ? 'notFound' : 'err_forbidden');
    }
  });

  it('answers 404 for a visit that does not exist', async () => {
    const res = await capture('physician', { contentType: 'image/png', data: PNG }, randomUUID());
    expect(res.status).toBe(404);
    expect(res.body.key).toBe('notFound');
  });

  it('refuses a file that is not the image it claims to be', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n').toString('base64');
    const res = await capture('physician', { contentType: 'image/png', data: pdf });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('validationFailed');
    expect(res.body.errors).toEqual([{ field: 'data', message: 'The file is not the image it says it is.' }]);

    const declared = await capture('physician', { contentType: 'application/pdf', data: pdf });
    expect(declared.status).toBe(400);
    expect(declared.body.errors.map((e: Json) => e.field)).toEqual(['contentType']);
  });

  it('refuses an image over the size limit with 413, within or beyond the body limit', async () => {
    const png = Buffer.from(PNG, 'base64');
    const justOver = Buffer.concat([png, Buffer.alloc(FILE_MAX_BYTES + 1 - png.length)]).toString('base64');
    const over = await capture('physician', { contentType: 'image/png', data: justOver });
    expect(over.status).toBe(413);
    expect(over.body.key).toBe('payloadTooLarge');

    const huge = Buffer.concat([png, Buffer.alloc(2 * FILE_MAX_BYTES)]).toString('base64');
    const refused = await capture('physician', { contentType: 'image/png', data: huge });
    expect(refused.status).toBe(413);
    expect(refused.body.key).toBe('payloadTooLarge');
  });
});

describe('GET /visits/{id}/captures', () => {
  it("lists the visit's snapshots, oldest first, for the patient and the care team, and for nobody else", async () => {
    const other = await videoVisitSince(5);
    const first = await capture('physician', { contentType: 'image/png', data: PNG, caption: 'Before' }, other);
    const second = await capture('nurse', { contentType: 'image/png', data: PNG, caption: 'After' }, other);
    expect([first.status, second.status]).toEqual([201, 201]);

    for (const who of ['patient', 'physician', 'nurse', 'assistant'] as const) {
      const res = await api('GET', `/visits/${other}/captures`, who);
      expect(res.status, who).toBe(200);
      // Only this visit's: the snapshots of the first visit (the tests above) are not among them.
      expect(res.body.data.map((m: Json) => [m.id, m.note, m.fileId]), who).toEqual([
        [first.body.data.id, 'Before', first.body.data.fileId],
        [second.body.data.id, 'After', second.body.data.fileId],
      ]);
    }
    for (const [who, status] of [
      ['patient2', 403],
      ['outsider', 404],
    ] as const) {
      const res = await api('GET', `/visits/${other}/captures`, who);
      expect(res.status, who).toBe(status);
      expect(JSON.stringify(res.body), who).not.toContain('Before');
    }
  });
});
