import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { appointments, auditLog, patientEvents } from '@opencare/api/db/schema';
import { createTRPCClient, httpLink } from '@trpc/client';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
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

/** Book through the API; `who` books, for themself unless a patient is named. */
async function book(who: Person, body: Record<string, unknown>) {
  return api('POST', '/appointments', who, { type: 'tv', providerId: cast.id.physician, ...body });
}
async function booked(who: Person, body: Record<string, unknown>): Promise<Json> {
  const res = await book(who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const fieldsOf = (res: { body: Json }) => (res.body.errors ?? []).map((e: Json) => e.field);
const ids = (list: Json[]) => list.map((a) => a.id);

describe('bookable providers', () => {
  it('are the physicians and nurses of the clinic, for anyone signed in there', async () => {
    const res = await api('GET', '/appointments/providers', 'patient');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: cast.id.nurse,
        fullName: 'Noah Bennett',
        role: 'nurse',
        specialty: { code: '50', description: 'Nurse practitioner' },
      },
      {
        id: cast.id.physician,
        fullName: 'Priya Raman',
        role: 'physician',
        specialty: { code: '08', description: 'Family practice' },
      },
    ]);
    // The outsiders' clinics are their own: none of ours is bookable there.
    const theirs = await api('GET', '/appointments/providers', 'outsiderPatient');
    expect(theirs.body.data).toEqual([]);
    expect((await api('GET', '/appointments/providers')).status).toBe(401);
  });
});

describe('slots', () => {
  it('of a provider leave out the booked ones; cancelling frees a slot again', async () => {
    const day = workingDay(3);
    const all = await api('GET', `/appointments/slots?date=${day}`, 'patient');
    expect(all.body.data).toHaveLength(18); // 08:00 to 17:00, every 30 minutes
    expect(all.body.data[0]).toMatchObject({ startsAt: at(day, '08:00'), label: '08:00 AM' });

    const appointment = await booked('patient', { startsAt: at(day, '09:00') });
    const free = await api(
      'GET',
      `/appointments/slots?date=${day}&providerId=${cast.id.physician}`,
      'patient2',
    );
    expect(free.body.data.map((s: Json) => s.time)).not.toContain('09:00');
    expect(free.body.data).toHaveLength(17);
    // Another provider's day is untouched.
    const nurse = await api('GET', `/appointments/slots?date=${day}&providerId=${cast.id.nurse}`, 'patient2');
    expect(nurse.body.data).toHaveLength(18);

    await api('PATCH', `/appointments/${appointment.id}/cancel`, 'patient', { reason: 'noLongerNeeded' });
    const again = await api(
      'GET',
      `/appointments/slots?date=${day}&providerId=${cast.id.physician}`,
      'patient2',
    );
    expect(again.body.data).toHaveLength(18);
  });

  it('of a provider are never in the past', async () => {
    const past = await api(
      'GET',
      `/appointments/slots?date=${workingDay(-1)}&providerId=${cast.id.physician}`,
      'patient',
    );
    expect(past.body.data).toEqual([]);
    // Without a provider the day is shown as the settings define it (the settings screen's preview).
    expect((await api('GET', `/appointments/slots?date=${workingDay(1)}`, 'admin')).body.data).toHaveLength(
      18,
    );
  });

  it('are only asked of a physician or nurse of the clinic', async () => {
    const day = workingDay(3);
    for (const who of [cast.id.assistant, cast.id.admin, cast.id.patient, cast.id.outsider]) {
      const res = await api('GET', `/appointments/slots?date=${day}&providerId=${who}`, 'patient');
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(['providerId']);
    }
    expect((await api('GET', `/appointments/slots?date=${day}&providerId=nobody`, 'patient')).status).toBe(
      400,
    );
    expect((await api('GET', `/appointments/slots?date=${day}`)).status).toBe(401);
  });
});

