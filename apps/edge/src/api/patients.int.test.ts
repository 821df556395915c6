import { randomBytes, randomUUID } from 'node:crypto';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { listAuditForResource } from '@opencare/api/audit/audit.repository';
import { hashPassword } from '@opencare/api/auth/secrets';
import type { Database } from '@opencare/api/db/database';
import {
  alerts,
  appointments,
  measurements,
  messageThreads,
  messages,
  patientEvents,
  tasks,
} from '@opencare/api/db/schema';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { insertUser } from '@opencare/api/users/users.repository';
import { ROLES } from '@opencare/schemas/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
const tokens: Record<string, string> = {};
const users: Record<string, Json> = {};
const DEMO = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;
let outsider: { token: string; accountId: string; organisationId: string };
let outsiderPatient: { token: string; accountId: string };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A patient of the given organisation, unique per run, with the demo password. */
async function addPatient(db: Database, organisationId: string, firstName: string, lastName: string) {
  const username = `patient${randomBytes(4).toString('hex')}`;
  const userId = await insertUser(db, {
    username,
    email: `${username}@other.example.org`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isVerified: true,
  });
  const accountId = await insertAccount(
    db,
    { userId, organisationId, accountType: 'pat', isDefault: true },
    { firstName, lastName },
    [ROLES.Patient],
  );
  return { username, accountId };
}

const accountOf = (name: string) => users[name].accounts[0].id as string;
const get = (path: string, token?: string, headers?: Record<string, string>) =>
  t.call('GET', `/api/v1${path}`, { token, headers });
const patch = (path: string, body: unknown, token?: string) =>
  t.call('PATCH', `/api/v1${path}`, { token, body });

beforeAll(async () => {
  t = await startTestEdge();
  for (const name of DEMO) {
    const { token, body } = await t.login(name);
    tokens[name] = token;
    users[name] = body.data;
  }
  const db = t.edge.deps.db;
  const physician = await createOutsider(db, ROLES.Physician, 'prov');
  outsider = {
    token: (await t.login(physician.username)).token,
    accountId: physician.accountId,
    organisationId: physician.organisationId,
  };
  const patient = await addPatient(db, physician.organisationId, 'Nora', 'New');
  outsiderPatient = { token: (await t.login(patient.username)).token, accountId: patient.accountId };

  // The demo patient's record beyond the demo readings: tasks, mail, an alert, an appointment.
  const patientId = accountOf('patient');
  const organisationId = (
    await db.select().from(measurements).where(eq(measurements.patientAccountId, patientId)).limit(1)
  )[0]!.organisationId;
  const now = Date.now();
  // Done 5 minutes after its time (in its window), or `lateMinutes` after it.
  const task = (daysAgo: number, status: 'pending' | 'complete' | 'cancelled', lateMinutes = 5) => ({
    organisationId,
    patientAccountId: patientId,
    type: 'bp',
    dueAt: new Date(now - daysAgo * DAY),
    localDate: new Date(now - daysAgo * DAY).toISOString().slice(0, 10),
    status,
    completedAt: status === 'complete' ? new Date(now - daysAgo * DAY + lateMinutes * 60_000) : null,
  });
  await db.insert(tasks).values([
    task(1, 'complete'),
    task(2, 'complete'),
    task(3, 'complete'),
    task(4, 'pending'),
    task(5, 'cancelled'),
    // Done hours after its window closed (a reading stored before the window rule): due, not done.
    task(6, 'complete', 180),
    // Outside the 30 days, not yet due, and due a minute ago (its window still open): none counts.
    task(40, 'pending'),
    task(-2, 'pending'),
    task(1 / 1440, 'pending'),
  ]);
  const [thread] = await db
    .insert(messageThreads)
    .values({
      organisationId,
      patientAccountId: patientId,
      subject: 'Dizzy in the mornings',
      lastMessageAt: new Date(now - HOUR),
    })
    .returning();
  await db.insert(messages).values([
    {
      threadId: thread!.id,
      senderAccountId: patientId,
      body: 'I feel dizzy after breakfast.',
      createdAt: new Date(now - 2 * HOUR),
    },
    {
      threadId: thread!.id,
      senderAccountId: accountOf('nurse'),
      body: 'Please take a reading.',
      createdAt: new Date(now - HOUR),
    },
  ]);
  const [latest] = await db
    .select()
    .from(measurements)
    .where(eq(measurements.patientAccountId, patientId))
    .limit(1);
  // One open alert, and one the care team resolved (it does not count as open).
  const alertOf = { organisationId, patientAccountId: patientId, type: latest!.type, measurementId: latest!.id, rangeClass: 'high', severity: 3, lastReadingAt: latest!.takenAt };
  await db.insert(alerts).values([alertOf, { ...alertOf, acknowledgedAt: new Date(), resolvedAt: new Date() }]);
  await db.insert(appointments).values([
    {
      organisationId,
      patientAccountId: patientId,
      providerAccountId: accountOf('physician'),
      type: 'tv',
      startsAt: new Date(now + 2 * DAY),
      endsAt: new Date(now + 2 * DAY + HOUR / 2),
    },
    {
      organisationId,
      patientAccountId: patientId,
      providerAccountId: accountOf('physician'),
      type: 'pv',
      startsAt: new Date(now + 3 * DAY),
      endsAt: new Date(now + 3 * DAY + HOUR / 2),
      status: 'cancelled',
    },
  ]);
});
afterAll(() => t.close());

