import { OPERATION_SETS } from '@opencare/api/operations/all-operations';
import type { AnyOperation, RestBinding } from '@opencare/api/operations/operation';
import { answerObservers } from '@opencare/api/transport/operations/rest-operations';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../testing/route-catalogue';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Issue 16: `GET /api/v1/openapi.json` is an OpenAPI 3.1 document (checked by an independent
 * validator, @seriousme/openapi-schema-validator), it lists every REST route the plugin registers,
 * declared ones with their parameters, body and response schemas; and what converted routes really
 * answer matches the response schema they declare.
 */

let t: TestEdge;
let document: Json;
/** Declared responses that did not match their schema, as `name: issue`. */
const mismatches: string[] = [];
const checked = new Set<string>();
const observe = (op: AnyOperation, binding: RestBinding<unknown, unknown>, data: unknown) => {
  if (!op.output) return;
  checked.add(op.name);
  const items = binding.list ? (data as unknown[]) : [data];
  for (const item of items) {
    const result = op.output.safeParse(item);
    if (!result.success) mismatches.push(`${op.name}: ${result.error.message}`);
  }
};

beforeAll(async () => {
  answerObservers.add(observe);
  t = await startTestEdge();
  const res = await t.call('GET', '/api/v1/openapi.json');
  expect(res.status).toBe(200);
  document = res.body;
});
afterAll(async () => {
  answerObservers.delete(observe);
  await t.close();
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 for an independent validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does refuse a broken document (a path parameter without its declaration).
    const broken = structuredClone(document);
    broken.paths['/api/v1/alerts/{id}/acknowledge'].patch.parameters = 'none';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every registered REST route, and every declared one with its access and schemas', async () => {
    const routes = await restRoutes(t.edge.deps);
    const listed = (method: string, url: string) => document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    expect(routes.filter((r) => !listed(r.method, r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const set of OPERATION_SETS)
      for (const op of Object.values(set.operations) as AnyOperation[])
        for (const binding of op.rest) {
          const entry = listed(binding.method, `/api/v1${binding.path}`);
          expect(entry, `${op.name} ${binding.method} ${binding.path}`).toBeDefined();
          expect(entry['x-declared']).toBeUndefined();
          expect(entry['x-access'].policy).toBe(op.access.policy);
        }
    const alerts = listed('GET', '/api/v1/alerts');
    expect(alerts.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual(['query status', 'query patient', 'query page', 'query pageSize']);
    expect(alerts.responses['200'].content['application/json'].schema.properties.data.items.properties.rangeClass).toBeDefined();
    const acknowledge = listed('PATCH', '/api/v1/alerts/{id}/acknowledge');
    expect(acknowledge.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    // Hand-written transports are still declared: FHIR answers its resources bare, in its own content type.
    const fhirPatient = listed('GET', '/api/v1/fhir/R4/Patient/{id}');
    expect(fhirPatient.responses['200'].content['application/fhir+json'].schema.properties.resourceType).toBeDefined();
    expect(listed('POST', '/api/v1/auth/login').requestBody.content['application/json'].schema.properties.password).toBeDefined();
    // Hand-written transports are declared too: mail attachments are raw bytes both ways.
    const upload = listed('POST', '/api/v1/mail/attachments');
    expect(Object.keys(upload.requestBody.content)).toEqual(['image/png', 'image/jpeg', 'application/pdf']);
    expect(upload.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual(['query patientAccountId', 'query fileName']);
    expect(Object.keys(listed('GET', '/api/v1/mail/attachments/{id}').responses['200'].content)).toEqual(['image/png', 'image/jpeg', 'application/pdf']);
  });
});

describe("the integrators' page", () => {
  it('shows every route of the document, with no script and nothing fetched from elsewhere', async () => {
    const res = await fetch(`${t.url}/api/v1/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    let routes = 0;
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, unknown>>))
      for (const method of Object.keys(methods)) {
        routes += 1;
        expect(html, `${method} ${path}`).toContain(`id="${method}-${path}"`);
      }
    expect(html.match(/<details /g)).toHaveLength(routes);
    expect(html).toContain('Acknowledge an alert, with an optional comment.');
    expect(html).toContain('Authorization: Bearer');
    expect(html).not.toMatch(/<script|src="http|href="http/);
  });
});

describe('declared response schemas', () => {
  it('match what the converted routes answer', async () => {
    const patient = (await t.login('patient')).token;
    const nurse = (await t.login('nurse')).token;
    const reading = await t.call('POST', '/api/v1/measurements', { token: patient, body: { type: 'bp', values: { systolic: 190, diastolic: 120, pulse: 80 } } });
    expect(reading.status).toBe(201);
    const alerts = await t.call('GET', '/api/v1/alerts?pageSize=100', { token: nurse });
    expect(alerts.status).toBe(200);
    const alert = (alerts.body.data as Json[]).find((a) => a.measurementId === reading.body.data.id);
    expect(alert).toBeDefined();
    expect((await t.call('PATCH', `/api/v1/alerts/${alert.id}/acknowledge`, { token: nurse, body: {} })).status).toBe(200);
    const admin = (await t.login('admin')).token;
    const physician = (await t.login('physician')).token;
    const patientId = (await t.call('GET', '/api/v1/profile', { token: patient })).body.data.accountId;
    const today = new Date().toISOString().slice(0, 10);
    const key = await t.call('POST', '/api/v1/api-keys', { token: admin, body: { name: 'OpenAPI check' } });
    expect(key.status).toBe(201);
    expect((await t.call('GET', '/api/v1/api-keys', { token: admin })).status).toBe(200);
    const schedule = await t.call('POST', '/api/v1/schedules', {
      token: physician,
      body: { patientId, type: 'bp', startDate: today, frequency: 'daily', times: ['09:00'] },
    });
    expect(schedule.status).toBe(201);
    expect((await t.call('GET', `/api/v1/schedules?patient=${patientId}`, { token: physician })).status).toBe(200);
    const task = await t.call('POST', '/api/v1/tasks', { token: physician, body: { patientId, type: 'bp', date: today, time: '23:00' } });
    expect(task.status).toBe(201);
    expect((await t.call('GET', `/api/v1/tasks/patients/${patientId}?from=${today}&to=${today}`, { token: physician })).status).toBe(200);
    expect((await t.call('GET', '/api/v1/daily-tasks', { token: patient })).status).toBe(200);
    const month = today.slice(0, 7);
    // Reads of every converted feature: [url, token] ('' for a public route).
    const reads: [string, string][] = [
      ['/api/v1/users/me', patient],
      ['/api/v1/users', admin],
      ['/api/v1/accounts', admin],
      [`/api/v1/accounts/${patientId}/profile`, physician],
      ['/api/v1/auth/sessions', patient],
      ['/api/v1/auth/two-factor', physician],
      ['/api/v1/invitations', admin],
      ['/api/v1/vendors', admin],
      ['/api/v1/device-profiles', admin],
      ['/api/v1/lookups', patient],
      ['/api/v1/lookups/genders', patient],
      ['/api/v1/settings/public', ''],
      ['/api/v1/settings/app', patient],
      ['/api/v1/settings', admin],
      ['/api/v1/telemedicine/config', patient],
      ['/api/v1/reports/summary', admin],
      ['/api/v1/organisations/overview', admin],
      [`/api/v1/billing/rpm?month=${month}`, admin],
      ['/api/v1/system/status', admin],
      ['/api/v1/users/username/someonenew/available', ''],
      // Patients, readings, appointments, visits, mail, gateways and devices: reads of the seeded records.
      ['/api/v1/patients', physician],
      [`/api/v1/patients/${patientId}`, physician],
      [`/api/v1/patients/${patientId}/snapshot`, physician],
      [`/api/v1/patients/${patientId}/series?type=bp`, physician],
      [`/api/v1/patients/${patientId}/timeline`, physician],
      [`/api/v1/patients/${patientId}/thresholds`, physician],
      [`/api/v1/measurements?patient=${patientId}`, physician],
      ['/api/v1/providers', patient],
      ['/api/v1/analytics', nurse],
      ['/api/v1/appointments', patient],
      ['/api/v1/appointments/providers', patient],
      [`/api/v1/appointments/slots?date=${today}`, patient],
      ['/api/v1/visits', physician],
      ['/api/v1/mail/threads', patient],
      ['/api/v1/mail/unread-count', patient],
      ['/api/v1/patients/me/gateways', patient],
      ['/api/v1/patients/me/devices', patient],
      ['/api/v1/devices/profiles', patient],
    ];
    for (const [url, token] of reads) expect((await t.call('GET', url, token ? { token } : {})).status, url).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/email-check', { token: admin, body: { email: 'nobody-yet@example.com' } })).status).toBe(200);
    expect((await t.call('POST', '/api/v1/logs', { body: { message: 'OpenAPI check', environment: {} } })).status).toBe(201);
    expect(mismatches).toEqual([]);
    expect([...checked].sort()).toEqual(
      expect.arrayContaining([
        'alerts.acknowledge',
        'alerts.list',
        'apiKeys.create',
        'apiKeys.list',
        'schedules.create',
        'schedules.list',
        'tasks.create',
        'tasks.daily',
        'tasks.list',
        'profile.get',
        'users.me',
        'users.list',
        'accounts.list',
        'accounts.profile',
        'auth.sessions',
        'auth.twoFactorStatus',
        'invitations.list',
        'vendors.list',
        'deviceProfiles.list',
        'lookups.list',
        'lookups.get',
        'settings.public',
        'settings.app',
        'settings.all',
        'telemedicine.config',
        'reports.summary',
        'reports.rpmBilling',
        'reports.systemStatus',
        'users.usernameAvailable',
        'auth.emailCheck',
        'logs.create',
        'measurements.record',
        'patients.list',
        'patients.get',
        'patients.snapshot',
        'patients.series',
        'patients.timeline',
        'measurements.thresholds',
        'measurements.list',
        'providers.list',
        'analytics.summary',
        'appointments.list',
        'appointments.providers',
        'appointments.slots',
        'visits.list',
        'mail.threads',
        'mail.unreadCount',
        'gateways.mine',
        'devices.mine',
        'devices.profiles',
      ]),
    );
  });
});
