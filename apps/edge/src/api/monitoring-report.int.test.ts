import { randomUUID } from 'node:crypto';
import { billingCodes, careTimeEntries, monitoringEnrolments, monitoringReportSignoffs, profiles } from '@opencare/api/db/schema';
import { insertMeasurements } from '@opencare/api/measurements/measurements.repository';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationOf, signInCast, type Cast, type Person } from '../testing/appointment-fixtures';
import { createPerson } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * The monthly report of remote monitoring (issue 19, part 3), computed through the edge from readings
 * and care time written to the database: each code's boundary just met and just missed (15/16 days,
 * 9/10 and 19/20 minutes, with and without interactive contact), the sign-off, the CSV, the codes
 * table. Months are of 2026 and closed, so the 2026 codes (99445, 99470) are in force.
 */

let t: TestEdge;
let cast: Cast;
let clinic: string;
const patients: Record<string, string> = {};

const api = (method: string, path: string, who?: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
const noon = (day: string) => new Date(`${day}T16:00:00Z`);
const marchDays = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `2026-03-${String(from + i).padStart(2, '0')}`);

/** Readings stored as the measurements service stores them (with their days counted), at `at` of each day. */
async function readingsOn(patient: string, days: string[], at: (day: string) => Date = noon) {
  await insertMeasurements(
    t.edge.deps.db,
    days.map((day) => ({
      id: randomUUID(),
      organisationId: clinic,
      patientAccountId: patient,
      type: 'weight',
      values: { weight: 80 },
      takenAt: at(day),
      source: 'gateway' as const,
    })),
  );
}

/** Care time in March: `minutes` by `who` from 15:00 on the day, interactive or not. */
async function careTime(patient: string, who: Person, day: string, minutes: number, interactive: boolean, startMinute = 0) {
  const startedAt = new Date(Date.parse(`${day}T15:00:00Z`) + startMinute * 60_000);
  await t.edge.deps.db.insert(careTimeEntries).values({
    organisationId: clinic,
    patientAccountId: patient,
    clinicianAccountId: cast.id[who],
    source: interactive ? 'visit' : 'chart',
    interactive,
    startedAt,
    endedAt: new Date(startedAt.getTime() + minutes * 60_000),
    createdByAccountId: cast.id[who],
  });
}

const reportOf = async (month: string, who: Person = 'physician') => {
  const answer = await api('GET', `/monitoring-report?month=${month}`, who);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const patientIn = (report: Json, name: string) => report.patients.find((p: Json) => p.patientAccountId === patients[name]);
const codesOf = (patient: Json) => patient.lines.map((l: Json) => `${l.code}×${l.units}`).sort();

beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
  clinic = await organisationOf(t.edge.deps.db, cast.id.patient);
  for (const name of ['days16', 'days15', 'days1', 'minutes40']) {
    patients[name] = (await createPerson(t.edge.deps.db, ROLES.Patient, 'pat', clinic)).accountId;
    await t.edge.deps.db.update(profiles).set({ firstName: 'Pat', lastName: name }).where(eq(profiles.accountId, patients[name]));
  }
  // Monitoring starts on 1 March for all: the first period is 1–30 March, the second 31 March – 29 April.
  await readingsOn(patients.days16!, [...marchDays(1, 16), '2026-04-02', ...Array.from({ length: 15 }, (_, i) => `2026-04-${String(10 + i)}`)]);
  await readingsOn(patients.days15!, marchDays(1, 15));
  await readingsOn(patients.days1!, ['2026-03-01']);
  await readingsOn(patients.minutes40!, marchDays(1, 2));
  // Minutes in March: 20 interactive; 19 interactive; 20 with no interactive contact; 40 across two
  // clinicians (the nurse's two overlapping stretches counted once).
  await careTime(patients.days16!, 'nurse', '2026-03-10', 20, true);
  await careTime(patients.days15!, 'nurse', '2026-03-10', 9, true);
  await careTime(patients.days15!, 'physician', '2026-03-11', 10, false);
  await careTime(patients.days1!, 'nurse', '2026-03-12', 20, false);
  await careTime(patients.minutes40!, 'nurse', '2026-03-13', 25, false);
  await careTime(patients.minutes40!, 'nurse', '2026-03-13', 10, false, 20);
  await careTime(patients.minutes40!, 'physician', '2026-03-14', 10, true);
});
afterAll(() => t.close());