describe('booking', () => {
  it('gives a patient a scheduled appointment with its visit and visit code, and a timeline event', async () => {
    const day = workingDay(4);
    const appointment = await booked('patient', {
      startsAt: at(day, '10:00'),
      reason: 'Wound check after surgery',
    });
    expect(appointment).toMatchObject({
      type: { code: 'tv', description: 'Telemedicine' },
      status: 'scheduled',
      startsAt: at(day, '10:00'),
      endsAt: at(day, '10:30'),
      reason: 'Wound check after surgery',
      patient: { id: cast.id.patient, fullName: 'Pat Morgan' },
      provider: { id: cast.id.physician, fullName: 'Priya Raman' },
      cancelReason: null,
      confirmedAt: null,
      visit: { status: 'p', completedAt: null },
    });
    expect(appointment.visit.code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);

    const [event] = await t.edge.deps.db
      .select()
      .from(patientEvents)
      .where(and(eq(patientEvents.refId, appointment.id), eq(patientEvents.kind, 'appointment')));
    expect(event?.data).toMatchObject({
      action: 'booked',
      type: 'tv',
      startsAt: at(day, '10:00'),
      provider: 'Priya Raman',
    });
  });

  it('refuses a slot the provider or the patient already has', async () => {
    const day = workingDay(4);
    await booked('patient', { startsAt: at(day, '11:00') });
    const taken = await book('patient2', { startsAt: at(day, '11:00') });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      key: 'slotNotAvailable',
      message: 'This time is not available. Please choose another time.',
    });
    // The patient cannot be with two providers at once either.
    expect((await book('patient', { startsAt: at(day, '11:00'), providerId: cast.id.nurse })).body.key).toBe(
      'slotNotAvailable',
    );
  });

  it('gives a slot to one of two bookings made at the same moment', async () => {
    const startsAt = at(workingDay(4), '12:00');
    const results = await Promise.all([
      book('patient', { startsAt }),
      book('patient2', { startsAt }),
      book('physician', { startsAt, patientId: cast.id.patient2 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('checks the time against the clinic settings and the calendar', async () => {
    const day = workingDay(4);
    const saturday = (() => {
      let d = day;
      while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6)
        d = new Date(Date.parse(`${d}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return d;
    })();
    const cases: [string, string][] = [
      [at(day, '08:10'), 'startsAt'], // not on the 30-minute step
      [at(day, '07:30'), 'startsAt'], // before the working day
      [at(day, '16:45'), 'startsAt'], // would end after it
      [at(saturday, '09:00'), 'startsAt'], // not a working day
      [new Date(Date.now() + 400 * 86_400_000).toISOString(), 'startsAt'], // beyond the booking horizon
    ];
    for (const [startsAt, field] of cases) {
      const res = await book('patient', { startsAt });
      expect(res.status, startsAt).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    // A slot of the past is no longer available.
    const past = await book('patient', { startsAt: at(workingDay(-1), '09:00') });
    expect(past.status).toBe(409);
    expect(past.body.key).toBe('slotNotAvailable');

    const invalid: [Record<string, unknown>, string][] = [
      [{ startsAt: at(day, '13:00'), type: 'xx' }, 'type'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ startsAt: at(day, '13:00'), providerId: 'me' }, 'providerId'],
      [{ startsAt: at(day, '13:00'), providerId: cast.id.assistant }, 'providerId'],
      [{ startsAt: at(day, '13:00'), providerId: cast.id.outsider }, 'providerId'],
      [{ startsAt: at(day, '13:00'), reason: 'x'.repeat(501) }, 'reason'],
      [{ startsAt: at(day, '13:00'), surprise: true }, '(body)'],
    ];
    for (const [body, field] of invalid) {
      const res = await book('patient', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.key).toBe('validationFailed');
      expect(fieldsOf(res)).toEqual([field]);
    }
  });

  it('is for a patient themself, or by a clinician of their clinic for them', async () => {
    const day = workingDay(5);
    // Clinicians book for a patient, and must say which.
    for (const [who, time] of [
      ['physician', '08:00'],
      ['nurse', '08:30'],
    ] as const) {
      const made = await booked(who, { startsAt: at(day, time), patientId: cast.id.patient2 });
      expect(made.patient.id).toBe(cast.id.patient2);
    }
    const unnamed = await book('nurse', { startsAt: at(day, '09:30') });
    expect(unnamed.status).toBe(400);
    expect(fieldsOf(unnamed)).toEqual(['patientId']);

    const refused: [Person, Record<string, unknown>][] = [
      ['patient', { patientId: cast.id.patient2 }], // another patient
      ['admin', {}],
      ['admin', { patientId: cast.id.patient }], // admins have no clinical access
      ['caregiver', {}],
      ['caregiver', { patientId: cast.id.patient }],
      ['assistant', { patientId: cast.id.patient }], // an assistant only reads (permission table)
    ];
    for (const [who, body] of refused) {
      const res = await book(who, { startsAt: at(day, '10:00'), ...body });
      expect(res.status, `${who} ${JSON.stringify(body)}`).toBe(403);
    }
    // Another organisation's patient is not found, so its ids cannot be probed.
    for (const who of ['outsider', 'outsiderPatient'] as const) {
      const res = await book(who, { startsAt: at(day, '10:00'), patientId: cast.id.patient });
      expect(res.status, who).toBe(404);
    }
    // An account that is not a patient is not found.
    expect((await book('physician', { startsAt: at(day, '10:00'), patientId: cast.id.nurse })).status).toBe(
      404,
    );
    expect((await book(undefined as unknown as Person, { startsAt: at(day, '10:00') })).status).toBe(401);

    const denied = await t.edge.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorAccountId, cast.id.admin), eq(auditLog.action, 'appointment.book')))
      .orderBy(desc(auditLog.id));
    expect(denied[0]?.outcome).toBe('denied');
  });
});

describe('lists', () => {
  let mine: Json;
  let theirs: Json;
  const day = workingDay(6);
  beforeAll(async () => {
    mine = await booked('patient', { startsAt: at(day, '08:00'), providerId: cast.id.nurse });
    theirs = await booked('patient2', { startsAt: at(day, '08:30'), providerId: cast.id.nurse, type: 'pv' });
  });

  it('show a patient their own appointments only', async () => {
    const res = await api('GET', '/appointments?pageSize=100', 'patient');
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toContain(mine.id);
    expect(ids(res.body.data)).not.toContain(theirs.id);
    expect(res.body.data.every((a: Json) => a.patient.id === cast.id.patient)).toBe(true);
    expect((await api('GET', `/appointments?patientId=${cast.id.patient2}`, 'patient')).status).toBe(403);
    expect((await api('GET', `/patients/${cast.id.patient2}/appointments`, 'patient')).status).toBe(403);
    const own = await api('GET', `/patients/${cast.id.patient}/appointments?pageSize=100`, 'patient');
    expect(ids(own.body.data)).toContain(mine.id);
  });

  it('show clinicians the clinic’s appointments, by patient, provider, status and time', async () => {
    for (const who of ['physician', 'nurse', 'assistant'] as const) {
      const res = await api('GET', `/appointments?from=${at(day, '00:00')}&to=${at(day, '23:59')}`, who);
      expect(res.status).toBe(200);
      expect(ids(res.body.data)).toEqual([mine.id, theirs.id]);
    }
    const byPatient = await api(
      'GET',
      `/patients/${cast.id.patient2}/appointments?from=${at(day, '00:00')}`,
      'nurse',
    );
    expect(ids(byPatient.body.data)[0]).toBe(theirs.id);
    expect(byPatient.body.data.every((a: Json) => a.patient.id === cast.id.patient2)).toBe(true);

    const byProvider = await api(
      'GET',
      `/providers/${cast.id.nurse}/appointments?from=${at(day, '00:00')}&to=${at(day, '23:59')}`,
      'physician',
    );
    expect(ids(byProvider.body.data)).toEqual([mine.id, theirs.id]);
    // A patient asking after a provider sees only their own appointments with them.
    const patientView = await api('GET', `/providers/${cast.id.nurse}/appointments?pageSize=100`, 'patient');
    expect(patientView.body.data.every((a: Json) => a.patient.id === cast.id.patient)).toBe(true);
    expect((await api('GET', `/providers/${cast.id.patient}/appointments`, 'physician')).status).toBe(404);
    expect((await api('GET', `/providers/${cast.id.outsider}/appointments`, 'physician')).status).toBe(404);

    const scheduled = await api(
      'GET',
      `/appointments?status=confirmed,cancelled&from=${at(day, '00:00')}&to=${at(day, '23:59')}`,
      'nurse',
    );
    expect(scheduled.body.data).toEqual([]);
    const page = await api(
      'GET',
      `/appointments?from=${at(day, '00:00')}&to=${at(day, '23:59')}&pageSize=1&page=2`,
      'nurse',
    );
    expect(ids(page.body.data)).toEqual([theirs.id]);
    expect(page.body.meta).toEqual({
      total: 2,
      page: 2,
      pageSize: 1,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
  });

  it('split upcoming from past', async () => {
    const { appointmentId } = await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient,
      providerAccountId: cast.id.nurse,
      startsAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const upcoming = await api('GET', '/appointments?when=upcoming&pageSize=100', 'patient');
    const past = await api('GET', '/appointments?when=past&pageSize=100', 'patient');
    expect(ids(upcoming.body.data)).toContain(mine.id);
    expect(ids(upcoming.body.data)).not.toContain(appointmentId);
    expect(ids(past.body.data)).toContain(appointmentId);
    expect(ids(past.body.data)).not.toContain(mine.id);
    const starts = upcoming.body.data.map((a: Json) => a.startsAt);
    expect(starts).toEqual([...starts].sort());
  });

  it('are refused to admins and caregivers, and never cross organisations', async () => {
    for (const who of ['admin', 'caregiver'] as const) {
      expect((await api('GET', '/appointments', who)).status).toBe(403);
      expect((await api('GET', `/patients/${cast.id.patient}/appointments`, who)).status).toBe(403);
      expect((await api('GET', `/providers/${cast.id.nurse}/appointments`, who)).status).toBe(403);
    }
    const outsiders = await api('GET', '/appointments', 'outsider');
    expect(outsiders.status).toBe(200);
    expect(outsiders.body.data).toEqual([]);
    expect((await api('GET', `/patients/${cast.id.patient}/appointments`, 'outsider')).status).toBe(404);
    expect((await api('GET', `/appointments?patientId=${cast.id.patient}`, 'outsiderPatient')).status).toBe(
      404,
    );
    expect((await api('GET', '/appointments?status=lost', 'patient')).status).toBe(400);
    expect((await api('GET', '/appointments')).status).toBe(401);
  });

  it('read one appointment for its patient and the clinic’s clinicians only', async () => {
    for (const who of ['patient', 'physician', 'nurse', 'assistant'] as const) {
      expect((await api('GET', `/appointments/${mine.id}`, who)).body.data, who).toMatchObject({
        id: mine.id,
      });
    }
    for (const who of ['patient2', 'admin', 'caregiver'] as const) {
      expect((await api('GET', `/appointments/${mine.id}`, who)).status, who).toBe(403);
    }
    for (const who of ['outsider', 'outsiderPatient'] as const) {
      expect((await api('GET', `/appointments/${mine.id}`, who)).status, who).toBe(404);
    }
    expect((await api('GET', '/appointments/00000000-0000-4000-8000-000000000000', 'patient')).status).toBe(
      404,
    );
    expect((await api('GET', '/appointments/not-an-id', 'patient')).status).toBe(400);
    expect((await api('DELETE', `/appointments/${mine.id}`, 'patient')).status).toBe(404);
  });
});

describe('confirming attendance', () => {
  it('is the patient’s own act, for an appointment still to come', async () => {
    const day = workingDay(7);
    const appointment = await booked('patient', { startsAt: at(day, '09:00') });
    for (const who of ['patient2', 'physician', 'nurse', 'admin', 'caregiver'] as const) {
      expect((await api('PATCH', `/appointments/${appointment.id}/confirm`, who)).status, who).toBe(403);
    }
    // Another organisation's appointment is not found at all.
    expect((await api('PATCH', `/appointments/${appointment.id}/confirm`, 'outsider')).status).toBe(404);
    const confirmed = await api('PATCH', `/appointments/${appointment.id}/confirm`, 'patient');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('confirmed');
    expect(Date.parse(confirmed.body.data.confirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    const twice = await api('PATCH', `/appointments/${appointment.id}/confirm`, 'patient');
    expect(twice.body.data.confirmedAt).toBe(confirmed.body.data.confirmedAt);
    expect(
      (await api('PATCH', '/appointments/00000000-0000-4000-8000-000000000000/confirm', 'patient')).status,
    ).toBe(404);
  });

  it('is refused once the appointment has begun, was cancelled, completed or missed', async () => {
    const db = t.edge.deps.db;
    const base = {
      organisationId: clinic,
      patientAccountId: cast.id.patient,
      providerAccountId: cast.id.physician,
    };
    const started = await insertAppointmentWithVisit(db, {
      ...base,
      startsAt: new Date(Date.now() - 10 * 60_000),
    });
    const future = new Date(Date.now() + 40 * 86_400_000);
    const cases = [
      [started.appointmentId, 'appointmentExpired'],
      [
        (await insertAppointmentWithVisit(db, { ...base, startsAt: future, status: 'cancelled' }))
          .appointmentId,
        'appointmentCanceled',
      ],
      [
        (await insertAppointmentWithVisit(db, { ...base, startsAt: future, status: 'completed' }))
          .appointmentId,
        'appointmentCompleted',
      ],
      [
        (await insertAppointmentWithVisit(db, { ...base, startsAt: future, status: 'noShow' })).appointmentId,
        'appointmentMissed',
      ],
    ];
    for (const [id, key] of cases) {
      const res = await api('PATCH', `/appointments/${id}/confirm`, 'patient');
      expect(res.status).toBe(409);
      expect(res.body.key).toBe(key);
    }
  });
});

describe('cancelling', () => {
  it('needs one of the spec’s reasons, and a note for "other"', async () => {
    const appointment = await booked('patient', { startsAt: at(workingDay(8), '09:00') });
    const cases: [unknown, string][] = [
      [{}, 'reason'],
      [{ reason: 'bored' }, 'reason'],
      [{ reason: 'other' }, 'note'],
      [{ reason: 'other', note: '  ' }, 'note'],
      [{ reason: 'schedulingConflict', note: 'x'.repeat(501) }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await api('PATCH', `/appointments/${appointment.id}/cancel`, 'patient', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    expect((await api('GET', `/appointments/${appointment.id}`, 'patient')).body.data.status).toBe(
      'scheduled',
    );
  });

  it('by the patient or a clinician cancels the visit too, and is said once', async () => {
    const day = workingDay(8);
    const first = await booked('patient', { startsAt: at(day, '10:00') });
    for (const [who, status] of [
      ['patient2', 403],
      ['admin', 403],
      ['caregiver', 403],
      ['assistant', 403],
      ['outsider', 404],
    ] as const) {
      expect(
        (await api('PATCH', `/appointments/${first.id}/cancel`, who, { reason: 'other', note: 'x' })).status,
        who,
      ).toBe(status);
    }
    const cancelled = await api('PATCH', `/appointments/${first.id}/cancel`, 'patient', {
      reason: 'other',
      note: 'Moving to another city',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: { code: 'other', description: 'Other' },
      cancelNote: 'Moving to another city',
      visit: { status: 'can' },
    });
    const again = await api('PATCH', `/appointments/${first.id}/cancel`, 'patient', {
      reason: 'noLongerNeeded',
    });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('appointmentCanceled');
    expect((await api('PATCH', `/appointments/${first.id}/confirm`, 'patient')).body.key).toBe(
      'appointmentCanceled',
    );

    const second = await booked('patient', { startsAt: at(day, '11:00') });
    const byNurse = await api('PATCH', `/appointments/${second.id}/cancel`, 'nurse', {
      reason: 'technicalIssues',
    });
    expect(byNurse.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: { code: 'technicalIssues' },
      cancelNote: null,
    });

    const [event] = await t.edge.deps.db
      .select()
      .from(patientEvents)
      .where(eq(patientEvents.refId, first.id))
      .orderBy(desc(patientEvents.id));
    // The reason's code reaches the timeline; the free-text note does not.
    expect(event?.data).toEqual({
      action: 'cancelled',
      type: 'tv',
      startsAt: at(day, '10:00'),
      reason: 'other',
    });
  });
});

describe('rescheduling', () => {
  it('moves to a free slot of the same provider; the confirmation no longer holds', async () => {
    const day = workingDay(9);
    const appointment = await booked('patient', { startsAt: at(day, '09:00') });
    await api('PATCH', `/appointments/${appointment.id}/confirm`, 'patient');
    await booked('patient2', { startsAt: at(day, '10:00') });

    const taken = await api('PATCH', `/appointments/${appointment.id}`, 'patient', {
      startsAt: at(day, '10:00'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.key).toBe('slotNotAvailable');
    // Half an hour later overlaps nothing but itself.
    const moved = await api('PATCH', `/appointments/${appointment.id}`, 'patient', {
      startsAt: at(day, '09:30'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      status: 'rescheduled',
      startsAt: at(day, '09:30'),
      endsAt: at(day, '10:00'),
      confirmedAt: null,
      visit: { code: appointment.visit.code },
    });
    const slots = await api(
      'GET',
      `/appointments/slots?date=${day}&providerId=${cast.id.physician}`,
      'patient',
    );
    expect(slots.body.data.map((s: Json) => s.time)).toContain('09:00');
    expect(slots.body.data.map((s: Json) => s.time)).not.toContain('09:30');

    const [event] = await t.edge.deps.db
      .select()
      .from(patientEvents)
      .where(eq(patientEvents.refId, appointment.id))
      .orderBy(desc(patientEvents.id));
    expect(event?.data).toMatchObject({
      action: 'rescheduled',
      from: at(day, '09:00'),
      startsAt: at(day, '09:30'),
    });

    // Confirmed again at the new time; a clinician may move it too.
    expect((await api('PATCH', `/appointments/${appointment.id}/confirm`, 'patient')).body.data.status).toBe(
      'confirmed',
    );
    expect(
      (await api('PATCH', `/appointments/${appointment.id}`, 'nurse', { startsAt: at(day, '11:00') })).status,
    ).toBe(200);
  });

  it('is refused to others, off the clinic’s slots, and once cancelled', async () => {
    const day = workingDay(9);
    const appointment = await booked('patient', { startsAt: at(day, '14:00') });
    for (const [who, status] of [
      ['patient2', 403],
      ['admin', 403],
      ['caregiver', 403],
      ['assistant', 403],
      ['outsider', 404],
    ] as const) {
      expect(
        (await api('PATCH', `/appointments/${appointment.id}`, who, { startsAt: at(day, '15:00') })).status,
        who,
      ).toBe(status);
    }
    const offGrid = await api('PATCH', `/appointments/${appointment.id}`, 'patient', {
      startsAt: at(day, '15:10'),
    });
    expect(fieldsOf(offGrid)).toEqual(['startsAt']);
    expect((await api('PATCH', `/appointments/${appointment.id}`, 'patient', {})).status).toBe(400);
    expect(
      (
        await api('PATCH', `/appointments/${appointment.id}`, 'patient', {
          startsAt: at(day, '15:00'),
          providerId: cast.id.nurse,
        })
      ).status,
    ).toBe(400);
    await api('PATCH', `/appointments/${appointment.id}/cancel`, 'patient', { reason: 'rescheduled' });
    const late = await api('PATCH', `/appointments/${appointment.id}`, 'patient', {
      startsAt: at(day, '15:00'),
    });
    expect(late.body.key).toBe('appointmentCanceled');
  });
});

describe('dates with appointments', () => {
  it('are the calendar days (not cancelled) of the patient’s appointments, in their time zone', async () => {
    const [dayA, dayB] = [workingDay(12), workingDay(13)];
    await booked('patient2', { startsAt: at(dayA, '09:00') });
    const cancelled = await booked('patient2', { startsAt: at(dayB, '09:00') });
    await api('PATCH', `/appointments/${cancelled.id}/cancel`, 'patient2', { reason: 'noLongerNeeded' });
    // 02:30 UTC is still the evening before in New York.
    const lateEvening = new Date(`${workingDay(16)}T02:30:00Z`);
    await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: clinic,
      patientAccountId: cast.id.patient2,
      providerAccountId: cast.id.nurse,
      startsAt: lateEvening,
    });
    const eveningDay = new Date(lateEvening.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);

    const res = await api('GET', `/appointments/dates?from=${dayA}&to=${workingDay(16)}`, 'patient2');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([...new Set([dayA, eveningDay])].sort());
    const clinician = await api(
      'GET',
      `/appointments/dates?from=${dayA}&to=${workingDay(16)}&patientId=${cast.id.patient2}`,
      'nurse',
    );
    expect(clinician.body.data).toEqual(res.body.data);
    const narrow = await api('GET', `/appointments/dates?from=${dayB}&to=${dayB}`, 'patient2');
    expect(narrow.body.data).toEqual([]);
  });

  it('are asked for a range of real dates, by those who may see the appointments', async () => {
    expect((await api('GET', '/appointments/dates?from=2026-03-01&to=2026-02-01', 'patient')).status).toBe(
      400,
    );
    expect((await api('GET', '/appointments/dates?from=2026-01-01&to=2027-06-01', 'patient')).status).toBe(
      400,
    );
    expect((await api('GET', '/appointments/dates?from=2026-02-30&to=2026-03-01', 'patient')).status).toBe(
      400,
    );
    expect((await api('GET', '/appointments/dates?from=2026-01-01', 'patient')).status).toBe(400);
    for (const who of ['admin', 'caregiver'] as const) {
      expect((await api('GET', '/appointments/dates?from=2026-01-01&to=2026-12-31', who)).status).toBe(403);
    }
    expect(
      (
        await api(
          'GET',
          `/appointments/dates?from=2026-01-01&to=2026-12-31&patientId=${cast.id.patient}`,
          'patient2',
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await api(
          'GET',
          `/appointments/dates?from=2026-01-01&to=2026-12-31&patientId=${cast.id.patient}`,
          'outsider',
        )
      ).status,
    ).toBe(404);
  });
});

describe('over tRPC', () => {
  it('books, lists, confirms and cancels through the same services', async () => {
    const client = (who: Person) =>
      createTRPCClient<AppRouter>({
        links: [
          httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${cast.token[who]}` }) }),
        ],
      });
    const day = workingDay(10);
    const slots = await client('patient').appointments.slots.query({ date: day, providerId: cast.id.nurse });
    const first = slots[0];
    if (!first) throw new Error('no slot');
    const made = await client('patient').appointments.book.mutate({
      providerId: cast.id.nurse,
      type: 'pv',
      startsAt: first.startsAt,
    });
    expect(made.status).toBe('scheduled');
    const list = await client('nurse').appointments.list.query({
      patientId: cast.id.patient,
      from: at(day, '00:00'),
      to: at(day, '23:59'),
    });
    expect(list.items.map((a) => a.id)).toEqual([made.id]);
    expect((await client('patient').appointments.confirm.mutate({ id: made.id })).status).toBe('confirmed');
    const cancelled = await client('nurse').appointments.cancel.mutate({
      id: made.id,
      cancel: { reason: 'schedulingConflict' },
    });
    expect(cancelled.status).toBe('cancelled');
    expect(await client('patient').appointments.dates.query({ from: day, to: day })).toEqual([]);
    await expect(client('admin').appointments.list.query({})).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
  });
});