describe('GET /patients and /patients/search', () => {
  it("lists the organisation's patients to every clinician, with MRN, age and primary provider", async () => {
    for (const name of ['physician', 'nurse', 'assistant']) {
      const res = await get('/patients', tokens[name]);
      expect(res.status, name).toBe(200);
      expect(res.body.data.map((p: Json) => p.fullName)).toEqual([
        'Layla Haddad',
        'Casey Jordan',
        'Pat Morgan',
      ]);
      expect(res.body.meta).toEqual({
        total: 3,
        page: 1,
        pageSize: 20,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      });
    }
    const pat = (await get('/patients', tokens.physician)).body.data.find(
      (p: Json) => p.fullName === 'Pat Morgan',
    );
    expect(pat).toMatchObject({
      accountId: accountOf('patient'),
      mrn: expect.stringMatching(/^MRN\d+$/),
      dateOfBirth: '1958-04-12',
      primaryProvider: null,
    });
    expect(pat.age.value).toBeGreaterThanOrEqual(67);
    // A list item carries the basic profile fields only: nothing clinical.
    expect(pat).not.toHaveProperty('medications');
    expect(pat).not.toHaveProperty('fhirData');
  });

  it('pages with the meta of spec §3', async () => {
    const first = await get('/patients?page=1&pageSize=2', tokens.nurse);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.meta).toEqual({
      total: 3,
      page: 1,
      pageSize: 2,
      totalPages: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    const second = await get('/patients/search?page=2&pageSize=2', tokens.nurse);
    expect(second.body.data.map((p: Json) => p.fullName)).toEqual(['Pat Morgan']);
    expect(second.body.meta).toEqual({
      total: 3,
      page: 2,
      pageSize: 2,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    // A page past the end shows nothing, but still the total; no match at all is a total of 0.
    const beyond = await get('/patients/search?page=5&pageSize=2', tokens.nurse);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ total: 3, page: 5, totalPages: 2, hasNextPage: false });
    const none = await get('/patients/search?search=nobody-is-called-this', tokens.nurse);
    expect([none.body.data, none.body.meta.total]).toEqual([[], 0]);
    expect((await get('/patients?pageSize=101', tokens.nurse)).status).toBe(400);
  });

  it('searches by name, MRN and date of birth', async () => {
    const names = async (query: string) =>
      (await get(`/patients/search?${query}`, tokens.physician)).body.data.map((p: Json) => p.fullName);
    expect(await names('name=morgan')).toEqual(['Pat Morgan']);
    expect(await names('name=MORGAN%20pat')).toEqual(['Pat Morgan']);
    expect(await names('search=layla')).toEqual(['Layla Haddad']);
    expect(await names('dateOfBirth=1971-09-30')).toEqual(['Layla Haddad']);
    expect(await names('name=morgan&dateOfBirth=1971-09-30')).toEqual([]);
    const mrn = (await get('/patients?name=haddad', tokens.physician)).body.data[0].mrn as string;
    expect(await names(`search=${mrn.toLowerCase()}`)).toEqual(['Layla Haddad']);
    expect(await names(`mrn=${mrn}`)).toEqual(['Layla Haddad']);
    // Wildcards are searched for, not obeyed.
    expect(await names('name=%25')).toEqual([]);
    const bad = await get('/patients/search?dateOfBirth=1971-02-30', tokens.physician);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'dateOfBirth', message: 'Enter a date that exists.' }]);
  });

  it('gives a patient only themself, however they search', async () => {
    const own = await get('/patients', tokens.patient);
    expect(own.status).toBe(200);
    expect(own.body.data.map((p: Json) => p.accountId)).toEqual([accountOf('patient')]);
    expect(own.body.meta.total).toBe(1);
    expect((await get('/patients/search?name=haddad', tokens.patient)).body.data).toEqual([]);
    // The caregiver acting as their own patient account.
    const asPatient = await get('/patients', tokens.caregiver, {
      'x-account-id': users.caregiver.accounts[1].id,
    });
    expect(asPatient.body.data.map((p: Json) => p.fullName)).toEqual(['Casey Jordan']);
  });

  it('refuses admins and caregivers, and keeps organisations apart', async () => {
    expect((await get('/patients', tokens.admin)).status).toBe(403);
    expect((await get('/patients', tokens.caregiver)).status).toBe(403);
    expect((await get('/patients')).status).toBe(401);
    const theirs = await get('/patients', outsider.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((p: Json) => p.accountId)).toEqual([outsiderPatient.accountId]);
  });
});