describe('days with readings in each 30-day period', () => {
  it('16 days earn 99454, 15 days 99445 and "needs 1 more day"; set-up 99453 once, with the first period', async () => {
    const march = await reportOf('2026-03');
    const days16 = patientIn(march, 'days16');
    expect(days16.monitoringSince).toBe('2026-03-01');
    expect(days16.periods).toEqual([{ from: '2026-03-01', to: '2026-03-30', days: marchDays(1, 16) }]);
    expect(codesOf(days16)).toEqual(['99453×1', '99454×1', '99457×1']);
    expect(days16.flags.filter((f: Json) => f.kind === 'needsDays')).toEqual([]);

    const days15 = patientIn(march, 'days15');
    expect(codesOf(days15)).toContain('99445×1');
    expect(codesOf(days15)).toContain('99453×1');
    expect(codesOf(days15)).not.toContain('99454×1');
    expect(days15.flags).toContainEqual({ kind: 'needsDays', code: '99454', more: 1, periodTo: '2026-03-30' });

    // One day: neither device code (99445 needs 2), nor set-up.
    const days1 = patientIn(march, 'days1');
    expect(days1.lines.filter((l: Json) => l.period)).toEqual([]);
    expect(days1.flags).toContainEqual({ kind: 'needsDays', code: '99454', more: 15, periodTo: '2026-03-30' });
  });

  it('the second period is reported in the month it ends, without set-up', async () => {
    const april = await reportOf('2026-04');
    const days16 = patientIn(april, 'days16');
    expect(days16.periods).toHaveLength(1);
    expect(days16.periods[0]).toMatchObject({ from: '2026-03-31', to: '2026-04-29' });
    expect(days16.periods[0].days).toHaveLength(16);
    expect(codesOf(days16)).toEqual(['99454×1']);
  });
});

describe('minutes of management in the calendar month', () => {
  it('20 interactive minutes earn 99457; 19 earn 99470 and "needs 1 more minute"', async () => {
    const march = await reportOf('2026-03');
    expect(patientIn(march, 'days16')).toMatchObject({ minutes: 20 });
    expect(patientIn(march, 'days16').interactions).toEqual([expect.objectContaining({ source: 'visit', minutes: 20 })]);

    const days15 = patientIn(march, 'days15');
    expect(days15.minutes).toBe(19);
    expect(codesOf(days15)).toEqual(['99445×1', '99453×1', '99470×1']);
    expect(days15.flags).toContainEqual({ kind: 'needsMinutes', code: '99457', more: 1 });
    expect(days15.clinicians.map((c: Json) => c.minutes).sort()).toEqual([10, 9]);
  });

  it('20 minutes without interactive contact earn nothing and say so', async () => {
    const days1 = patientIn(await reportOf('2026-03'), 'days1');
    expect(days1.minutes).toBe(20);
    expect(days1.lines).toEqual([]);
    expect(days1.flags).toContainEqual({ kind: 'noInteractiveContact' });
  });

  it('40 minutes (overlaps counted once) earn 99457 and one 99458', async () => {
    const march = await reportOf('2026-03');
    const p = patientIn(march, 'minutes40');
    expect(p.minutes).toBe(40);
    expect(codesOf(p)).toEqual(['99445×1', '99453×1', '99457×1', '99458×1']);
    // Per clinician across the month: the nurse's time on four patients, the physician's on two.
    const nurse = march.clinicians.find((c: Json) => c.clinicianAccountId === cast.id.nurse);
    expect(nurse).toMatchObject({ minutes: 20 + 9 + 20 + 30, patients: 4 });
  });

  it('9 minutes earn nothing; 10 interactive earn 99470', async () => {
    const [nine, ten] = [(await createPerson(t.edge.deps.db, ROLES.Patient, 'pat', clinic)).accountId, (await createPerson(t.edge.deps.db, ROLES.Patient, 'pat', clinic)).accountId];
    patients.nine = nine;
    patients.ten = ten;
    await careTime(nine, 'nurse', '2026-05-04', 9, true);
    await careTime(ten, 'nurse', '2026-05-05', 10, true);
    const may = await reportOf('2026-05');
    expect(patientIn(may, 'nine').lines).toEqual([]);
    expect(patientIn(may, 'nine').flags).toContainEqual({ kind: 'needsMinutes', code: '99457', more: 11 });
    expect(codesOf(patientIn(may, 'ten'))).toEqual(['99470×1']);
  });
});

