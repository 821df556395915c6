import { fhirSearchBundleSchema } from '@opencare/api/fhir/fhir-r4';
import { CapabilityTool, Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * The FHIR base as a standard client finds it (issue 21): fhir-kit-client from npm, unmodified,
 * against a real listening edge, with an integration's API key and with a physician's token.
 */

let t: TestEdge;
let apiKey: string;
let physicianToken: string;
let patientId: string;

beforeAll(async () => {
  t = await startTestEdge();
  // Links are absolute, under the public address (PUBLIC_URL); a test edge learns its port only once listening.
  Object.assign(t.edge.deps.config, { publicUrl: t.url });
  const admin = (await t.login('admin')).token;
  physicianToken = (await t.login('physician')).token;
  apiKey = (await t.call('POST', '/api/v1/api-keys', { token: admin, body: { name: 'EHR' } })).body.data.key;
  patientId = (await t.call('GET', '/api/v1/profile', { token: (await t.login('patient')).token })).body.data.accountId;
});
afterAll(() => t.close());

const clientWith = (headers: Record<string, string>) => new Client({ baseUrl: `${t.url}/fhir/R4`, customHeaders: headers });

describe('a standard FHIR client', () => {
  it('discovers the server from its CapabilityStatement', async () => {
    const statement = await new Client({ baseUrl: `${t.url}/fhir/R4` }).capabilityStatement();
    const capabilities = new CapabilityTool(statement);
    expect(capabilities.resourceCan('Patient', 'read')).toBe(true);
    expect(capabilities.resourceCan('Observation', 'search-type')).toBe(true);
    expect(capabilities.resourceSearch('Observation', 'category')).toBe(true);
    expect(capabilities.resourceCan('Observation', 'create')).toBe(false);
    expect(capabilities.resourceCan('Subscription', 'create')).toBe(true);
  });

  it('finds a patient, searches their vital signs by category and date, and follows the pages', async () => {
    const client = clientWith({ 'x-api-key': apiKey });
    const found = (await client.search({ resourceType: 'Patient', searchParams: { name: 'Morgan' } })) as Json;
    expect(found.entry.map((e: Json) => e.resource.id)).toContain(patientId);

    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    let page = (await client.search({ resourceType: 'Observation', searchParams: { patient: patientId, category: 'vital-signs', date: `ge${since}`, _count: 20 } })) as Json;
    const total = fhirSearchBundleSchema.parse(page).total ?? 0;
    expect(total).toBeGreaterThan(20);
    const seen = new Set<string>();
    for (;;) {
      for (const entry of page.entry ?? []) {
        expect(entry.resource.category[0].coding[0].code).toBe('vital-signs');
        expect(Date.parse(entry.resource.effectiveDateTime)).toBeGreaterThanOrEqual(Date.parse(since));
        seen.add(entry.resource.id);
      }
      const next = client.nextPage({ bundle: page });
      if (!next) break;
      page = await next;
    }
    expect(seen.size).toBe(total);
  });

  it('reads a patient and runs $everything with a physician’s token', async () => {
    const client = clientWith({ authorization: `Bearer ${physicianToken}` });
    const patient = (await client.read({ resourceType: 'Patient', id: patientId })) as Json;
    expect(patient).toMatchObject({ resourceType: 'Patient', id: patientId });
    const everything = (await client.operation({ name: '$everything', resourceType: 'Patient', id: patientId, method: 'GET' })) as Json;
    expect(everything.entry[0].resource.id).toBe(patientId);
    // Refused reads reach the client as errors carrying an OperationOutcome.
    await expect(clientWith({}).read({ resourceType: 'Patient', id: patientId })).rejects.toMatchObject({ response: { status: 401 } });
  });
});