describe('GET /patients/{id}', () => {
  it("shows the patient profile of spec §3 to the patient and their organisation's clinicians", async () => {
    for (const name of ['physician', 'nurse', 'assistant', 'patient']) {
      const res = await get(`/patients/${accountOf('patient')}`, tokens[name]);
      expect(res.status, name).toBe(200);
      expect(res.body.data).toMatchObject({
        accountId: accountOf('patient'),
        fullName: 'Pat Morgan',
        mrn: expect.stringMatching(/^MRN/),
        medicalHistory: [],
        medications: [],
        allergies: [],
        bloodType: null,
        careTeam: [],
      });
    }
  });

  it('refuses another patient, another organisation and admins, and audits it', async () => {
    const id = accountOf('patient');
    for (const token of [
      tokens.patient2,
      tokens.admin,
      tokens.caregiver,
      outsider.token,
      outsiderPatient.token,
    ]) {
      const res = await get(`/patients/${id}`, token);
      // Another organisation's patient is not found, as an unknown id would be (issue 15, door 8).
      const otherOrganisation = token === outsider.token || token === outsiderPatient.token;
      expect(res.status).toBe(otherOrganisation ? 404 : 403);
      expect(res.body.key).toBe(otherOrganisation ? 'notFound' : 'err_forbidden');
    }
    const audit = await listAuditForResource(t.edge.deps.db, 'patient', id);
    expect(
      audit.filter((a) => a.action === 'patients.read' && a.outcome === 'denied').length,
    ).toBeGreaterThanOrEqual(5);
    expect(
      audit.some(
        (a) =>
          a.action === 'patients.read' &&
          a.outcome === 'allowed' &&
          a.actorAccountId === accountOf('physician'),
      ),
    ).toBe(true);
  });

  it("answers 404 for an account that is not a patient's and 400 for a malformed id", async () => {
    expect((await get(`/patients/${accountOf('nurse')}`, tokens.physician)).status).toBe(404);
    expect((await get(`/patients/${randomUUID()}`, tokens.physician)).status).toBe(404);
    expect((await get('/patients/not-a-uuid', tokens.physician)).status).toBe(400);
  });
});

