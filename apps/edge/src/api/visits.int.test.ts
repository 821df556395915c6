import { patientEvents } from '@opencare/api/db/schema';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { createTRPCClient, httpLink } from '@trpc/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  insertAppointmentWithVisit,
  organisationOf,
  signInCast,
  workingDay,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
let cast: Cast;
let clinic: string;

beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
});
afterAll(() => t.close());

const api = (method: string, path: string, who?: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
const fieldsOf = (res: { body: Json }) => (res.body.errors ?? []).map((e: Json) => e.field);
const ids = (list: Json[]) => list.map((v) => v.id);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** A past appointment of the demo clinic with its visit, written straight to the database. */
function pastVisit(values: {
  patient?: Person;
  provider?: Person;
  startsAt?: Date;
  status?: 'scheduled' | 'cancelled' | 'noShow';
}) {
  return insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: clinic,
    patientAccountId: cast.id[values.patient ?? 'patient'],
    providerAccountId: cast.id[values.provider ?? 'physician'],
    startsAt: values.startsAt ?? minutesAgo(90),
    status: values.status,
  });
}

const incomplete = async (who: Person = 'physician', query = 'pageSize=100') =>
  api('GET', `/visits/incomplete?${query}`, who);
const COMPLETION = {
  summary: 'Healing well; keep the dressing dry.',
  notes: 'Incision clean, no erythema. Sutures out in 7 days.',
};

describe('recording a walk-in visit', () => {
  it('lets a clinician record a visit that has begun, for a patient of the clinic', async () => {
    const startsAt = minutesAgo(45).toISOString();
    const res = await api('POST', '/visits', 'physician', {
      patientId: cast.id.patient,
      type: 'pv',
      startsAt,
      reason: 'Walk-in',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'p',
      summary: null,
      notes: null,
      completedAt: null,
      completedBy: null,
      appointment: {
        type: { code: 'pv' },
        status: 'confirmed',
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
        patient: { id: cast.id.patient, fullName: 'Pat Morgan' },
        provider: { id: cast.id.physician, fullName: 'Priya Raman' },
        reason: 'Walk-in',
      },
    });
    expect(ids((await incomplete()).body.data)).toContain(res.body.data.id);

    // A nurse records one for the physician or nurse who saw the patient; an assistant reads only
    // (the permission table, issue 15 door 7).
    const forPatient2 = { patientId: cast.id.patient2, providerId: cast.id.nurse, type: 'tv', startsAt, durationMinutes: 15 };
    expect((await api('POST', '/visits', 'assistant', forPatient2)).status).toBe(403);
    const byNurse = await api('POST', '/visits', 'nurse', forPatient2);
    expect(byNurse.status).toBe(201);
    expect(byNurse.body.data.appointment.provider.id).toBe(cast.id.nurse);
  });

  it('refuses the future, the distant past, and anyone but the clinic’s clinicians', async () => {
    const body = { patientId: cast.id.patient, type: 'pv', startsAt: minutesAgo(30).toISOString() };
    for (const startsAt of [new Date(Date.now() + 3_600_000), minutesAgo(31 * 24 * 60)]) {
      const res = await api('POST', '/visits', 'physician', { ...body, startsAt: startsAt.toISOString() });
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(['startsAt']);
    }
    expect(fieldsOf(await api('POST', '/visits', 'physician', { ...body, type: 'xx' }))).toEqual(['type']);
    expect(fieldsOf(await api('POST', '/visits', 'physician', { ...body, durationMinutes: 600 }))).toEqual([
      'durationMinutes',
    ]);
    for (const who of ['patient', 'patient2', 'admin', 'caregiver', 'outsider', 'outsiderPatient'] as const) {
      expect((await api('POST', '/visits', who, body)).status, who).toBe(who === 'outsider' ? 404 : 403);
    }
    expect((await api('POST', '/visits', undefined, body)).status).toBe(401);
  });
});