describe('enrolled patients', () => {
  it('count periods from the episode’s start; set-up is billed once recorded; an enrolled patient without readings is listed with what is missing', async () => {
    const db = t.edge.deps.db;
    const [measuring, silent] = [(await createPerson(db, ROLES.Patient, 'pat', clinic)).accountId, (await createPerson(db, ROLES.Patient, 'pat', clinic)).accountId];
    patients.measuring = measuring;
    patients.silent = silent;
    // Episodes of July (written as the enrolment would have, with verbal consent).
    const [episode] = await db
      .insert(monitoringEnrolments)
      .values(
        [measuring, silent].map((patientAccountId) => ({
          organisationId: clinic,
          patientAccountId,
          status: 'active' as const,
          conditions: ['Hypertension'],
          measurementTypes: ['bp'],
          devices: [],
          startDate: '2026-07-03',
          primaryProviderAccountId: cast.id.physician,
          enrolledByAccountId: cast.id.nurse,
          consentMethod: 'verbal' as const,
          consentAt: new Date('2026-07-03T14:00:00Z'),
          consentRecordedByAccountId: cast.id.nurse,
          consentWitness: 'Dana Reyes',
        })),
      )
      .returning();
    // Readings from 1 July: the two before the episode are not in its first period (3 July – 1 August).
    await readingsOn(measuring, Array.from({ length: 20 }, (_, i) => `2026-07-${String(1 + i).padStart(2, '0')}`));
    const august = await reportOf('2026-08');
    const m = patientIn(august, 'measuring');
    expect(m).toMatchObject({ enrolled: true, monitoringSince: '2026-07-03' });
    expect(m.periods[0]).toMatchObject({ from: '2026-07-03', to: '2026-08-01' });
    expect(m.periods[0].days).toHaveLength(18);
    expect(codesOf(m)).toEqual(['99454×1']);
    expect(m.flags).toContainEqual({ kind: 'setupNotRecorded' });
    const s = patientIn(august, 'silent');
    expect(s.lines).toEqual([]);
    expect(s.flags).toContainEqual({ kind: 'needsDays', code: '99454', more: 16, periodTo: '2026-08-01' });

    await db.update(monitoringEnrolments).set({ setupAt: new Date('2026-07-03T14:30:00Z'), setupByAccountId: cast.id.nurse }).where(eq(monitoringEnrolments.id, episode!.id));
    expect(codesOf(patientIn(await reportOf('2026-08'), 'measuring'))).toEqual(['99453×1', '99454×1']);
  });
});

describe('a month not closed', () => {
  it('has no report and cannot be signed; nothing is stored', async () => {
    const now = new Date();
    const thisMonth = now.toISOString().slice(0, 7);
    const nextYear = `${now.getUTCFullYear() + 1}-01`;
    for (const month of [thisMonth, nextYear]) {
      const read = await api('GET', `/monitoring-report?month=${month}`, 'physician');
      expect(read.status).toBe(409);
      expect(read.body.key).toBe('reportMonthOpen');
      const sign = await api('POST', '/monitoring-report/sign', 'physician', { month });
      expect(sign.status).toBe(409);
      expect(sign.body.key).toBe('reportMonthOpen');
    }
    for (const month of ['2026-13', '26-03', "2026-03' OR 1=1"]) {
      const bad = await api('GET', `/monitoring-report?month=${encodeURIComponent(month)}`, 'physician');
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('month');
    }
    expect(await t.edge.deps.db.select().from(monitoringReportSignoffs)).toHaveLength(0);
  });
});