describe('PATCH /patients/{id}', () => {
  it('lets a physician or nurse set the care profile; the primary provider joins the care team', async () => {
    const id = accountOf('patient2');
    const saved = await patch(
      `/patients/${id}`,
      {
        primaryProviderId: accountOf('physician'),
        careTeam: [accountOf('nurse')],
        medicalHistory: ['Hypertension (2015)'],
        medications: ['Lisinopril 10 mg daily', ' Lisinopril 10 mg daily '],
        allergies: ['Penicillin'],
        bloodType: 'O+',
      },
      tokens.physician,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Care profile saved.');
    expect(saved.body.data).toMatchObject({
      primaryProvider: { accountId: accountOf('physician'), fullName: 'Priya Raman' },
      medicalHistory: ['Hypertension (2015)'],
      medications: ['Lisinopril 10 mg daily'],
      allergies: ['Penicillin'],
      bloodType: 'O+',
    });
    // Physicians first, then nurses, then assistants.
    expect(saved.body.data.careTeam).toEqual([
      { accountId: accountOf('physician'), fullName: 'Priya Raman', role: 'Physician' },
      { accountId: accountOf('nurse'), fullName: 'Noah Bennett', role: 'Nurse' },
    ]);

    const byNurse = await patch(
      `/patients/${id}`,
      { allergies: [], bloodType: null, careTeam: [accountOf('assistant')] },
      tokens.nurse,
    );
    expect(byNurse.status).toBe(200);
    expect(byNurse.body.data).toMatchObject({
      allergies: [],
      bloodType: null,
      medications: ['Lisinopril 10 mg daily'],
    });
    // The primary provider stays on the team whatever team is given.
    expect(byNurse.body.data.careTeam.map((m: Json) => m.role)).toEqual(['Physician', 'Assistant']);

    const listed = (await get('/patients?name=haddad', tokens.assistant)).body.data[0];
    expect(listed.primaryProvider).toEqual({ accountId: accountOf('physician'), fullName: 'Priya Raman' });
  });

  it('is refused to assistants, patients, admins and other organisations', async () => {
    const id = accountOf('patient2');
    for (const token of [tokens.assistant, tokens.patient2, tokens.patient, tokens.admin, outsider.token]) {
      expect((await patch(`/patients/${id}`, { bloodType: 'A+' }, token)).status).toBe(token === outsider.token ? 404 : 403);
    }
    expect((await get(`/patients/${id}`, tokens.physician)).body.data.bloodType).toBeNull();
  });

  it("names only clinicians of the patient's organisation, and checks every field", async () => {
    const id = accountOf('patient2');
    const wrongPeople = await patch(
      `/patients/${id}`,
      {
        primaryProviderId: outsider.accountId,
        careTeam: [accountOf('nurse'), accountOf('admin'), accountOf('patient')],
      },
      tokens.physician,
    );
    expect(wrongPeople.status).toBe(400);
    expect(wrongPeople.body.errors).toEqual([
      { field: 'primaryProviderId', message: 'Choose a provider of this organisation.' },
      { field: 'careTeam.1', message: 'Choose a provider of this organisation.' },
      { field: 'careTeam.2', message: 'Choose a provider of this organisation.' },
    ]);
    const bad = await patch(
      `/patients/${id}`,
      { bloodType: 'C+', allergies: [''], mrn: 'X' },
      tokens.physician,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Json) => e.field).sort()).toEqual(['(body)', 'allergies.0', 'bloodType']);
  });
});