describe('incomplete visits', () => {
  it('are the begun, not cancelled, not completed visits of the clinic, newest first', async () => {
    const begun = await pastVisit({ startsAt: minutesAgo(120) });
    const justNow = await pastVisit({ startsAt: minutesAgo(5), provider: 'nurse', patient: 'patient2' });
    const cancelled = await pastVisit({ status: 'cancelled' });
    const missed = await pastVisit({ status: 'noShow' });
    const future = await api('POST', '/appointments', 'patient', {
      providerId: cast.id.physician,
      type: 'tv',
      startsAt: at(workingDay(2), '09:00'),
    });

    const list = (await incomplete()).body.data as Json[];
    const listed = ids(list);
    expect(listed).toContain(begun.visitId);
    expect(listed).toContain(justNow.visitId);
    for (const absent of [cancelled.visitId, missed.visitId, future.body.data.visit.id])
      expect(listed).not.toContain(absent);
    expect(listed.indexOf(justNow.visitId)).toBeLessThan(listed.indexOf(begun.visitId));
    // Clinicians read the notes field (still empty here).
    expect(list.find((v) => v.id === begun.visitId)).toMatchObject({
      notes: null,
      appointment: { patient: { fullName: 'Pat Morgan' } },
    });

    const nurses = (await incomplete('nurse', `providerId=${cast.id.nurse}&pageSize=100`)).body
      .data as Json[];
    expect(ids(nurses)).toContain(justNow.visitId);
    expect(nurses.every((v) => v.appointment.provider.id === cast.id.nurse)).toBe(true);
    const paged = await incomplete('physician', 'pageSize=1');
    expect(paged.body.meta).toMatchObject({ page: 1, pageSize: 1, hasNextPage: true });
  });

  it('are for physicians and nurses, each of their own clinic', async () => {
    for (const who of ['assistant', 'patient', 'admin', 'caregiver', 'outsiderPatient'] as const) {
      expect((await incomplete(who)).status, who).toBe(403);
    }
    const theirs = await incomplete('outsider');
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect((await incomplete('physician', 'providerId=me')).status).toBe(400);
    expect((await api('GET', '/visits/incomplete')).status).toBe(401);
  });
});

