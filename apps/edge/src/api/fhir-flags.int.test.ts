import { alerts, auditLog } from '@opencare/api/db/schema';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Alerts through FHIR (issue 21): each alert is a Flag, active until resolved, with its priority
 * and the reading behind it, for the patient's physicians and the organisation's integrations; a
 * patient, nurse without export rights or another organisation gets none.
 */

let t: TestEdge;
const tokens: Record<string, string> = {};
let patientId: string;
let apiKey: string;
let alertId: string;
let readingId: string;

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of ['admin', 'physician', 'nurse', 'patient', 'patient2', 'caregiver']) tokens[role] = (await t.login(role)).token;
  tokens.outsider = (await t.login((await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov')).username)).token;
  patientId = (await t.call('GET', '/api/v1/profile', { token: tokens.patient })).body.data.accountId;
  apiKey = (await t.call('POST', '/api/v1/api-keys', { token: tokens.admin, body: { name: 'EHR' } })).body.data.key;
  const reading = await t.call('POST', '/api/v1/measurements', { token: tokens.patient, body: { type: 'bt', values: { temperature: 40.1 } } });
  expect(reading.status).toBe(201);
  readingId = reading.body.data.id;
  const [alert] = await t.edge.deps.db.select().from(alerts).where(and(eq(alerts.patientAccountId, patientId), eq(alerts.measurementId, readingId)));
  alertId = alert!.id;
});
afterAll(() => t.close());

const fhir = (path: string, who: string | { apiKey: string }) =>
  t.call('GET', `/fhir/R4${path}`, typeof who === 'string' ? { token: tokens[who] } : { headers: { 'x-api-key': who.apiKey } });

describe('FHIR Flag', () => {
  it('gives an open alert as an active Flag with its priority and reading, and a resolved one as inactive', async () => {
    const flag = (await fhir(`/Flag/${alertId}`, 'physician')).body;
    expect(flag).toEqual({
      resourceType: 'Flag',
      id: alertId,
      extension: [
        { url: 'http://hl7.org/fhir/StructureDefinition/flag-priority', valueCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/flag-priority-code', code: 'PH', display: 'High priority' }] } },
        { url: 'http://hl7.org/fhir/StructureDefinition/flag-detail', valueReference: { reference: `Observation/${readingId}` } },
      ],
      status: 'active',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/flag-category', code: 'clinical', display: 'Clinical' }] }],
      code: { text: 'Body temperature very high' },
      subject: { reference: `Patient/${patientId}` },
      period: { start: expect.any(String) },
    });
    const active = (await fhir(`/Flag?patient=${patientId}&status=active`, 'physician')).body;
    expect(active.entry.map((e: Json) => e.resource.id)).toContain(alertId);

    expect((await t.call('PATCH', `/api/v1/alerts/${alertId}/resolve`, { token: tokens.physician, body: { comment: 'Fever treated' } })).status).toBe(200);
    const resolved = (await fhir(`/Flag/${alertId}`, 'physician')).body;
    expect(resolved.status).toBe('inactive');
    expect(Date.parse(resolved.period.end)).toBeGreaterThanOrEqual(Date.parse(resolved.period.start));
    expect((await fhir(`/Flag?patient=${patientId}&status=active`, 'physician')).body.entry?.map((e: Json) => e.resource.id) ?? []).not.toContain(alertId);
    expect((await fhir(`/Flag?patient=${patientId}&status=inactive`, 'physician')).body.entry.map((e: Json) => e.resource.id)).toContain(alertId);
  });

  it("are the physician's and the integrations', in $everything too, and nobody else's", async () => {
    expect((await fhir(`/Flag?patient=${patientId}`, { apiKey })).status).toBe(200);
    const flagsIn = async (who: string) => ((await fhir(`/Patient/${patientId}/$everything`, who)).body.entry as Json[]).filter((e) => e.resource.resourceType === 'Flag');
    expect((await flagsIn('physician')).map((e) => e.resource.id)).toContain(alertId);
    // The patient reads their own record, but alerts are for their clinicians.
    expect(await flagsIn('patient')).toEqual([]);
    for (const role of ['patient', 'nurse', 'admin', 'caregiver', 'patient2']) {
      const statuses = [(await fhir(`/Flag/${alertId}`, role)).status, (await fhir(`/Flag?patient=${patientId}`, role)).status];
      expect(statuses, role).toEqual([403, 403]);
    }
    expect((await fhir(`/Flag/${alertId}`, 'outsider')).status).toBe(404);
    const refusals = await t.edge.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'fhir.flag.read'), eq(auditLog.outcome, 'denied')));
    expect(refusals.length).toBeGreaterThanOrEqual(5);
  });
});