describe('GET /patients/{id}/snapshot', () => {
  it('summarises the record: latest readings in range class, adherence, mail, alerts, appointments', async () => {
    const res = await get(`/patients/${accountOf('patient')}/snapshot`, tokens.physician);
    expect(res.status).toBe(200);
    const snapshot = res.body.data;
    expect(snapshot.patient).toMatchObject({ accountId: accountOf('patient'), fullName: 'Pat Morgan' });
    expect(snapshot.latestReadings).toHaveLength(1);
    expect(snapshot.latestReadings[0]).toMatchObject({
      type: 'bp',
      values: { systolic: expect.any(Number), diastolic: expect.any(Number), pulse: expect.any(Number) },
      rangeClass: expect.stringMatching(/^(lowest|normal|elevated|high|highest)$/),
    });
    // The latest demo reading was taken two hours ago.
    expect(Date.now() - Date.parse(snapshot.latestReadings[0].takenAt)).toBeLessThan(3 * HOUR);
    expect(snapshot.adherence).toEqual({ due: 5, completed: 3, percent: 60, days: 30 });
    // The nurse's reply is unread for the physician; the physician did not write any message.
    expect(snapshot.messages).toMatchObject({ threads: 1, unread: 2 });
    expect(snapshot.openAlerts).toBe(1);
    expect(snapshot.upcomingAppointments).toHaveLength(1);
    expect(snapshot.upcomingAppointments[0]).toMatchObject({
      type: 'tv',
      provider: { fullName: 'Priya Raman' },
    });
    // The demo patient's home gateway (demo data), offline until its agent connects.
    expect(snapshot.gateways).toEqual([{ id: expect.any(String), displayName: 'Living room gateway', status: 'offline' }]);

    const asNurse = (await get(`/patients/${accountOf('patient')}/snapshot`, tokens.nurse)).body.data;
    expect(asNurse.messages.unread).toBe(1);
  });

  it("shows the patient their own snapshot and nobody else's", async () => {
    expect((await get(`/patients/${accountOf('patient')}/snapshot`, tokens.patient)).status).toBe(200);
    const empty = await get(`/patients/${accountOf('patient2')}/snapshot`, tokens.patient2);
    expect(empty.body.data.adherence).toEqual({ due: 0, completed: 0, percent: null, days: 30 });
    for (const token of [tokens.patient2, tokens.admin, tokens.caregiver, outsider.token]) {
      expect((await get(`/patients/${accountOf('patient')}/snapshot`, token)).status).toBe(token === outsider.token ? 404 : 403);
    }
    expect((await get(`/patients/${accountOf('physician')}/snapshot`, tokens.physician)).status).toBe(404);
  });
});