describe('the permission table (issue 15, door 7)', () => {
  const rowOf = async (id: string) =>
    (await t.edge.deps.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const countOf = async (patientId: string) =>
    (
      await t.edge.deps.db
        .select({ n: count() })
        .from(appointments)
        .where(eq(appointments.patientAccountId, patientId))
    )[0]?.n;

  it('lets an assistant read appointments, never book, reschedule or cancel one; nothing changes', async () => {
    const day = workingDay(11);
    const appointment = await booked('patient', { startsAt: at(day, '09:00') });
    const before = await rowOf(appointment.id);
    const held = await countOf(cast.id.patient);
    expect((await api('GET', `/appointments/${appointment.id}`, 'assistant')).status).toBe(200);

    const refused = [
      await book('assistant', { startsAt: at(day, '10:00'), patientId: cast.id.patient }),
      await api('PATCH', `/appointments/${appointment.id}`, 'assistant', { startsAt: at(day, '11:00') }),
      await api('PATCH', `/appointments/${appointment.id}/cancel`, 'assistant', { reason: 'other', note: 'x' }),
    ];
    expect(refused.map((r) => [r.status, r.body.key])).toEqual([
      [403, 'err_forbidden'],
      [403, 'err_forbidden'],
      [403, 'err_forbidden'],
    ]);
    const client = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${t.url}/trpc`,
          headers: () => ({ authorization: `Bearer ${cast.token.assistant}` }),
        }),
      ],
    });
    await expect(
      client.appointments.cancel.mutate({ id: appointment.id, cancel: { reason: 'schedulingConflict' } }),
    ).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await expect(
      client.appointments.book.mutate({
        providerId: cast.id.physician,
        type: 'tv',
        startsAt: at(day, '10:30'),
        patientId: cast.id.patient,
      }),
    ).rejects.toMatchObject({ data: { httpStatus: 403 } });

    // The row in the database is as it was, and no appointment was added.
    expect(await rowOf(appointment.id)).toEqual(before);
    expect(await countOf(cast.id.patient)).toBe(held);
    const denied = await t.edge.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorAccountId, cast.id.assistant),
          eq(auditLog.outcome, 'denied'),
          inArray(auditLog.action, ['appointment.book', 'appointment.reschedule', 'appointment.cancel']),
        ),
      );
    expect(new Set(denied.map((d) => d.action))).toEqual(
      new Set(['appointment.book', 'appointment.reschedule', 'appointment.cancel']),
    );
  });
});

describe('the cap on open future appointments (issue 15, door 9)', () => {
  it('refuses one more than the organisation allows a patient, in the patient’s language', async () => {
    const open = async () =>
      (
        await t.edge.deps.db
          .select({ n: count() })
          .from(appointments)
          .where(
            and(
              eq(appointments.patientAccountId, cast.id.patient2),
              inArray(appointments.status, ['scheduled', 'confirmed', 'rescheduled']),
              gt(appointments.startsAt, new Date()),
            ),
          )
      )[0]?.n ?? 0;
    const max = (await open()) + 1;
    const setCap = (value: number) =>
      api('PATCH', '/settings/appointmentManagement', 'admin', { maxOpenAppointmentsPerPatient: value });
    expect((await setCap(0)).status).toBe(400);
    expect((await setCap(max)).status).toBe(200);
    try {
      const day = workingDay(13);
      await booked('patient2', { startsAt: at(day, '15:30'), providerId: cast.id.nurse });
      const over = await book('nurse', { startsAt: at(day, '16:00'), patientId: cast.id.patient2, providerId: cast.id.nurse });
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({
        key: 'appointmentLimitReached',
        message: `This patient already has ${max} upcoming appointments. Cancel one before booking another.`,
      });
      expect(await open()).toBe(max);
      // Cancelling one frees a place again.
      const [first] = (await api('GET', `/appointments?when=upcoming&pageSize=100`, 'patient2')).body.data;
      await api('PATCH', `/appointments/${first.id}/cancel`, 'patient2', { reason: 'noLongerNeeded' });
      expect((await book('patient2', { startsAt: at(day, '16:00'), providerId: cast.id.nurse })).status).toBe(201);
    } finally {
      expect((await setCap(10)).status).toBe(200);
    }
  });
});
