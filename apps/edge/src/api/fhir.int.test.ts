import { randomUUID } from 'node:crypto';
import { auditLog } from '@opencare/api/db/schema';
import { and, eq } from 'drizzle-orm';
import {
  fhirAppointmentSchema,
  fhirCapabilityStatementSchema,
  fhirEncounterSchema,
  fhirObservationSchema,
  fhirOperationOutcomeSchema,
  fhirPatientSchema,
  fhirPractitionerSchema,
  fhirSearchBundleSchema,
  type FhirObservation,
} from '@opencare/api/fhir/fhir-r4';
import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { ROLES } from '@opencare/schemas/roles';
import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, workingDay } from '../testing/appointment-fixtures';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

const ROLE_NAMES = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;
type Role = (typeof ROLE_NAMES)[number] | 'outsider';

let t: TestEdge;
const tokens = {} as Record<Role, string>;
let patientId: string;
let apiKey: string;
let outsiderPatientId: string;
const readings: Record<string, Json> = {};

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of ROLE_NAMES) tokens[role] = (await t.login(role)).token;
  tokens.outsider = (await t.login((await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov')).username)).token;
  outsiderPatientId = (await createOutsider(t.edge.deps.db, ROLES.Patient, 'pat')).accountId;
  patientId = (await t.call('GET', '/api/v1/profile', { token: tokens.patient })).body.data.accountId;
  apiKey = (await t.call('POST', '/api/v1/api-keys', { token: tokens.admin, body: { name: 'FHIR client' } })).body.data.key;
  const takenAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const bodies: Record<string, unknown> = {
    bp: { type: 'bp', values: { systolic: 142, diastolic: 91, pulse: 77 }, takenAt: takenAt(60), note: 'Felt dizzy' },
    bt: { type: 'bt', values: { temperature: 37.2 }, takenAt: takenAt(50) },
    bs: { type: 'bs', values: { glucose: 110 }, meal: 'after', takenAt: takenAt(40) },
    bw: { type: 'bw', values: { weight: 81.83 }, takenAt: takenAt(30) },
    ox: { type: 'ox', values: { spo2: 95, pulse: 80 }, takenAt: takenAt(20) },
    sy: { type: 'sy', values: { fev1: 2.91, fvc: 3.8, pef: 420 }, takenAt: takenAt(10) },
  };
  for (const [type, body] of Object.entries(bodies)) {
    readings[type] = (await t.call('POST', '/api/v1/measurements', { token: tokens.patient, body })).body.data;
  }
});
afterAll(() => t.close());

const fhir = (path: string, role?: Role, headers: Record<string, string> = {}) =>
  t.call('GET', `/api/v1/fhir/R4${path}`, { token: role ? tokens[role] : undefined, headers });

function expectOutcome(res: { status: number; headers: Headers; body: Json }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/fhir+json');
  const outcome = fhirOperationOutcomeSchema.parse(res.body);
  expect(outcome.issue[0]?.code).toBe(code);
}

describe('FHIR R4 Patient', () => {
  it('gives the patient as a valid FHIR Patient', async () => {
    const res = await fhir(`/Patient/${patientId}`, 'physician');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    const resource = fhirPatientSchema.parse(res.body);
    expect(resource).toMatchObject({
      resourceType: 'Patient',
      id: patientId,
      active: true,
      name: [{ use: 'official', family: 'Morgan', given: ['Pat'], text: 'Pat Morgan' }],
      birthDate: '1958-04-12',
      telecom: [
        { system: 'email', value: 'patient@demo.opencare.test' },
        { system: 'phone', value: '+1 555 010 0000' },
      ],
    });
    expect(resource.identifier?.[0]).toMatchObject({ type: { coding: [{ code: 'MR' }] }, value: expect.stringMatching(/^MRN\d+$/) });
  });

  it.each([
    ['patient', 200],
    ['physician', 200],
    // Export is the physician's (and the patient's own record); nurses and assistants read, never export.
    ['nurse', 403],
    ['assistant', 403],
    ['patient2', 403],
    ['admin', 403],
    ['caregiver', 403],
    ['outsider', 404],
  ] as const)('GET Patient/<patient> as %s → %i', async (role, status) => {
    const res = await fhir(`/Patient/${patientId}`, role);
    if (status === 200) expect(res.status).toBe(200);
    else expectOutcome(res, status, status === 404 ? 'not-found' : 'forbidden');
  });

  it('answers errors with OperationOutcomes', async () => {
    expectOutcome(await fhir(`/Patient/${randomUUID()}`, 'physician'), 404, 'not-found');
    expectOutcome(await fhir('/Patient/not-an-id', 'physician'), 404, 'not-found');
    expectOutcome(await fhir(`/Patient/${patientId}`), 401, 'login');
    expectOutcome(await fhir('/MedicationRequest', 'physician'), 404, 'not-supported');
  });

  it('is read with an API key of the patient’s organisation only', async () => {
    expect((await fhir(`/Patient/${patientId}`, undefined, { 'x-api-key': apiKey })).status).toBe(200);
    expectOutcome(await fhir(`/Patient/${outsiderPatientId}`, undefined, { 'x-api-key': apiKey }), 403, 'forbidden');
    expectOutcome(await fhir(`/Patient/${patientId}`, undefined, { 'x-api-key': 'ock_nope' }), 401, 'login');
  });
});

describe('FHIR R4 Observation search', () => {
  const search = async (query: string, role: Role = 'physician') => {
    const res = await fhir(`/Observation?${query}`, role);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return fhirSearchBundleSchema.parse(res.body);
  };
  const observationsOf = (bundle: Json, measurementId: string): FhirObservation[] =>
    bundle.entry.map((e: Json) => e.resource).filter((o: Json) => o.id.startsWith(measurementId));

  it('gives every reading as Observations with LOINC codes and UCUM units, in a valid searchset Bundle', async () => {
    const bundle = await search(`patient=${patientId}&_count=200`);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
    expect(bundle.total).toBeGreaterThanOrEqual(9);
    for (const entry of bundle.entry ?? []) {
      expect(entry.fullUrl).toBe(`${t.edge.deps.config.publicUrl}/api/v1/fhir/R4/Observation/${entry.resource.id}`);
      expect(entry.search).toEqual({ mode: 'match' });
      fhirObservationSchema.parse(entry.resource);
    }

    const [panel, heartRate] = observationsOf(bundle, readings.bp.id);
    expect(panel).toMatchObject({
      id: readings.bp.id,
      status: 'final',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      subject: { reference: `Patient/${patientId}` },
      effectiveDateTime: readings.bp.takenAt,
      meta: { profile: ['http://hl7.org/fhir/StructureDefinition/vitalsigns'] },
      component: [
        { code: { coding: [{ code: '8480-6' }] }, valueQuantity: { value: 142, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' } },
        { code: { coding: [{ code: '8462-4' }] }, valueQuantity: { value: 91, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' } },
      ],
      interpretation: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'H' }], text: 'high' }],
      note: [{ text: 'Felt dizzy' }],
    });
    expect(panel?.valueQuantity).toBeUndefined();
    expect(heartRate).toMatchObject({
      id: `${readings.bp.id}-hr`,
      code: { coding: [{ code: '8867-4' }] },
      valueQuantity: { value: 77, code: '/min', system: 'http://unitsofmeasure.org' },
    });

    const quantity = (type: string, index = 0) => observationsOf(bundle, readings[type].id)[index];
    expect(quantity('bt')).toMatchObject({ code: { coding: [{ code: '8310-5' }] }, valueQuantity: { value: 37.2, code: 'Cel' } });
    expect(quantity('bs')).toMatchObject({
      code: { coding: [{ code: '2339-0' }] },
      category: [{ coding: [{ code: 'laboratory' }] }],
      valueQuantity: { value: 110, code: 'mg/dL' },
      // The meal is coded (SNOMED CT), not written into a note.
      component: [{ code: { text: 'Relationship to meal' }, valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '24863003' }] } }],
    });
    expect(quantity('bs')?.note).toBeUndefined();
    expect(quantity('bw')).toMatchObject({ code: { coding: [{ code: '29463-7' }] }, valueQuantity: { value: 81.83, code: 'kg' } });
    expect(quantity('ox')).toMatchObject({
      code: { coding: [{ code: '2708-6' }, { code: '59408-5' }] },
      valueQuantity: { value: 95, unit: '%', code: '%' },
    });
    expect(observationsOf(bundle, readings.sy.id).map((o) => [o.id.slice(36), o.code.coding?.[0]?.code, o.valueQuantity?.code])).toEqual([
      ['-fev1', '20150-9', 'L'],
      ['-fvc', '19870-5', 'L'],
      ['-pef', '19935-6', 'L/min'],
    ]);
  });

  it('filters by LOINC code and date, and pages with next links', async () => {
    const heartRates = await search(`patient=Patient/${patientId}&code=http://loinc.org|8867-4`);
    // Newest first: the oximeter's pulse, the blood pressure's, then the demo month's.
    expect(heartRates.entry?.slice(0, 2).map((e) => e.resource.id)).toEqual([`${readings.ox.id}-hr`, `${readings.bp.id}-hr`]);
    expect(heartRates.entry?.every((e) => (e.resource as FhirObservation).code.coding?.[0]?.code === '8867-4')).toBe(true);

    const since = new Date(Date.now() - 35 * 60_000).toISOString();
    const recent = await search(`patient=${patientId}&date=ge${since}`);
    expect(recent.total).toBe(6); // weight, oxygen saturation and its heart rate, three spirometry values
    const demoBp = await search(`patient=${patientId}&code=85354-9&date=lt${since.slice(0, 10)}`);
    expect(demoBp.total).toBeGreaterThan(20); // the demo month of readings

    const first = await search(`patient=${patientId}&_count=2`);
    expect(first.entry).toHaveLength(2);
    const next = first.link?.find((l) => l.relation === 'next')?.url;
    expect(next).toContain('_offset=2');
    const second = await search(next!.split('?')[1]!);
    expect(second.entry?.[0]?.resource.id).not.toBe(first.entry?.[1]?.resource.id);
    const none = await search(`patient=${patientId}&code=1234-5`);
    expect(none).toEqual({ resourceType: 'Bundle', type: 'searchset', total: 0, link: [{ relation: 'self', url: expect.any(String) }] });
  });

  it.each([
    ['patient', 200],
    ['assistant', 403],
    ['patient2', 403],
    ['admin', 403],
    ['outsider', 404],
  ] as const)('GET Observation?patient=<patient> as %s → %i', async (role, status) => {
    const res = await fhir(`/Observation?patient=${patientId}`, role);
    if (status === 200) expect(res.status).toBe(200);
    else expectOutcome(res, status, status === 404 ? 'not-found' : 'forbidden');
  });

  it('refuses a search without a patient or with a bad date', async () => {
    expectOutcome(await fhir('/Observation', 'physician'), 400, 'invalid');
    const bad = await fhir(`/Observation?patient=${patientId}&date=yesterday`, 'physician');
    expectOutcome(bad, 400, 'invalid');
    expect(bad.body.issue[0].expression).toEqual(['date.0']);
  });

  it('reads one Observation by id, and with an API key', async () => {
    const res = await fhir(`/Observation/${readings.ox.id}-hr`, undefined, { 'x-api-key': apiKey });
    expect(res.status).toBe(200);
    expect(fhirObservationSchema.parse(res.body).code.coding?.[0]?.code).toBe('8867-4');
    expectOutcome(await fhir(`/Observation/${readings.bt.id}-hr`, 'physician'), 404, 'not-found');
    expectOutcome(await fhir(`/Observation/${readings.bt.id}`, 'patient2'), 403, 'forbidden');
  });
});