describe('GET /patients/{id}/series', () => {
  it('gives one type over 30 days by default, oldest first, with its normal bands', async () => {
    const res = await get(`/patients/${accountOf('patient')}/series?type=bp`, tokens.assistant);
    expect(res.status).toBe(200);
    const { points, normalBands, truncated } = res.body.data;
    expect(points).toHaveLength(30);
    const times = points.map((p: Json) => Date.parse(p.takenAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(truncated).toBe(false);
    expect(normalBands.systolic).toEqual({ low: 90, high: 120 });
    expect(points.every((p: Json) => p.rangeClass !== null)).toBe(true);
  });

  it("draws the normal band from the patient's own thresholds once a provider sets them", async () => {
    const id = accountOf('patient2');
    const set = await t.call('PUT', `/api/v1/patients/${id}/thresholds/bp`, {
      token: tokens.physician,
      body: { limits: { systolic: { lowBelow: 100, elevatedFrom: 135, highFrom: 150 } } },
    });
    expect(set.status).toBe(200);
    const { normalBands } = (await get(`/patients/${id}/series?type=bp`, tokens.physician)).body.data;
    expect(normalBands.systolic).toEqual({ low: 100, high: 135 });
    // The fields left out keep their defaults.
    expect(normalBands.diastolic).toEqual({ low: 60, high: 80 });
    const spo2 = (await get(`/patients/${id}/series?type=ox`, tokens.physician)).body.data.normalBands;
    expect(spo2.spo2).toEqual({ low: 90, high: 100 });
  });

  it('reads the period asked for', async () => {
    const from = new Date(Date.now() - 7 * DAY).toISOString();
    const week = await get(
      `/patients/${accountOf('patient')}/series?type=bp&from=${encodeURIComponent(from)}`,
      tokens.physician,
    );
    expect(week.body.data.points).toHaveLength(7);
    const none = await get(`/patients/${accountOf('patient')}/series?type=bt`, tokens.physician);
    expect(none.body.data.points).toEqual([]);
  });

  it('refuses bad periods and unknown types', async () => {
    const id = accountOf('patient');
    expect((await get(`/patients/${id}/series?type=xx`, tokens.physician)).status).toBe(400);
    expect((await get(`/patients/${id}/series`, tokens.physician)).status).toBe(400);
    const backwards = await get(
      `/patients/${id}/series?type=bp&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
      tokens.physician,
    );
    expect(backwards.body.errors).toEqual([{ field: 'from', message: 'The start must be before the end.' }]);
    const long = await get(`/patients/${id}/series?type=bp&from=2020-01-01T00:00:00Z`, tokens.physician);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'from', message: 'A chart covers at most 366 days.' }]);
  });

  it('follows the patient-record rule', async () => {
    expect((await get(`/patients/${accountOf('patient')}/series?type=bp`, tokens.patient)).status).toBe(200);
    for (const token of [tokens.patient2, tokens.admin, outsider.token]) {
      expect((await get(`/patients/${accountOf('patient')}/series?type=bp`, token)).status).toBe(token === outsider.token ? 404 : 403);
    }
  });
});

describe('GET /patients/{id}/timeline', () => {
  it('pages through every event newest first, neither skipping nor repeating', async () => {
    const id = accountOf('patient');
    // Two events at the very same instant: the id breaks the tie.
    const at = new Date(Date.now() - 3 * HOUR);
    const organisationId = (
      await t.edge.deps.db.select().from(measurements).where(eq(measurements.patientAccountId, id)).limit(1)
    )[0]!.organisationId;
    await t.edge.deps.db.insert(patientEvents).values([
      {
        organisationId,
        patientAccountId: id,
        kind: 'message',
        at,
        data: { subject: 'Dizzy in the mornings' },
      },
      { organisationId, patientAccountId: id, kind: 'taskCompleted', at, data: { type: 'bp' } },
    ]);
    // Every event the database holds for the patient: the demo's readings and the two above.
    const readings = (await t.edge.deps.db.select().from(measurements).where(eq(measurements.patientAccountId, id))).length;
    const seen: Json[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=7&cursor=${cursor}` : '?limit=7';
      const res = await get(`/patients/${id}/timeline${query}`, tokens.nurse);
      expect(res.status).toBe(200);
      expect(res.body.data.items.length).toBeLessThanOrEqual(7);
      seen.push(...res.body.data.items);
      cursor = res.body.data.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(readings).toBeGreaterThan(30);
    expect(seen).toHaveLength(readings + 2);
    expect(new Set(seen.map((e) => e.id)).size).toBe(readings + 2);
    const times = seen.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(seen[0]).toMatchObject({
      kind: 'measurement',
      data: { type: 'bp', rangeClass: expect.any(String) },
    });
    expect(seen.filter((e) => e.kind === 'measurement')).toHaveLength(readings);
  });

  it("refuses a cursor that is not one of this timeline's events", async () => {
    const other = (await get(`/patients/${accountOf('patient2')}/timeline?limit=1`, tokens.nurse)).body.data
      .nextCursor;
    expect(other).toEqual(expect.any(String));
    for (const cursor of [other, 'abc', '99999999']) {
      const res = await get(`/patients/${accountOf('patient')}/timeline?cursor=${cursor}`, tokens.nurse);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'cursor', message: 'This page of the timeline is not available.' },
      ]);
    }
    expect((await get(`/patients/${accountOf('patient')}/timeline?limit=0`, tokens.nurse)).status).toBe(400);
  });

  it('follows the patient-record rule', async () => {
    expect((await get(`/patients/${accountOf('patient2')}/timeline`, tokens.patient2)).status).toBe(200);
    for (const token of [tokens.patient, tokens.admin, tokens.caregiver, outsider.token]) {
      expect((await get(`/patients/${accountOf('patient2')}/timeline`, token)).status).toBe(token === outsider.token ? 404 : 403);
    }
  });
});