describe('completing a visit', () => {
  it('needs a summary and notes within their limits', async () => {
    const { visitId } = await pastVisit({});
    const cases: [unknown, string[]][] = [
      [{}, ['summary', 'notes']],
      [{ summary: '  ', notes: 'ok' }, ['summary']],
      [{ summary: 'ok', notes: '' }, ['notes']],
      [{ summary: 'x'.repeat(2001), notes: 'ok' }, ['summary']],
      [{ summary: 'ok', notes: 'x'.repeat(10_001) }, ['notes']],
      [{ ...COMPLETION, status: 'c' }, ['(body)']],
    ];
    for (const [body, fields] of cases) {
      const res = await api('POST', `/visits/${visitId}/complete`, 'physician', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
  });

  it('is for the clinic’s physicians and nurses only', async () => {
    const { visitId } = await pastVisit({});
    for (const who of [
      'assistant',
      'patient',
      'patient2',
      'admin',
      'caregiver',
      'outsider',
      'outsiderPatient',
    ] as const) {
      expect((await api('POST', `/visits/${visitId}/complete`, who, COMPLETION)).status, who).toBe(who.startsWith('outsider') ? 404 : 403);
    }
    expect(
      (await api('POST', '/visits/00000000-0000-4000-8000-000000000000/complete', 'physician', COMPLETION))
        .status,
    ).toBe(404);
    // A nurse may complete a colleague's visit; the visit says who did.
    const done = await api('POST', `/visits/${visitId}/complete`, 'nurse', COMPLETION);
    expect(done.body.data.completedBy).toEqual({ id: cast.id.nurse, fullName: 'Noah Bennett' });
  });

  it('records the summary and notes, completes the appointment and leaves the incomplete list', async () => {
    const { visitId, appointmentId } = await pastVisit({ patient: 'patient2' });
    expect(ids((await incomplete()).body.data)).toContain(visitId);

    const done = await api('POST', `/visits/${visitId}/complete`, 'physician', COMPLETION);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'c',
      ...COMPLETION,
      completedBy: { id: cast.id.physician, fullName: 'Priya Raman' },
      appointment: { id: appointmentId, status: 'completed' },
    });
    expect(Date.parse(done.body.data.completedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(ids((await incomplete()).body.data)).not.toContain(visitId);
    const appointment = await api('GET', `/appointments/${appointmentId}`, 'patient2');
    expect(appointment.body.data).toMatchObject({ status: 'completed', visit: { status: 'c' } });

    const again = await api('POST', `/visits/${visitId}/complete`, 'nurse', COMPLETION);
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('appointmentCompleted');

    const [event] = await t.edge.deps.db
      .select()
      .from(patientEvents)
      .where(and(eq(patientEvents.refId, visitId), eq(patientEvents.kind, 'visit')));
    expect(event?.data).toMatchObject({ action: 'completed', appointmentId });
    expect(JSON.stringify(event?.data)).not.toContain('Incision');
  });

  it('waits for the appointment to begin, and never follows a cancellation or a missed one', async () => {
    const future = await api('POST', '/appointments', 'patient', {
      providerId: cast.id.physician,
      type: 'tv',
      startsAt: at(workingDay(3), '10:00'),
    });
    const early = await api('POST', `/visits/${future.body.data.visit.id}/complete`, 'physician', COMPLETION);
    expect(early.status).toBe(409);
    expect(early.body.key).toBe('appointmentInFuture');
    for (const [status, key] of [
      ['cancelled', 'appointmentCanceled'],
      ['noShow', 'appointmentMissed'],
    ] as const) {
      const { visitId } = await pastVisit({ status });
      expect((await api('POST', `/visits/${visitId}/complete`, 'physician', COMPLETION)).body.key).toBe(key);
    }
  });
});

describe('reading visits', () => {
  let visit: Json;
  beforeAll(async () => {
    const { visitId } = await pastVisit({ patient: 'patient' });
    visit = (await api('POST', `/visits/${visitId}/complete`, 'physician', COMPLETION)).body.data;
  });

  it('by id or visit code, for the patient (summary, not the notes) and the clinic’s clinicians', async () => {
    for (const path of [
      `/visits/${visit.id}`,
      `/visits/code/${visit.code}`,
      `/visits/code/${visit.code.toUpperCase()}`,
    ]) {
      const own = await api('GET', path, 'patient');
      expect(own.status, path).toBe(200);
      expect(own.body.data).toMatchObject({ id: visit.id, summary: COMPLETION.summary, notes: null });
      for (const who of ['physician', 'nurse', 'assistant'] as const) {
        expect((await api('GET', path, who)).body.data.notes, who).toBe(COMPLETION.notes);
      }
      for (const who of ['patient2', 'admin', 'caregiver', 'outsider', 'outsiderPatient'] as const) {
        expect((await api('GET', path, who)).status, `${who} ${path}`).toBe(who.startsWith('outsider') ? 404 : 403);
      }
    }
    expect((await api('GET', '/visits/code/aaaa-bbbb-cccc', 'patient')).status).toBe(404);
    expect((await api('GET', '/visits/code/%2E%2E', 'patient')).status).toBe(400);
    expect((await api('GET', '/visits/00000000-0000-4000-8000-000000000000', 'patient')).status).toBe(404);
    expect((await api('GET', '/visits/not-an-id', 'patient')).status).toBe(400);
  });

  it('as lists: a patient’s own, a clinician’s clinic, no one else', async () => {
    const own = await api('GET', '/visits?pageSize=100', 'patient');
    expect(ids(own.body.data)).toContain(visit.id);
    expect(
      own.body.data.every((v: Json) => v.appointment.patient.id === cast.id.patient && v.notes === null),
    ).toBe(true);
    expect(ids((await api('GET', '/visits?pageSize=100', 'patient2')).body.data)).not.toContain(visit.id);
    expect((await api('GET', `/visits?patientId=${cast.id.patient}`, 'patient2')).status).toBe(403);

    const completed = await api('GET', `/visits?status=c&patientId=${cast.id.patient}&pageSize=100`, 'nurse');
    expect(ids(completed.body.data)).toContain(visit.id);
    expect(completed.body.data.every((v: Json) => v.status === 'c')).toBe(true);
    for (const who of ['admin', 'caregiver'] as const)
      expect((await api('GET', '/visits', who)).status).toBe(403);
    expect((await api('GET', '/visits', 'outsider')).body.data).toEqual([]);
    expect((await api('GET', '/visits?status=zz', 'nurse')).status).toBe(400);
  });

  it('over tRPC, with the same rules', async () => {
    const client = (who: Person) =>
      createTRPCClient<AppRouter>({
        links: [
          httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${cast.token[who]}` }) }),
        ],
      });
    expect((await client('patient').visits.byCode.query({ code: visit.code })).id).toBe(visit.id);
    const { visitId } = await pastVisit({});
    expect((await client('nurse').visits.incomplete.query({})).items.map((v) => v.id)).toContain(visitId);
    const done = await client('nurse').visits.complete.mutate({ id: visitId, ...COMPLETION });
    expect(done.status).toBe('c');
    await expect(client('assistant').visits.incomplete.query({})).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
  });
});