describe('the standard FHIR base a client discovers', () => {
  const root = (path: string, role?: Role, headers: Record<string, string> = {}) =>
    t.call('GET', `/fhir/R4${path}`, { token: role ? tokens[role] : undefined, headers });

  it('answers metadata with a CapabilityStatement of exactly what it serves, at both bases, without a token', async () => {
    for (const res of [await root('/metadata'), await fhir('/metadata')]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/fhir+json');
      const statement = fhirCapabilityStatementSchema.parse(res.body);
      expect(statement).toMatchObject({ fhirVersion: '4.0.1', kind: 'instance', format: ['json', 'application/fhir+json'] });
      const resources = statement.rest[0]!.resource;
      expect(resources.map((r) => r.type)).toEqual(['Patient', 'Observation', 'Device', 'Provenance', 'Practitioner', 'Appointment', 'Encounter', 'Flag', 'Communication', 'Subscription']);
      expect(resources[0]?.operation).toEqual([
        { name: 'everything', definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything' },
        { name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export' },
      ]);
      expect(statement.rest[0]!.operation).toEqual([{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' }]);
      expect(resources.find((r) => r.type === 'Observation')?.searchParam?.map((p) => p.name)).toEqual(
        expect.arrayContaining(['patient', 'code', 'category', 'date', '_lastUpdated', '_sort', '_count', '_summary']),
      );
    }
    expect((await root('/metadata')).body.implementation.url).toBe(`${t.edge.deps.config.publicUrl}/fhir/R4`);
  });

  it('serves searches at /fhir/R4 with links and fullUrls under that base', async () => {
    const res = await root(`/Observation?patient=${patientId}&_count=3`, 'physician');
    expect(res.status).toBe(200);
    const bundle = fhirSearchBundleSchema.parse(res.body);
    expect(bundle.entry?.[0]?.fullUrl).toMatch(new RegExp(`^${t.edge.deps.config.publicUrl}/fhir/R4/Observation/`));
    expect(bundle.link?.find((l) => l.relation === 'next')?.url).toContain(`${t.edge.deps.config.publicUrl}/fhir/R4/Observation?`);
    expectOutcome(await root('/MedicationRequest', 'physician'), 404, 'not-supported');
  });

  it('caps _count instead of refusing it, and answers _summary=count with the total only', async () => {
    const big = await fhir(`/Observation?patient=${patientId}&_count=5000`, 'physician');
    expect(big.status).toBe(200);
    const bundle = fhirSearchBundleSchema.parse(big.body);
    expect(bundle.entry).toHaveLength(Math.min(200, bundle.total ?? 0));
    expect(bundle.link?.[0]?.url).toContain('_count=200');
    const counted = await fhir(`/Observation?patient=${patientId}&_summary=count`, 'physician');
    expect(counted.body).toMatchObject({ resourceType: 'Bundle', total: bundle.total });
    expect(counted.body.entry).toBeUndefined();
    expect((await fhir(`/Observation?patient=${patientId}&_count=0`, 'physician')).body.entry).toBeUndefined();
  });

  it('serves JSON whichever way it is asked for, and answers 406 to any other format', async () => {
    for (const format of ['json', 'application/fhir+json', 'application/json']) {
      expect((await fhir(`/Observation?patient=${patientId}&_count=1&_format=${encodeURIComponent(format)}`, 'physician')).status).toBe(200);
    }
    expect((await fhir(`/Patient/${patientId}`, 'physician', { accept: 'application/fhir+json' })).status).toBe(200);
    expectOutcome(await fhir(`/Observation?patient=${patientId}&_format=xml`, 'physician'), 406, 'not-supported');
    expectOutcome(await fhir(`/Patient/${patientId}`, 'physician', { accept: 'application/fhir+xml' }), 406, 'not-supported');
    expectOutcome(await root('/metadata?_format=application/fhir%2Bxml'), 406, 'not-supported');
  });

  it('refuses an unknown search parameter, and leaves it out when asked to be lenient', async () => {
    const strict = await fhir(`/Observation?patient=${patientId}&performer=Practitioner/1`, 'physician');
    expectOutcome(strict, 400, 'invalid');
    const lenient = await fhir(`/Observation?patient=${patientId}&performer=Practitioner/1&_count=1`, 'physician', { prefer: 'handling=lenient' });
    expect(lenient.status).toBe(200);
    expect(lenient.body.link[0].url).not.toContain('performer');
  });

  it('searches Observations by category, sorts them, and by when they were stored', async () => {
    const vitals = fhirSearchBundleSchema.parse((await fhir(`/Observation?patient=${patientId}&category=vital-signs&_count=200`, 'physician')).body);
    const codes = (vitals.entry ?? []).map((e) => (e.resource as FhirObservation).category?.[0]?.coding?.[0]?.code);
    expect(new Set(codes)).toEqual(new Set(['vital-signs']));
    const lab = fhirSearchBundleSchema.parse((await fhir(`/Observation?patient=${patientId}&category=http://terminology.hl7.org/CodeSystem/observation-category|laboratory`, 'physician')).body);
    expect(lab.entry?.map((e) => e.resource.id)).toContain(readings.bs.id);

    const oldest = fhirSearchBundleSchema.parse((await fhir(`/Observation?patient=${patientId}&code=85354-9&_sort=date&_count=2`, 'physician')).body);
    const newest = fhirSearchBundleSchema.parse((await fhir(`/Observation?patient=${patientId}&code=85354-9&_sort=-date&_count=2`, 'physician')).body);
    const taken = (b: typeof oldest) => (b.entry ?? []).map((e) => Date.parse((e.resource as FhirObservation).effectiveDateTime ?? ''));
    expect(taken(oldest)[0]).toBeLessThan(taken(oldest)[1]!);
    expect(newest.entry?.[0]?.resource.id).toBe(readings.bp.id);

    // Stored in this test run: the readings posted above, not the demo month (stored when seeded, but taken in the past).
    const stored = fhirSearchBundleSchema.parse((await fhir(`/Observation?patient=${patientId}&_lastUpdated=ge${new Date(Date.now() - 10 * 60_000).toISOString()}&date=ge${new Date(Date.now() - 2 * 3_600_000).toISOString()}&_count=200`, 'physician')).body);
    expect(new Set((stored.entry ?? []).map((e) => e.resource.id.slice(0, 36)))).toEqual(new Set(Object.values(readings).map((r) => r.id as string)));
    expectOutcome(await fhir(`/Observation?patient=${patientId}&_sort=value`, 'physician'), 400, 'invalid');
  });
});

describe('FHIR R4 Patient search', () => {
  const find = async (query: string, role: Role | 'key' = 'physician') => {
    const res = role === 'key' ? await fhir(`/Patient?${query}`, undefined, { 'x-api-key': apiKey }) : await fhir(`/Patient?${query}`, role);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return fhirSearchBundleSchema.parse(res.body);
  };
  const ids = (bundle: { entry?: { resource: { id?: string } }[] }) => (bundle.entry ?? []).map((e) => e.resource.id);

  it('finds the organisation’s patients by MRN, name and birth date, for a physician and an API key', async () => {
    const pat = fhirPatientSchema.parse((await fhir(`/Patient/${patientId}`, 'physician')).body);
    const mrn = pat.identifier?.[0];
    expect(ids(await find(`identifier=${mrn?.value}`))).toEqual([patientId]);
    expect(ids(await find(`identifier=${encodeURIComponent(`${mrn?.system}|${mrn?.value}`)}`, 'key'))).toEqual([patientId]);
    expect(ids(await find(`identifier=${encodeURIComponent(`urn:other:system|${mrn?.value}`)}`))).toEqual([]);
    expect(ids(await find('name=mor'))).toContain(patientId);
    expect(ids(await find('name=Pat&birthdate=1958-04-12'))).toEqual([patientId]);
    expect(ids(await find('birthdate=1958-04-13'))).not.toContain(patientId);
    // Another organisation's patients are never among them.
    expect(ids(await find('_count=200'))).not.toContain(outsiderPatientId);
    const page = await find('_count=1');
    expect(page.entry).toHaveLength(1);
    expect(page.link?.find((l) => l.relation === 'next')).toBeDefined();
    // Who saw whom is in the audit log, one row per patient shown.
    const audited = await t.edge.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'fhir.patient.search.item'), eq(auditLog.resourceId, patientId)));
    expect(audited.length).toBeGreaterThan(0);
  });

  it('gives a patient only themself, and nurses, admins and caregivers nothing', async () => {
    expect(ids(await find('', 'patient'))).toEqual([patientId]);
    expect(ids(await find('name=Layla', 'patient'))).toEqual([]);
    for (const role of ['nurse', 'admin', 'caregiver'] as const) expectOutcome(await fhir('/Patient?name=Pat', role), 403, 'forbidden');
    expectOutcome(await fhir('/Patient?name=Pat'), 401, 'login');
  });
});

describe('FHIR R4 Practitioner, Appointment, Encounter and Patient/$everything', () => {
  let appointmentId: string;
  let visitId: string;
  let physicianId: string;

  beforeAll(async () => {
    physicianId = (await t.call('GET', '/api/v1/profile', { token: tokens.physician })).body.data.accountId;
    const startsAt = at(workingDay(4), '10:30');
    const booked = await t.call('POST', '/api/v1/appointments', { token: tokens.patient, body: { type: 'tv', providerId: physicianId, startsAt, reason: 'Blood pressure review' } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    appointmentId = booked.body.data.id;
    visitId = booked.body.data.visit.id;
  });

  it('gives the clinician as a Practitioner, to anyone of the organisation and its API key only', async () => {
    const res = await fhir(`/Practitioner/${physicianId}`, 'patient');
    expect(res.status).toBe(200);
    expect(fhirPractitionerSchema.parse(res.body)).toMatchObject({
      resourceType: 'Practitioner',
      id: physicianId,
      name: [{ family: 'Raman', given: ['Priya'] }],
      qualification: [{ code: { coding: [{ code: '08', display: 'Family practice' }] } }],
    });
    expect((await fhir(`/Practitioner/${physicianId}`, undefined, { 'x-api-key': apiKey })).status).toBe(200);
    expectOutcome(await fhir(`/Practitioner/${physicianId}`, 'outsider'), 404, 'not-found');
    expectOutcome(await fhir(`/Practitioner/${patientId}`, 'physician'), 404, 'not-found');
  });

  it('gives the appointment and its visit, read and searched, by the record’s rules', async () => {
    const appointment = fhirAppointmentSchema.parse((await fhir(`/Appointment/${appointmentId}`, 'physician')).body);
    expect(appointment).toMatchObject({
      status: 'booked',
      description: 'Blood pressure review',
      participant: [
        { actor: { reference: `Patient/${patientId}` }, status: 'needs-action' },
        { actor: { reference: `Practitioner/${physicianId}` }, status: 'accepted' },
      ],
    });
    const encounter = fhirEncounterSchema.parse((await fhir(`/Encounter/${visitId}`, 'patient')).body);
    expect(encounter).toMatchObject({
      status: 'planned',
      class: { code: 'VR', display: 'virtual' },
      subject: { reference: `Patient/${patientId}` },
      appointment: [{ reference: `Appointment/${appointmentId}` }],
    });
    const appointments = fhirSearchBundleSchema.parse((await fhir(`/Appointment?patient=${patientId}&date=ge${new Date().toISOString().slice(0, 10)}`, 'physician')).body);
    expect(appointments.entry?.map((e) => e.resource.id)).toContain(appointmentId);
    const encounters = fhirSearchBundleSchema.parse((await fhir(`/Encounter?patient=Patient/${patientId}`, undefined, { 'x-api-key': apiKey })).body);
    expect(encounters.entry?.map((e) => e.resource.id)).toContain(visitId);
    expectOutcome(await fhir(`/Appointment/${appointmentId}`, 'patient2'), 403, 'forbidden');
    expectOutcome(await fhir(`/Encounter?patient=${patientId}`, 'nurse'), 403, 'forbidden');
    expectOutcome(await fhir(`/Appointment?patient=${outsiderPatientId}`, 'physician'), 404, 'not-found');
  });

  it('gives everything of a patient in one valid Bundle: the patient, readings, appointments, visits and their clinicians', async () => {
    const res = await t.call('GET', `/fhir/R4/Patient/${patientId}/$everything`, { token: tokens.physician });
    expect(res.status).toBe(200);
    const bundle = fhirSearchBundleSchema.parse(res.body);
    const byType = (type: string) => (bundle.entry ?? []).filter((e) => e.resource.resourceType === type).map((e) => e.resource.id);
    expect(byType('Patient')).toEqual([patientId]);
    expect(byType('Observation')).toContain(readings.bp.id);
    expect(byType('Appointment')).toContain(appointmentId);
    expect(byType('Encounter')).toContain(visitId);
    expect(byType('Practitioner')).toContain(physicianId);
    expect(bundle.total).toBe(bundle.entry?.length);
    expect(bundle.entry?.[0]?.fullUrl).toBe(`${t.edge.deps.config.publicUrl}/fhir/R4/Patient/${patientId}`);
    expectOutcome(await fhir(`/Patient/${patientId}/$everything`, 'patient2'), 403, 'forbidden');
  });
});

describe('the FHIR schemas themselves', () => {
  it('refuse what FHIR R4 does not allow', () => {
    const valid = {
      resourceType: 'Observation',
      id: 'a1',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
      valueQuantity: { value: 70, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
    };
    expect(fhirObservationSchema.safeParse(valid).success).toBe(true);
    expect(fhirObservationSchema.safeParse({ ...valid, status: 'done' }).success).toBe(false);
    expect(fhirObservationSchema.safeParse({ ...valid, code: undefined }).success).toBe(false);
    expect(fhirObservationSchema.safeParse({ ...valid, category: [] }).success).toBe(false);
    expect(fhirObservationSchema.safeParse({ ...valid, effectiveDateTime: '2026-13-01' }).success).toBe(false);
    expect(fhirObservationSchema.safeParse({ ...valid, id: 'has space' }).success).toBe(false);
    // qty-3: a unit code without its system.
    expect(fhirObservationSchema.safeParse({ ...valid, valueQuantity: { value: 70, code: '/min' } }).success).toBe(false);
    // obs-7: a value beside a component with the same code.
    expect(fhirObservationSchema.safeParse({ ...valid, component: [{ code: valid.code, valueQuantity: valid.valueQuantity }] }).success).toBe(false);
    expect(fhirPatientSchema.safeParse({ resourceType: 'Patient', id: 'p', gender: 'm' }).success).toBe(false);
    expect(fhirPatientSchema.safeParse({ resourceType: 'Patient', id: 'p', birthDate: '1958-4-12' }).success).toBe(false);
  });
});

describe('over tRPC', () => {
  it('gives the same resources', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${tokens.physician}` }) })] });
    expect((await client.fhir.patient.query({ id: patientId })).id).toBe(patientId);
    // A nurse may read the record but not export it, over tRPC as over REST.
    const nurse = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${tokens.nurse}` }) })] });
    await expect(nurse.fhir.patient.query({ id: patientId })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    const bundle = await client.fhir.observations.query({ patient: patientId, code: '8310-5', _count: 10, _offset: 0 });
    expect(bundle.entry?.[0]?.resource.id).toBe(readings.bt.id);
  });
});