describe('GET /providers and /providers/search', () => {
  it("lets anyone signed in find the organisation's physicians, nurses and assistants", async () => {
    for (const name of DEMO) {
      const res = await get('/providers', tokens[name]);
      expect(res.status, name).toBe(200);
      expect(res.body.data.map((p: Json) => [p.fullName, p.role])).toEqual([
        ['Noah Bennett', 'Nurse'],
        ['Priya Raman', 'Physician'],
        ['Ana Silva', 'Assistant'],
      ]);
      expect(res.body.meta).toMatchObject({ total: 3, page: 1 });
    }
    const priya = (await get('/providers', tokens.patient)).body.data[1];
    expect(priya).toMatchObject({
      specialty: { code: '08', description: 'Family practice' },
      clinicName: 'Demo Clinic',
    });
    // Nobody needs a provider's date of birth to find or book them.
    expect(priya).toMatchObject({ dateOfBirth: null, age: null });
    expect((await get('/providers')).status).toBe(401);
  });

  it('searches by name, specialty and role, and pages', async () => {
    const names = async (query: string) =>
      (await get(`/providers/search?${query}`, tokens.patient)).body.data.map((p: Json) => p.fullName);
    expect(await names('specialty=08')).toEqual(['Priya Raman']);
    expect(await names('specialty=50')).toEqual(['Noah Bennett']);
    expect(await names('role=Assistant')).toEqual(['Ana Silva']);
    expect(await names('name=silva')).toEqual(['Ana Silva']);
    expect(await names('name=raman&specialty=50')).toEqual([]);
    const paged = await get('/providers?pageSize=2&page=2', tokens.patient);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta).toEqual({
      total: 3,
      page: 2,
      pageSize: 2,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    expect((await get('/providers/search?specialty=99', tokens.patient)).status).toBe(400);
    expect((await get('/providers/search?role=Admin', tokens.patient)).status).toBe(400);
  });

  it('keeps organisations apart', async () => {
    const theirs = await get('/providers', outsiderPatient.token);
    expect(theirs.body.data.map((p: Json) => p.accountId)).toEqual([outsider.accountId]);
  });
});

describe('GET /providers/{id}', () => {
  it("shows a provider of the caller's organisation", async () => {
    const res = await get(`/providers/${accountOf('physician')}`, tokens.caregiver);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      accountId: accountOf('physician'),
      fullName: 'Priya Raman',
      role: 'Physician',
      specialty: { code: '08' },
      clinicName: 'Demo Clinic',
      certifications: [],
      dateOfBirth: null,
    });
  });

  it('is not found for other accounts and forbidden to other organisations', async () => {
    expect((await get(`/providers/${accountOf('patient')}`, tokens.physician)).status).toBe(404);
    expect((await get(`/providers/${accountOf('admin')}`, tokens.physician)).status).toBe(404);
    expect((await get(`/providers/${randomUUID()}`, tokens.physician)).status).toBe(404);
    expect((await get(`/providers/${accountOf('physician')}`, outsider.token)).status).toBe(403);
    expect((await get(`/providers/${outsider.accountId}`, tokens.patient)).status).toBe(403);
  });
});

describe('the same services over tRPC', () => {
  it('answers with the same data and refusals', async () => {
    const call = (path: string, input: unknown, token: string | undefined) =>
      t.call('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token });
    const list = await call('patients.list', { name: 'morgan' }, tokens.physician);
    expect(list.status).toBe(200);
    expect(list.body.result.data.items.map((p: Json) => p.fullName)).toEqual(['Pat Morgan']);
    const refused = await call('patients.snapshot', { id: accountOf('patient') }, tokens.patient2);
    expect(refused.status).toBe(403);
    expect(refused.body.error.data.key).toBe('err_forbidden');
    const providers = await call('providers.list', { role: 'Nurse' }, tokens.patient);
    expect(providers.body.result.data.items.map((p: Json) => p.fullName)).toEqual(['Noah Bennett']);
  });
});

describe("a patient who is not yet anyone's", () => {
  it('has an empty care profile, snapshot and timeline', async () => {
    const id = outsiderPatient.accountId;
    const detail = await get(`/patients/${id}`, outsider.token);
    expect(detail.body.data).toMatchObject({
      fullName: 'Nora New',
      dateOfBirth: null,
      age: null,
      primaryProvider: null,
      careTeam: [],
    });
    const snapshot = await get(`/patients/${id}/snapshot`, outsider.token);
    expect(snapshot.status).toBe(200);
    expect(snapshot.body.data).toMatchObject({
      latestReadings: [],
      adherence: { due: 0, completed: 0, percent: null },
      messages: { threads: 0, unread: 0, lastMessageAt: null },
      openAlerts: 0,
      upcomingAppointments: [],
      gateways: [],
    });
    expect((await get(`/patients/${id}/timeline`, outsider.token)).body.data).toEqual({
      items: [],
      nextCursor: null,
    });
    // Another organisation's physician: not found (issue 15, door 8).
    expect((await get(`/patients/${id}/timeline`, tokens.physician)).status).toBe(404);
  });
});
