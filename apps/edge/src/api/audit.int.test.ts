import { randomUUID } from 'node:crypto';
import { accounts, auditLog, measurements, visits } from '@opencare/api/db/schema';
import { insertHeldReadings } from '@opencare/api/measurements/held-readings.repository';
import { idsOwnedBy } from '../testing/matrix-evidence';
import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, insertAppointmentWithVisit, organisationOf, signInCast, workingDay, type Cast, type Person } from '../testing/appointment-fixtures';
import { pairGateway, randomMac, randomPairingCode, requestToken } from '../testing/gateway-fixtures';
import { restRoutes } from '../testing/route-catalogue';
import { connected, socketClients } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/*
 * Issue 8, security test 6: every read and write of patient data, and every refused access, is in
 * the audit log (who: the acting account; what: an action on the patient's record; the outcome);
 * the log is append-only — the database itself refuses UPDATE, DELETE and TRUNCATE.
 *
 * The routes come from the REST catalogue (the registered routes): every route of a patient's record
 * (under /patients/:id, measurements, alerts, FHIR, and a patient's gateway, device, appointment,
 * visit or mail thread by its id) must have a sample below, so a new patient-data
 * route fails this suite until its audit is shown. Each sample is called once by someone refused
 * (another patient, a clinician of another organisation, or a role that may not) and once by
 * someone allowed.
 */
let t: TestEdge;
let cast: Cast;
const ids = {
  measurement: '',
  heldToAccept: '',
  heldToReject: '',
  alert: '',
  mac: randomMac(),
  pairingCode: randomPairingCode(),
  gateway: '',
  device: '',
  gatewayReading: '',
  appointment: '',
  visit: '',
  thread: '',
  photo: '',
  attachment: '',
  schedule: '',
  task: '',
  toConfirm: '',
  toCancel: '',
  pastVisit: '',
  visitNow: '',
  code: '',
  careTime: '',
  launchableApp: '',
};
// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const today = () => new Date().toISOString().slice(0, 10);