describe('sign-off and CSV', () => {
  it('only a physician signs; the signed report is kept and later changes are pointed out', async () => {
    for (const who of ['nurse', 'admin', 'assistant', 'patient'] as const) {
      expect((await api('POST', '/monitoring-report/sign', who, { month: '2026-06' })).status).toBe(403);
    }
    for (const who of ['assistant', 'patient', 'caregiver'] as const) {
      expect((await api('GET', '/monitoring-report?month=2026-06', who)).status).toBe(403);
    }
    expect(await t.edge.deps.db.select().from(monitoringReportSignoffs)).toHaveLength(0);

    const signed = await api('POST', '/monitoring-report/sign', 'physician', { month: '2026-03' });
    expect(signed.status).toBe(201);
    const rows = await t.edge.deps.db.select().from(monitoringReportSignoffs);
    expect(rows).toMatchObject([{ month: '2026-03', signedByAccountId: cast.id.physician, organisationId: clinic }]);
    expect(signed.body.data.signoff).toMatchObject({ signedByName: 'Priya Raman' });
    expect(signed.body.data.changedSinceSigning).toBe(false);

    const again = await api('POST', '/monitoring-report/sign', 'physician', { month: '2026-03' });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('reportSigned');
    expect(await t.edge.deps.db.select().from(monitoringReportSignoffs)).toHaveLength(1);

    // Time added to March after signing: the report stays as signed and says it has changed.
    await careTime(patients.days1!, 'physician', '2026-03-20', 5, true);
    const after = await reportOf('2026-03', 'admin');
    expect(patientIn(after, 'days1').minutes).toBe(20);
    expect(after.changedSinceSigning).toBe(true);
  });

  it('exports one CSV row per code line, formulas defused', async () => {
    // A name a spreadsheet would run as a formula, kept as text.
    await t.edge.deps.db.update(profiles).set({ firstName: '=HYPERLINK("http://x.example","y")' }).where(eq(profiles.accountId, patients.days16!));
    const csv = await t.call('GET', '/api/v1/monitoring-report/csv?month=2026-04', { token: cast.token.admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('monitoring-report-2026-04-draft.csv');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toContain('"Code","Units"');
    const rows = lines.slice(1).filter((l) => l.includes('"99454"'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`"'=HYPERLINK(""http://x.example"",""y"") days16"`);
    expect(rows[0]).toContain('"2026-03-31","2026-04-29","16"');
    expect(lines.slice(1).every((l) => !/(^|,)"[=+@-]/.test(l))).toBe(true);
    expect((await t.call('GET', '/api/v1/monitoring-report/csv?month=2026-04', { token: cast.token.patient })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/monitoring-report/csv?month=2026-04')).status).toBe(401);
  });
});

describe('the codes table', () => {
  it('an admin moves 99454 to 15 days: the report and the chart follow', async () => {
    const list = await api('GET', '/billing-codes', 'nurse');
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: Json) => c.code)).toEqual(['99445', '99453', '99454', '99457', '99458', '99470']);
    const code = list.body.data.find((c: Json) => c.code === '99454');
    const { id, code: _code, kind: _kind, ...current } = code;

    expect((await api('PUT', `/billing-codes/${id}`, 'physician', { ...current, minDays: 15 })).status).toBe(403);
    const wrong = await api('PUT', `/billing-codes/${id}`, 'admin', { ...current, minDays: 15, maxMinutes: 30 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'maxMinutes', message: expect.stringContaining('does not use') }]);
    const reversed = await api('PUT', `/billing-codes/${id}`, 'admin', { ...current, minDays: 20, maxDays: 18 });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0].field).toBe('maxDays');
    const [unchanged] = await t.edge.deps.db.select().from(billingCodes).where(and(eq(billingCodes.organisationId, clinic), eq(billingCodes.code, '99454')));
    expect(unchanged).toMatchObject({ minDays: 16, maxDays: 30, updatedAt: null });

    const changed = await api('PUT', `/billing-codes/${id}`, 'admin', { ...current, minDays: 15 });
    expect(changed.status).toBe(200);
    const [row] = await t.edge.deps.db.select().from(billingCodes).where(eq(billingCodes.id, id));
    expect(row).toMatchObject({ minDays: 15, updatedByAccountId: cast.id.admin });
    // May has no signed report: computed with the codes in force now. (March stays as signed.)
    await readingsOn(patients.ten!, Array.from({ length: 15 }, (_, i) => `2026-05-${String(10 + i)}`));
    const ten = patientIn(await reportOf('2026-05'), 'ten');
    expect(ten.monitoringSince).toBe('2026-05-10');
    expect(ten.periods).toEqual([]);
    const june = patientIn(await reportOf('2026-06'), 'ten');
    expect(codesOf(june)).toContain('99454×1');
    const chart = await api('GET', `/patients/${patients.ten}/care-time?month=2026-05`, 'nurse');
    expect(chart.body.data.targetDays).toBe(15);
  });
  it("counts days on the clinic's calendar, and again when the clinic changes its time zone", async () => {
    const zone = async (timezone: string) => expect((await api('PATCH', '/settings/organization', 'admin', { timezone })).status).toBe(200);
    const before = (await api('GET', '/settings/organization', 'admin')).body.data.timezone as string;
    await zone('UTC');
    try {
      const late = (await createPerson(t.edge.deps.db, ROLES.Patient, 'pat', clinic)).accountId;
      patients.late = late;
      // 30 evenings in New York, 22:00 (EDT): already the next day in UTC.
      const september = Array.from({ length: 30 }, (_, i) => `2026-09-${String(1 + i).padStart(2, '0')}`);
      await readingsOn(late, september, (day) => new Date(`${day}T02:00:00Z`));
      const utc = patientIn(await reportOf('2026-09'), 'late');
      expect(utc.monitoringSince).toBe('2026-09-01');
      expect(utc.periods).toEqual([{ from: '2026-09-01', to: '2026-09-30', days: september }]);

      await zone('America/New_York');
      const local = patientIn(await reportOf('2026-09'), 'late');
      expect(local.monitoringSince).toBe('2026-08-31');
      expect(local.periods).toEqual([{ from: '2026-08-31', to: '2026-09-29', days: ['2026-08-31', ...september.slice(0, 29)] }]);
      // A reading stored after the change is counted on the new calendar too: 30 September, 21:00 in New York.
      await readingsOn(late, ['2026-10-01'], (day) => new Date(`${day}T01:00:00Z`));
      expect(patientIn(await reportOf('2026-10'), 'late').periods[0].days).toEqual(['2026-09-30']);
    } finally {
      await zone(before);
    }
  });
});