interface Sample {
  method: string;
  /** The catalogue's pattern. */
  url: string;
  /** The concrete path and body (built once the fixtures exist). */
  path: () => string;
  body?: () => unknown;
  /** A request that is not JSON (an attachment's bytes): sent as given. */
  send?: (token: string) => Promise<{ status: number; body: unknown }>;
  allowed: Person;
  /** Someone the route refuses; none for a list that answers everyone with their own rows. */
  refused?: Person;
}
/** A mail attachment as the web uploads it: the bytes themselves, the patient and name in the query. */
const uploadAttachment = async (token: string) => {
  const res = await fetch(`${t.url}/api/v1/mail/attachments?${new URLSearchParams({ patientAccountId: P(), fileName: 'arm.png' }).toString()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: Buffer.from(PNG, 'base64'),
  });
  return { status: res.status, body: (await res.json()) };
};
const P = () => cast.id.patient;
/** `Patient/$export`, polled until it is complete (its patients' audit rows are written as it runs). */
const exported = async (token: string) => {
  const started = await t.call('GET', '/api/v1/fhir/R4/Patient/$export?_type=Patient', { token });
  const location = started.headers.get('content-location');
  for (let tries = 0; location && tries < 100; tries += 1) {
    const res = await fetch(location.replace(/^https?:\/\/[^/]+/, t.url), { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 202) return { status: res.status, body: await res.json() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return started;
};
/** A decision on the patient's sign-up, the patient made pending for it and active again after. */
const decided = (decision: 'approve' | 'decline') => async (token: string) => {
  const status = (value: string) => t.edge.deps.db.update(accounts).set({ status: value as 'active' }).where(eq(accounts.id, P()));
  await status('pending');
  const res = await t.call('POST', `/api/v1/patients/${P()}/${decision}`, { token });
  await status('active');
  return res;
};
const bpLimits = { limits: { systolic: { elevatedFrom: 125, highFrom: 140, highestFrom: 170 } } };
const SAMPLES: Sample[] = [
  { method: 'GET', url: '/patients/:id', path: () => `/patients/${P()}`, allowed: 'physician', refused: 'outsider' },
  { method: 'PATCH', url: '/patients/:id', path: () => `/patients/${P()}`, body: () => ({ allergies: ['Penicillin'] }), allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/patients/:id/snapshot', path: () => `/patients/${P()}/snapshot`, allowed: 'nurse', refused: 'patient2' },
  { method: 'GET', url: '/patients/:id/series', path: () => `/patients/${P()}/series?type=bp`, allowed: 'patient', refused: 'patient2' },
  { method: 'GET', url: '/patients/:id/timeline', path: () => `/patients/${P()}/timeline`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/patients/:id/thresholds', path: () => `/patients/${P()}/thresholds`, allowed: 'physician', refused: 'patient2' },
  { method: 'PUT', url: '/patients/:id/thresholds/:type', path: () => `/patients/${P()}/thresholds/bp`, body: () => bpLimits, allowed: 'physician', refused: 'outsider' },
  { method: 'DELETE', url: '/patients/:id/thresholds/:type', path: () => `/patients/${P()}/thresholds/bp`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/patients/:id/held-readings', path: () => `/patients/${P()}/held-readings`, allowed: 'nurse', refused: 'patient2' },
  { method: 'POST', url: '/patients/:id/held-readings/accept', path: () => `/patients/${P()}/held-readings/accept`, body: () => ({ readingId: ids.heldToAccept }), allowed: 'physician', refused: 'outsider' },
  { method: 'POST', url: '/patients/:id/held-readings/reject', path: () => `/patients/${P()}/held-readings/reject`, body: () => ({ readingId: ids.heldToReject }), allowed: 'nurse', refused: 'patient' },
  { method: 'GET', url: '/patients/:id/appointments', path: () => `/patients/${P()}/appointments`, allowed: 'patient', refused: 'patient2' },
  { method: 'GET', url: '/patients/:id/gateways', path: () => `/patients/${P()}/gateways`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/patients/:id/enrolments', path: () => `/patients/${P()}/enrolments`, allowed: 'patient', refused: 'patient2' },
  {
    method: 'POST',
    url: '/patients/:id/enrolments',
    path: () => `/patients/${P()}/enrolments`,
    body: () => ({
      conditions: ['Hypertension'],
      measurementTypes: ['bp'],
      startDate: today(),
      primaryProviderId: cast.id.physician,
      consent: { method: 'verbal', witness: 'Audit witness', at: new Date(Date.now() - 60_000).toISOString() },
    }),
    allowed: 'nurse',
    refused: 'outsider',
  },
  // The patient as if just signed up and waiting; approved or declined, then active again for the samples after.
  { method: 'POST', url: '/patients/:id/approve', path: () => `/patients/${P()}/approve`, send: decided('approve'), allowed: 'nurse', refused: 'outsider' },
  { method: 'POST', url: '/patients/:id/decline', path: () => `/patients/${P()}/decline`, send: decided('decline'), allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/patients/:id/care-time', path: () => `/patients/${P()}/care-time`, allowed: 'nurse', refused: 'outsider' },
  { method: 'POST', url: '/patients/:id/care-time/beats', path: () => `/patients/${P()}/care-time/beats`, allowed: 'nurse', refused: 'outsider' },
  {
    method: 'POST',
    url: '/patients/:id/care-time',
    path: () => `/patients/${P()}/care-time`,
    body: () => ({ startedAt: new Date(Date.now() - 5 * 3_600_000).toISOString(), minutes: 10, reason: 'Audit call' }),
    allowed: 'physician',
    refused: 'outsider',
  },
  { method: 'PATCH', url: '/care-time/:id', path: () => `/care-time/${ids.careTime}`, body: () => ({ minutes: 5, reason: 'Audit correction' }), allowed: 'nurse', refused: 'outsider' },
  { method: 'GET', url: '/patients/:id/devices', path: () => `/patients/${P()}/devices`, allowed: 'physician', refused: 'outsider' },
  {
    method: 'POST',
    url: '/patients/:id/gateways',
    path: () => `/patients/${P()}/gateways`,
    body: () => ({ mac: ids.mac, pairingCode: ids.pairingCode, displayName: 'Hall' }),
    allowed: 'patient',
    refused: 'patient2',
  },
  { method: 'GET', url: '/tasks/patients/:id', path: () => `/tasks/patients/${P()}?from=2026-11-01&to=2026-11-30`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/measurements', path: () => `/measurements?patient=${P()}`, allowed: 'physician', refused: 'patient2' },
  { method: 'GET', url: '/measurements/:id', path: () => `/measurements/${ids.measurement}`, allowed: 'nurse', refused: 'outsider' },
  {
    method: 'POST',
    url: '/measurements',
    path: () => '/measurements',
    body: () => ({ id: randomUUID(), type: 'bt', values: { temperature: 36.9 } }),
    allowed: 'patient',
    refused: 'physician',
  },
  { method: 'GET', url: '/alerts', path: () => `/alerts?patient=${P()}&status=all`, allowed: 'physician', refused: 'outsider' },
  { method: 'PATCH', url: '/alerts/:id/acknowledge', path: () => `/alerts/${ids.alert}/acknowledge`, allowed: 'physician', refused: 'outsider' },
  { method: 'POST', url: '/alerts/acknowledge', path: () => '/alerts/acknowledge', body: () => ({ ids: [ids.alert], comment: 'Seen' }), allowed: 'physician', refused: 'outsider' },
  { method: 'PATCH', url: '/alerts/:id/assign', path: () => `/alerts/${ids.alert}/assign`, body: () => ({ assigneeId: cast.id.nurse }), allowed: 'physician', refused: 'outsider' },
  { method: 'PATCH', url: '/alerts/:id/resolve', path: () => `/alerts/${ids.alert}/resolve`, body: () => ({}), allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/accounts/:id/profile', path: () => `/accounts/${P()}/profile`, allowed: 'physician', refused: 'patient2' },
  // The patient's gateways and devices, appointments, visits and mail.
  { method: 'GET', url: '/gateways/:id', path: () => `/gateways/${ids.gateway}`, allowed: 'physician', refused: 'outsider' },
  { method: 'PATCH', url: '/gateways/:id', path: () => `/gateways/${ids.gateway}`, body: () => ({ displayName: 'Kitchen' }), allowed: 'patient', refused: 'patient2' },
  { method: 'GET', url: '/devices/:id', path: () => `/devices/${ids.device}`, allowed: 'physician', refused: 'outsider' },
  { method: 'PATCH', url: '/devices/:id', path: () => `/devices/${ids.device}`, body: () => ({ name: 'Old cuff' }), allowed: 'patient', refused: 'patient2' },
  // The device and its reading's provenance in FHIR (before the device is removed below).
  { method: 'GET', url: '/fhir/R4/Device', path: () => `/fhir/R4/Device?patient=${P()}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/fhir/R4/Device/:id', path: () => `/fhir/R4/Device/${ids.device}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/fhir/R4/Provenance', path: () => `/fhir/R4/Provenance?patient=${P()}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/fhir/R4/Provenance/:id', path: () => `/fhir/R4/Provenance/${ids.gatewayReading}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/appointments/:id', path: () => `/appointments/${ids.appointment}`, allowed: 'patient', refused: 'patient2' },
  { method: 'GET', url: '/visits/:id', path: () => `/visits/${ids.visit}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/mail/threads/:id', path: () => `/mail/threads/${ids.thread}`, allowed: 'patient', refused: 'patient2' },
  {
    method: 'POST',
    url: '/mail/threads/:id/messages',
    path: () => `/mail/threads/${ids.thread}/messages`,
    body: () => ({ body: 'Done, thank you.' }),
    allowed: 'patient',
    refused: 'patient2',
  },
  {
    method: 'PATCH',
    url: '/appointments/:id',
    path: () => `/appointments/${ids.appointment}`,
    body: () => ({ startsAt: at(workingDay(4), '11:00') }),
    allowed: 'patient',
    refused: 'patient2',
  },
  { method: 'DELETE', url: '/devices/:id', path: () => `/devices/${ids.device}`, allowed: 'patient', refused: 'patient2' },
  { method: 'DELETE', url: '/gateways/:id', path: () => `/gateways/${ids.gateway}`, allowed: 'patient', refused: 'patient2' },
  { method: 'GET', url: '/fhir/R4/Patient/:id', path: () => `/fhir/R4/Patient/${P()}`, allowed: 'physician', refused: 'outsider' },
  // A bulk export: the organisation's admin starts it; each exported patient is audited as the export runs.
  { method: 'GET', url: '/fhir/R4/Patient/$export', path: () => '/fhir/R4/Patient/$export', send: exported, allowed: 'admin', refused: 'physician' },
  // A SMART app opened from the patient's page (EHR launch): the launch names the patient.
  { method: 'POST', url: '/patients/:id/smart-launch', path: () => `/patients/${P()}/smart-launch`, body: () => ({ clientId: ids.launchableApp }), allowed: 'physician', refused: 'patient' },
  { method: 'GET', url: '/fhir/R4/Observation', path: () => `/fhir/R4/Observation?patient=${P()}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/fhir/R4/Observation/:id', path: () => `/fhir/R4/Observation/${ids.measurement}`, allowed: 'physician', refused: 'outsider' },
  // Issue 21: patient search (a nurse may not export), everything of a patient, appointments and visits.
  { method: 'GET', url: '/fhir/R4/Patient', path: () => `/fhir/R4/Patient?_id=${P()}`, allowed: 'physician', refused: 'nurse' },
  { method: 'GET', url: '/fhir/R4/Patient/:id/$everything', path: () => `/fhir/R4/Patient/${P()}/$everything`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/fhir/R4/Appointment', path: () => `/fhir/R4/Appointment?patient=${P()}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/fhir/R4/Appointment/:id', path: () => `/fhir/R4/Appointment/${ids.appointment}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/fhir/R4/Encounter', path: () => `/fhir/R4/Encounter?patient=${P()}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/fhir/R4/Encounter/:id', path: () => `/fhir/R4/Encounter/${ids.pastVisit}`, allowed: 'physician', refused: 'outsider' },
  // Issue 15: photos, mail attachments, visit notes and captures, schedules and tasks by id,
  // appointment create/confirm/cancel, visit by code, and the lists of one patient's rows.
  { method: 'POST', url: '/files', path: () => '/files', body: () => ({ contentType: 'image/png', data: PNG }), allowed: 'patient', refused: 'physician' },
  { method: 'GET', url: '/files/:id', path: () => `/files/${ids.photo}`, allowed: 'physician', refused: 'outsider' },
  { method: 'POST', url: '/mail/attachments', path: () => '/mail/attachments', send: uploadAttachment, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/mail/attachments/:id', path: () => `/mail/attachments/${ids.attachment}`, allowed: 'patient', refused: 'patient2' },
  {
    method: 'POST',
    url: '/mail/threads',
    path: () => '/mail/threads',
    body: () => ({ patientAccountId: P(), subject: 'Follow-up', body: 'How is the dressing?' }),
    allowed: 'physician',
    refused: 'outsider',
  },
  { method: 'GET', url: '/mail/threads', path: () => '/mail/threads', allowed: 'patient' },
  {
    method: 'POST',
    url: '/visits/:id/complete',
    path: () => `/visits/${ids.pastVisit}/complete`,
    body: () => ({ summary: 'Healing well.', notes: 'Incision clean.' }),
    allowed: 'physician',
    refused: 'outsider',
  },
  {
    method: 'POST',
    url: '/visits/:id/captures',
    path: () => `/visits/${ids.visitNow}/captures`,
    body: () => ({ contentType: 'image/png', data: PNG, caption: 'Wound' }),
    allowed: 'physician',
    refused: 'outsider',
  },
  { method: 'GET', url: '/visits/:id/captures', path: () => `/visits/${ids.visitNow}/captures`, allowed: 'patient', refused: 'patient2' },
  { method: 'GET', url: '/visits/code/:code', path: () => `/visits/code/${ids.code}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/visits', path: () => `/visits?patientId=${P()}`, allowed: 'physician', refused: 'patient2' },
  {
    method: 'POST',
    url: '/visits',
    path: () => '/visits',
    body: () => ({ patientId: P(), type: 'pv', startsAt: new Date(Date.now() - 45 * 60_000).toISOString() }),
    allowed: 'physician',
    refused: 'outsider',
  },
  {
    method: 'POST',
    url: '/schedules',
    path: () => '/schedules',
    body: () => ({ patientId: P(), type: 'bp', startDate: today(), frequency: 'daily', times: ['08:00'] }),
    allowed: 'physician',
    refused: 'outsider',
  },
  { method: 'GET', url: '/schedules', path: () => `/schedules?patient=${P()}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/schedules/:id', path: () => `/schedules/${ids.schedule}`, allowed: 'patient', refused: 'patient2' },
  { method: 'PATCH', url: '/schedules/:id', path: () => `/schedules/${ids.schedule}`, body: () => ({ notifyByEmail: false }), allowed: 'nurse', refused: 'outsider' },
  {
    method: 'POST',
    url: '/tasks',
    path: () => '/tasks',
    body: () => ({ patientId: P(), type: 'bp', date: today(), time: '22:00' }),
    allowed: 'physician',
    refused: 'outsider',
  },
  { method: 'GET', url: '/tasks', path: () => `/tasks?patient=${P()}&from=${today()}&to=${today()}`, allowed: 'physician', refused: 'outsider' },
  { method: 'GET', url: '/tasks/:id', path: () => `/tasks/${ids.task}`, allowed: 'patient', refused: 'patient2' },
  { method: 'PATCH', url: '/tasks/:id', path: () => `/tasks/${ids.task}`, body: () => ({ status: 'pending' }), allowed: 'physician', refused: 'outsider' },
  {
    method: 'POST',
    url: '/appointments',
    path: () => '/appointments',
    body: () => ({ providerId: cast.id.physician, patientId: P(), type: 'pv', startsAt: at(workingDay(6), '10:00') }),
    allowed: 'patient',
    refused: 'patient2',
  },
  { method: 'GET', url: '/appointments', path: () => `/appointments?patientId=${P()}`, allowed: 'physician', refused: 'patient2' },
  { method: 'PATCH', url: '/appointments/:id/confirm', path: () => `/appointments/${ids.toConfirm}/confirm`, body: () => ({}), allowed: 'patient', refused: 'patient2' },
  {
    method: 'PATCH',
    url: '/appointments/:id/cancel',
    path: () => `/appointments/${ids.toCancel}/cancel`,
    body: () => ({ reason: 'other', note: 'Audit' }),
    allowed: 'patient',
    refused: 'patient2',
  },
  { method: 'DELETE', url: '/tasks/:id', path: () => `/tasks/${ids.task}`, allowed: 'physician', refused: 'outsider' },
  { method: 'DELETE', url: '/schedules/:id', path: () => `/schedules/${ids.schedule}`, allowed: 'physician', refused: 'outsider' },
];
const key = (method: string, url: string) => `${method} ${url}`;
/**
 * A patient's record: routes that name a patient, their readings and alerts, or one of their
 * gateways, devices, appointments, visits or mail threads by its id.
 */
const isPatientRecordRoute = (url: string) =>
  /^\/api\/v1\/(patients\/:id(\/|$)|measurements|alerts|fhir\/R4\/(Patient|Observation|Device|Provenance|Appointment|Encounter)|tasks\/patients\/|accounts\/:id\/profile)/.test(url) ||
  /^\/api\/v1\/(gateways|devices|appointments|visits|mail\/threads)\/:id$/.test(url) ||
  url === '/api/v1/mail/threads/:id/messages' ||
  url === '/api/v1/care-time/:id' ||
  // Issue 15: photos, attachments, visit notes and captures, visits by code, schedules and tasks,
  // appointments and their confirm/cancel, and the lists of one patient's rows.
  /^\/api\/v1\/(files|mail\/attachments)(\/:id)?$/.test(url) ||
  /^\/api\/v1\/visits\/(:id\/(complete|captures)|code\/:code)$/.test(url) ||
  /^\/api\/v1\/(schedules|tasks|appointments|visits|mail\/threads)(\/:id)?$/.test(url) ||
  /^\/api\/v1\/appointments\/:id\/(cancel|confirm)$/.test(url);

const lastAuditId = async () => (await t.edge.deps.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
const entriesSince = (after: number, accountId: string, outcome: 'allowed' | 'denied') =>
  t.edge.deps.db
    .select({ action: auditLog.action, resourceType: auditLog.resourceType, resourceId: auditLog.resourceId })
    .from(auditLog)
    .where(and(gt(auditLog.id, after), eq(auditLog.actorAccountId, accountId), eq(auditLog.outcome, outcome)));

beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
  // An out-of-range reading: a measurement to read and an alert to acknowledge.
  const high = await t.call('POST', '/api/v1/measurements', {
    token: cast.token.patient,
    body: { id: randomUUID(), type: 'bp', values: { systolic: 190, diastolic: 120, pulse: 80 } },
  });
  expect(high.status).toBe(201);
  ids.measurement = high.body.data.id;
  const alerts = await t.call('GET', `/api/v1/alerts?patient=${P()}&status=all`, { token: cast.token.physician });
  const paired = await pairGateway(t, { token: cast.token.patient, accountId: P() });
  ids.gateway = paired.gatewayId;
  const profile = (await t.call('GET', '/api/v1/devices/profiles', { token: cast.token.patient })).body.data.find(
    (p: { measurement: string }) => p.measurement === 'bp',
  );
  const device = await t.call('POST', '/api/v1/devices', {
    token: cast.token.patient,
    body: { gatewayId: ids.gateway, address: 'C4:7C:8D:6A:00:07', name: 'Cuff', profileId: profile.profileId },
  });
  expect(device.status).toBe(201);
  ids.device = device.body.data.id;
  // A reading as the gateway stores it (the upload itself is gateways-devices' to test): it has a Provenance.
  ids.gatewayReading = randomUUID();
  await t.edge.deps.db.insert(measurements).values({
    id: ids.gatewayReading,
    organisationId: await organisationOf(t.edge.deps.db, P()),
    patientAccountId: P(),
    type: 'bw',
    values: { weight: 70 },
    takenAt: new Date(),
    source: 'gateway',
    deviceId: ids.device,
  });
  // Two readings the gateway held for review (outside physiological limits): one to accept, one to reject.
  for (const key of ['heldToAccept', 'heldToReject'] as const) {
    ids[key] = randomUUID();
    await insertHeldReadings(t.edge.deps.db, [
      {
        id: ids[key],
        organisationId: await organisationOf(t.edge.deps.db, P()),
        patientAccountId: P(),
        deviceId: ids.device,
        gatewayId: ids.gateway,
        type: 'bp',
        values: { systolic: 400, diastolic: 90 },
        takenAt: new Date(),
        outOfLimits: ['systolic'],
      },
    ]);
  }
  const booked = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: await organisationOf(t.edge.deps.db, P()),
    patientAccountId: P(),
    providerAccountId: cast.id.physician,
    startsAt: new Date(at(workingDay(4), '09:00')),
    status: 'confirmed',
    type: 'tv',
  });
  ids.appointment = booked.appointmentId;
  ids.visit = booked.visitId;
  const thread = await t.call('POST', '/api/v1/mail/threads', {
    token: cast.token.physician,
    body: { patientAccountId: P(), subject: 'Your readings', body: 'Please take your blood pressure twice today.' },
  });
  expect(thread.status).toBe(201);
  ids.thread = thread.body.data.id;
  // A gateway waiting to be added by its MAC (the agent registered it).
  expect((await requestToken(t, ids.mac, ids.pairingCode)).status).toBe(200);
  ids.alert = alerts.body.data.find((a: { measurementId: string }) => a.measurementId === ids.measurement).id;

  const made = (res: { status: number; body: { data?: { id?: string } } }, what: string): string => {
    if (res.status >= 300 || !res.body.data?.id) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id;
  };
  ids.photo = made(await t.call('POST', '/api/v1/files', { token: cast.token.patient, body: { contentType: 'image/png', data: PNG } }), 'photo');
  // A photo is read by the care team once a camera reading carries it.
  made(
    await t.call('POST', '/api/v1/measurements', { token: cast.token.patient, body: { id: randomUUID(), type: 'camera', fileId: ids.photo, note: 'Rash' } }),
    'camera reading',
  );
  ids.attachment = made((await uploadAttachment(cast.token.physician)) as { status: number; body: { data?: { id?: string } } }, 'attachment');
  made(
    await t.call('POST', '/api/v1/mail/threads', {
      token: cast.token.physician,
      body: { patientAccountId: P(), subject: 'Photo', body: 'Is this it?', fileIds: [ids.attachment] },
    }),
    'thread with attachment',
  );
  ids.schedule = made(
    await t.call('POST', '/api/v1/schedules', {
      token: cast.token.physician,
      body: { patientId: P(), type: 'bp', startDate: today(), frequency: 'daily', times: ['09:00'] },
    }),
    'schedule',
  );
  ids.careTime = made(
    await t.call('POST', `/api/v1/patients/${P()}/care-time`, {
      token: cast.token.nurse,
      body: { startedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), minutes: 15, reason: 'Call about the readings' },
    }),
    'care time',
  );
  ids.launchableApp = made(
    await t.call('POST', '/api/v1/smart-clients/apps', {
      token: cast.token.admin,
      body: { name: 'Chart app', redirectUris: ['https://chart.example.org/cb'], launchUrl: 'https://chart.example.org/launch', scopes: ['patient/*.read'] },
    }),
    'launchable app',
  );
  ids.task = made(await t.call('POST', '/api/v1/tasks', { token: cast.token.physician, body: { patientId: P(), type: 'bp', date: today(), time: '23:00' } }), 'task');
  const organisationId = await organisationOf(t.edge.deps.db, P());
  const appointment = (startsAt: Date, extra: { status?: 'scheduled' | 'confirmed'; type?: 'pv' | 'tv' } = {}) =>
    insertAppointmentWithVisit(t.edge.deps.db, { organisationId, patientAccountId: P(), providerAccountId: cast.id.physician, startsAt, status: extra.status, type: extra.type ?? 'pv' });
  ids.toConfirm = (await appointment(new Date(at(workingDay(5), '09:00')), { status: 'scheduled' })).appointmentId;
  ids.toCancel = (await appointment(new Date(at(workingDay(5), '11:00')), { status: 'scheduled' })).appointmentId;
  ids.pastVisit = (await appointment(new Date(Date.now() - 90 * 60_000), { status: 'confirmed' })).visitId;
  ids.visitNow = (await appointment(new Date(Date.now() - 5 * 60_000), { status: 'confirmed', type: 'tv' })).visitId;
  ids.code = (await t.edge.deps.db.select({ code: visits.code }).from(visits).where(eq(visits.id, ids.visit)))[0]!.code;
}, 240_000);
afterAll(() => t?.close());

describe('audit of patient data', () => {
  it('has a sample for every patient-record route of the catalogue', async () => {
    const catalogue = (await restRoutes(t.edge.deps)).filter((r) => isPatientRecordRoute(r.url));
    const sampled = new Set(SAMPLES.map((s) => key(s.method, `/api/v1${s.url}`)));
    const missing = catalogue.map((r) => key(r.method, r.url)).filter((k) => !sampled.has(k));
    console.log(`audit: ${catalogue.length} patient-record routes in the catalogue, ${missing.length} without a sample`);
    expect(missing).toEqual([]);
  });

  it('logs every allowed read and write, naming the action and the patient, and every refused one, by actor and outcome', async () => {
    const misses: string[] = [];
    const unnamed: string[] = [];
    let found = 0;
    let calls = 0;
    let refusalsNamingPatient = 0;
    for (const sample of SAMPLES) {
      // Refused first: a delete allowed first would leave nothing to refuse.
      const callers = [...(sample.refused ? [[sample.refused, 'denied'] as const] : []), [sample.allowed, 'allowed'] as const];
      for (const [who, outcome] of callers) {
        calls += 1;
        const before = await lastAuditId();
        const res = sample.send
          ? await sample.send(cast.token[who])
          : await t.call(sample.method, `/api/v1${sample.path()}`, { token: cast.token[who], body: sample.body?.() });
        const label = `${sample.method} ${sample.url} as ${who}`;
        if (outcome === 'allowed') expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        else expect([403, 404], `${label}: ${res.status}`).toContain(res.status);
        const entries = await entriesSince(before, cast.id[who], outcome);
        if (entries.length === 0) {
          misses.push(`${label} (${outcome})`);
          continue;
        }
        found += 1;
        // The entry names the patient: the patient's account itself, or one of the patient's records
        // (read from the database after the call, so a record the call made counts).
        const direct = entries.filter((e) => e.action && e.resourceId === P());
        const patientRecords = direct.length ? new Set<string>() : await idsOwnedBy(t.edge.deps.db, { patients: [P()], organisations: [] });
        const naming = direct.length ? direct : entries.filter((e) => e.action && e.resourceId && patientRecords.has(e.resourceId));
        if (outcome === 'allowed' && naming.length === 0)
          unnamed.push(`${label}: ${entries.map((e) => `${e.action} ${e.resourceType}:${e.resourceId ?? 'null'}`).join(', ')}`);
        if (outcome === 'denied' && naming.length > 0) refusalsNamingPatient += 1;
      }
    }
    console.log(
      `audit: ${SAMPLES.length} routes checked, ${calls} calls, ${found} audited, missing ${misses.length}${misses.length ? `: ${misses.join('; ')}` : ''}; ` +
        `allowed entries not naming the patient ${unnamed.length}${unnamed.length ? `: ${unnamed.join('; ')}` : ''}; refusals naming the patient or record ${refusalsNamingPatient}`,
    );
    expect({ misses, unnamed }).toEqual({ misses: [], unnamed: [] });
  }, 300_000);
});

describe('refusals', () => {
  /** The refused entries of one person since `before`. */
  const refusedSince = async (before: number, who: Person) => (await entriesSince(before, cast.id[who], 'denied')).length;

  it('logs each refusal once, whether a role check or the service refused it, over REST, tRPC and sockets', async () => {
    const cases: Array<[string, Person, () => Promise<number>]> = [
      // A role check: no service logs these itself.
      ['REST GET /users as a patient', 'patient', async () => (await t.call('GET', '/api/v1/users', { token: cast.token.patient })).status],
      [
        'tRPC users.list as a patient',
        'patient',
        async () => (await t.call('GET', `/trpc/users.list?input=${encodeURIComponent('{}')}`, { token: cast.token.patient })).status,
      ],
      // Refused by the patient-record check, which logs it with the record: not twice.
      ['REST GET /patients/:id as another patient', 'patient2', async () => (await t.call('GET', `/api/v1/patients/${P()}`, { token: cast.token.patient2 })).status],
    ];
    for (const [label, who, request] of cases) {
      const before = await lastAuditId();
      expect(await request(), label).toBe(403);
      expect(await refusedSince(before, who), label).toBe(1);
    }

    const clients = socketClients();
    try {
      const socket = await connected(clients.open(t.url, { token: cast.token.patient2 }));
      let before = await lastAuditId();
      const watched = await socket.timeout(10_000).emitWithAck('patient:watch', { patientId: P() });
      expect(watched).toMatchObject({ error: 'err_forbidden' });
      expect(await refusedSince(before, 'patient2'), 'socket patient:watch').toBe(1);
      before = await lastAuditId();
      const signal = await socket.timeout(10_000).emitWithAck('visit:signal', { visitId: ids.visit, toDeviceId: 'device-b', signal: { type: 'offer', sdp: 'v=0' } });
      expect(signal).toMatchObject({ error: 'err_forbidden' });
      expect(await refusedSince(before, 'patient2'), 'socket visit:signal into a visit not entered').toBe(1);
    } finally {
      clients.closeAll();
    }
  });
});

describe('another organisation’s records (issue 15, door 8)', () => {
  it('answer 404 as an unknown id would, and the refusal is audited', async () => {
    const probes: Array<[Person, string]> = [
      ['outsider', `/patients/${P()}`],
      ['outsider', `/measurements/${ids.measurement}`],
      ['outsider', `/mail/threads/${ids.thread}`],
      ['outsider', `/appointments/${ids.appointment}`],
      ['outsider', `/visits/${ids.visit}`],
      ['outsider', `/accounts/${P()}`],
      ['outsider', `/fhir/R4/Patient/${P()}`],
      ['outsiderPatient', `/mail/threads/${ids.thread}`],
      ['outsiderPatient', `/appointments/${ids.appointment}`],
    ];
    for (const [who, path] of probes) {
      const before = await lastAuditId();
      const res = await t.call('GET', `/api/v1${path}`, { token: cast.token[who] });
      expect(res.status, `${who} ${path}`).toBe(404);
      // The same answer as an id that does not exist: nothing tells the two apart.
      expect(res.body.key ?? res.body.issue?.[0]?.code, `${who} ${path}`).toBe(path.startsWith('/fhir') ? 'not-found' : 'notFound');
      expect((await entriesSince(before, cast.id[who], 'denied')).length, `${who} ${path} audited`).toBeGreaterThan(0);
    }
    // Writes too: another organisation's appointment cannot be confirmed, moved or cancelled.
    for (const [method, path, body] of [
      ['PATCH', `/appointments/${ids.appointment}/confirm`, undefined],
      ['PATCH', `/appointments/${ids.appointment}/cancel`, { reason: 'other', note: 'x' }],
      ['POST', `/mail/threads/${ids.thread}/messages`, { body: 'Hello' }],
    ] as const) {
      expect((await t.call(method, `/api/v1${path}`, { token: cast.token.outsider, body })).status, path).toBe(404);
    }
  });
});

describe('organisation-wide lists (issue 15, door 9)', () => {
  /** The patients the audit log says `who` was shown since `before`, by the list's action. */
  const listedSince = async (before: number, who: Person, action: string) =>
    (
      await t.edge.deps.db
        .select({ id: auditLog.resourceId })
        .from(auditLog)
        .where(and(gt(auditLog.id, before), eq(auditLog.actorAccountId, cast.id[who]), eq(auditLog.action, `${action}.item`), eq(auditLog.resourceType, 'patient')))
    )
      .map((r) => r.id)
      .sort();
  const unique = (list: string[]) => [...new Set(list)].sort();

  it('name in the audit log every patient whose data they returned', async () => {
    // A visit that began and was not completed: the incomplete-visits list shows it with its notes.
    await insertAppointmentWithVisit(t.edge.deps.db, {
      organisationId: await organisationOf(t.edge.deps.db, P()),
      patientAccountId: cast.id.patient2,
      providerAccountId: cast.id.nurse,
      startsAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
      status: 'confirmed',
      type: 'pv',
    });
    const lists: Array<[Person, string, string, (data: Record<string, unknown>[]) => string[]]> = [
      ['nurse', '/alerts?status=all', 'alerts.list', (d) => d.map((a) => a.patientId as string)],
      ['nurse', '/visits/incomplete', 'visit.listIncomplete', (d) => d.map((v) => (v.appointment as { patient: { id: string } }).patient.id)],
      ['physician', '/appointments?pageSize=100', 'appointment.list', (d) => d.map((a) => (a.patient as { id: string }).id)],
      ['assistant', '/patients?pageSize=100', 'patients.list', (d) => d.map((p) => p.accountId as string)],
    ];
    for (const [who, path, action, patientsOf] of lists) {
      const before = await lastAuditId();
      const res = await t.call('GET', `/api/v1${path}`, { token: cast.token[who] });
      expect(res.status, path).toBe(200);
      const shown = unique(patientsOf(res.body.data));
      expect(shown.length, `${path} shows someone`).toBeGreaterThan(0);
      expect(await listedSince(before, who, action), path).toEqual(shown);
    }
  });
});

describe('answers that carry patient data (issue 15, door 9)', () => {
  it('are never kept by a cache: REST, FHIR, tRPC and their errors say no-store', async () => {
    const answers = [
      await t.call('GET', `/api/v1/patients/${P()}`, { token: cast.token.physician }),
      await t.call('GET', `/api/v1/fhir/R4/Patient/${P()}`, { token: cast.token.physician }),
      await t.call('GET', `/trpc/patients.get?input=${encodeURIComponent(JSON.stringify({ id: P() }))}`, { token: cast.token.physician }),
      await t.call('GET', `/api/v1/patients/${P()}`, { token: cast.token.outsider }),
      await t.call('GET', '/api/v1/no-such-route'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 404]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the audit log is append-only', () => {
  it.each([
    ['UPDATE', sql`update audit_log set action = 'tampered'`],
    ['DELETE', sql`delete from audit_log`],
    ['TRUNCATE', sql`truncate audit_log`],
  ])('refuses %s in the database itself', async (_statement, statement) => {
    const before = await t.edge.deps.db.select({ n: count(), last: max(auditLog.id) }).from(auditLog);
    expect(before[0]!.n).toBeGreaterThan(0);
    const refusal = await t.edge.deps.db.execute(statement).then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
    );
    expect(refusal).toMatch(/audit_log is append-only/);
    const after = await t.edge.deps.db.select({ n: count(), last: max(auditLog.id) }).from(auditLog);
    expect(after).toEqual(before);
    const tampered = await t.edge.deps.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'tampered'));
    expect(tampered[0]!.n).toBe(0);
  });
});
