import { randomUUID } from 'node:crypto';
import { ROLES } from '@opencare/schemas/roles';
import { alertReadings, alerts, auditLog, heldReadings, measurements } from '@opencare/api/db/schema';
import {
  fhirObservationSchema,
  fhirProvenanceSchema,
  fhirSearchBundleSchema,
} from '@opencare/api/fhir/fhir-r4';
import { insertOrganisation } from '@opencare/api/organisations/organisations.repository';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../testing/fixtures';
import { officialSchemaErrors } from '../testing/official-fhir-schema';
import {
  agentClients,
  agentOutcome,
  pairGateway,
  uploadOutcomes,
  type AgentSocket,
} from '../testing/gateway-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Issue 21 part 5: a gateway reading outside physiological limits (a cuff decoding a systolic of
 * 400) is neither refused and lost nor stored as a normal reading. The edge holds it: no alert, no
 * entry among the readings, a preliminary Observation in FHIR; a physician or nurse of the patient
 * accepts it (a normal reading, alerting as usual) or rejects it (entered-in-error, audited). Counted
 * in the database, not taken from the answers.
 */

let t: TestEdge;
const agents = agentClients();
let patient: { token: string; accountId: string };
let physician: { token: string; accountId: string };
let nurse: string;
let agent: AgentSocket;
let cuffId: string;

const bp = (values: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  deviceId: cuffId,
  reading: { id: randomUUID(), type: 'bp', values, takenAt: new Date(Date.now() - 60_000).toISOString() },
  ...extra,
});
const upload = async (readings: Json[]) => (await uploadOutcomes(agent, readings)) as Json[];
const db = () => t.edge.deps.db;
const countOf = async (table: typeof measurements | typeof heldReadings, id: string) =>
  (await db().select({ n: count() }).from(table).where(eq(table.id, id)))[0]!.n;
const heldRow = async (id: string) =>
  (await db().select().from(heldReadings).where(eq(heldReadings.id, id)))[0];
const alertsOf = async (measurementId: string) =>
  (
    await db()
      .select({ n: count() })
      .from(alertReadings)
      .where(eq(alertReadings.measurementId, measurementId))
  )[0]!.n;
const fhir = (path: string, token: string) => t.call('GET', `/fhir/R4/${path}`, { token });
const review = (
  action: 'accept' | 'reject',
  token: string,
  readingId: string,
  patientId = patient.accountId,
  comment?: string,
) =>
  t.call('POST', `/api/v1/patients/${patientId}/held-readings/${action}`, {
    token,
    body: { readingId, ...(comment ? { comment } : {}) },
  });

beforeAll(async () => {
  t = await startTestEdge();
  const signIn = async (name: string) => {
    const { token } = await t.login(name);
    return {
      token,
      accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId as string,
    };
  };
  patient = await signIn('patient');
  physician = await signIn('physician');
  nurse = (await t.login('nurse')).token;
  const gateway = await pairGateway(t, patient, 'Hall');
  agent = agents.open(t.url, { token: gateway.token });
  await agentOutcome(agent);
  const profile = (await t.call('GET', '/api/v1/devices/profiles', { token: patient.token })).body.data.find(
    (p: Json) => p.measurement === 'bp',
  );
  const cuff = await t.call('POST', '/api/v1/devices', {
    token: patient.token,
    body: {
      gatewayId: gateway.gatewayId,
      address: 'C4:7C:8D:6A:12:99',
      name: 'Arm cuff',
      profileId: profile.profileId,
    },
  });
  cuffId = cuff.body.data.id;
});
afterAll(async () => {
  agents.closeAll();
  await t.close();
});

describe('a gateway reading outside physiological limits', () => {
  it('is held, not stored as a reading, not alerting, and a retry holds it once', async () => {
    const normal = bp({ systolic: 124, diastolic: 79, pulse: 66 });
    const wild = bp(
      { systolic: 400, diastolic: 90, pulse: 70 },
      { device: { flags: ['out-of-limits', 'bp-irregular-pulse'] } },
    );
    const crossed = bp({ systolic: 120, diastolic: 130 });
    const malformed = {
      deviceId: cuffId,
      reading: { id: randomUUID(), type: 'bp', values: { diastolic: 80 } },
    };
    const outcomes = await upload([normal, wild, crossed, malformed]);
    expect(outcomes.map((o) => o.status)).toEqual(['stored', 'held', 'held', 'rejected']);
    expect(outcomes[1]).toEqual({ id: wild.reading.id, status: 'held', fields: ['systolic'] });
    expect(outcomes[2]).toMatchObject({ fields: ['diastolic'] });

    expect(await countOf(measurements, normal.reading.id)).toBe(1);
    expect(await countOf(measurements, wild.reading.id)).toBe(0);
    expect(await countOf(heldReadings, wild.reading.id)).toBe(1);
    expect(await countOf(heldReadings, malformed.reading.id)).toBe(0);
    expect(await alertsOf(wild.reading.id)).toBe(0);
    expect(await heldRow(wild.reading.id)).toMatchObject({
      status: 'held',
      outOfLimits: ['systolic'],
      deviceFlags: ['out-of-limits', 'bp-irregular-pulse'],
    });

    // The patient's readings (chart, list) do not show it.
    const listed = await t.call('GET', `/api/v1/measurements?patient=${patient.accountId}&pageSize=100`, {
      token: physician.token,
    });
    expect(listed.body.data.map((m: Json) => m.id)).not.toContain(wild.reading.id);

    // The agent's retry: answered held again, still one row.
    const again = await upload([wild]);
    expect(again).toEqual([{ id: wild.reading.id, status: 'held', fields: ['systolic'] }]);
    expect(await countOf(heldReadings, wild.reading.id)).toBe(1);
    // The same id with other values is refused.
    const reused = await upload([
      { ...wild, reading: { ...wild.reading, values: { systolic: 410, diastolic: 90 } } },
    ]);
    expect(reused[0]).toMatchObject({ status: 'rejected', key: 'idempotencyKeyReused' });
    // Even with plausible values: the id is taken by the held reading, no measurement is made of it.
    const plausible = await upload([{ ...wild, reading: { ...wild.reading, values: { systolic: 120, diastolic: 80 } } }]);
    expect(plausible[0]).toMatchObject({ status: 'rejected', key: 'idempotencyKeyReused' });
    expect(await countOf(measurements, wild.reading.id)).toBe(0);
  });

  it('is listed for the patient’s physicians and nurses, and for no one else', async () => {
    const wild = bp({ systolic: 20, diastolic: 10 });
    await upload([wild]);
    const list = await t.call('GET', `/api/v1/patients/${patient.accountId}/held-readings`, { token: nurse });
    expect(list.status).toBe(200);
    const item = list.body.data.find((h: Json) => h.id === wild.reading.id);
    expect(item).toMatchObject({
      type: 'bp',
      values: { systolic: 20, diastolic: 10 },
      units: { systolic: 'mm[Hg]' },
      outOfLimits: ['systolic', 'diastolic'],
      status: 'held',
      device: { id: cuffId, name: 'Arm cuff' },
    });

    expect(
      (await t.call('GET', `/api/v1/patients/${patient.accountId}/held-readings`, { token: patient.token }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.call('GET', `/api/v1/patients/${patient.accountId}/held-readings`, {
          token: (await t.login('patient2')).token,
        })
      ).status,
    ).toBe(403);
    const elsewhere = await insertOrganisation(db(), `Elsewhere ${randomUUID().slice(0, 6)}`);
    const stranger = await createPerson(db(), ROLES.Physician, 'prov', elsewhere);
    expect(
      (
        await t.call('GET', `/api/v1/patients/${patient.accountId}/held-readings`, {
          token: (await t.login(stranger.username)).token,
        })
      ).status,
    ).toBe(404);
    expect((await review('reject', (await t.login(stranger.username)).token, wild.reading.id)).status).toBe(
      404,
    );
    expect((await heldRow(wild.reading.id))?.status).toBe('held');
  });

  it('is a preliminary Observation in FHIR, coded as outside physiological limits', async () => {
    const wild = bp({ systolic: 350, diastolic: 95 });
    await upload([wild]);
    const observation = fhirObservationSchema.parse(
      (await fhir(`Observation/${wild.reading.id}`, physician.token)).body,
    );
    expect(observation.status).toBe('preliminary');
    expect(observation.interpretation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          coding: [
            expect.objectContaining({
              system: 'urn:opencare:fhir:device-reading-flag',
              code: 'out-of-limits',
            }),
          ],
        }),
      ]),
    );
    expect(observation.note?.[0]?.text).toMatch(/outside physiological limits \(systolic\)/i);
    // Valid by HL7's official R4 JSON schema, as every resource the server gives.
    expect(officialSchemaErrors(observation)).toEqual([]);
    const bundle = fhirSearchBundleSchema.parse(
      (await fhir(`Observation?patient=${patient.accountId}&_count=100`, physician.token)).body,
    );
    expect(bundle.entry!.find((e) => e.resource.id === wild.reading.id)?.resource).toMatchObject({
      status: 'preliminary',
    });
    // And in the patient's $everything, once, beside the stored readings.
    const everything = fhirSearchBundleSchema.parse(
      (await fhir(`Patient/${patient.accountId}/$everything`, physician.token)).body,
    );
    const held = everything.entry!.filter((e) => e.resource.id === wild.reading.id);
    expect(held.map((e) => e.resource)).toEqual([expect.objectContaining({ resourceType: 'Observation', status: 'preliminary' })]);
  });

  it('is in the organisation’s bulk export, preliminary', async () => {
    const wild = bp({ systolic: 360, diastolic: 92 });
    await upload([wild]);
    const admin = { authorization: `Bearer ${(await t.login('admin')).token}`, accept: 'application/fhir+json' };
    const kickOff = await fetch(`${t.url}/fhir/R4/Patient/$export?_type=Observation`, { headers: { ...admin, prefer: 'respond-async' } });
    expect(kickOff.status).toBe(202);
    let manifest: Json;
    for (let tries = 0; ; tries += 1) {
      // The status and file addresses are under the public address; this edge listens on its own port.
      const res = await fetch(kickOff.headers.get('content-location')!.replace(/^https?:\/\/[^/]+/, t.url), { headers: admin });
      if (res.status === 200) {
        manifest = await res.json();
        break;
      }
      expect(tries).toBeLessThan(150);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const file = await fetch(manifest.output[0].url.replace(/^https?:\/\/[^/]+/, t.url), { headers: { ...admin, accept: 'application/fhir+ndjson' } });
    const lines = (await file.text()).trimEnd().split('\n').map((line): Json => JSON.parse(line));
    expect(lines.filter((o) => o.id === wild.reading.id).map((o) => o.status)).toEqual(['preliminary']);
  });

  it('accepted by a physician, becomes a normal reading that alerts; a second review is refused', async () => {
    const wild = bp({ systolic: 400, diastolic: 90 });
    await upload([wild]);
    const accepted = await review(
      'accept',
      physician.token,
      wild.reading.id,
      patient.accountId,
      'Confirmed by phone',
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'accepted',
      reviewedBy: { id: physician.accountId },
      reviewComment: 'Confirmed by phone',
    });

    expect(await countOf(measurements, wild.reading.id)).toBe(1);
    const [stored] = await db().select().from(measurements).where(eq(measurements.id, wild.reading.id));
    expect(stored).toMatchObject({
      source: 'gateway',
      deviceId: cuffId,
      values: { systolic: 400, diastolic: 90 },
      rangeClass: 'highest',
    });
    expect(await alertsOf(wild.reading.id)).toBe(1);
    expect((await heldRow(wild.reading.id))?.status).toBe('accepted');
    const observation = (await fhir(`Observation/${wild.reading.id}`, physician.token)).body;
    expect(observation.status).toBe('final');

    const twice = await review('reject', nurse, wild.reading.id);
    expect(twice.status).toBe(409);
    expect(twice.body.key).toBe('heldReadingReviewed');
    expect(await countOf(measurements, wild.reading.id)).toBe(1);
    // A retry of the upload now is a duplicate of the stored reading.
    expect(await upload([wild])).toEqual([{ id: wild.reading.id, status: 'duplicate' }]);
  });

  it('rejected by a nurse, stays out of the record as entered-in-error, audited', async () => {
    const wild = bp({ systolic: 500, diastolic: 90 });
    await upload([wild]);
    const rejected = await review('reject', nurse, wild.reading.id, patient.accountId, 'Cuff slipped');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe('rejected');
    expect(await countOf(measurements, wild.reading.id)).toBe(0);
    expect(await alertsOf(wild.reading.id)).toBe(0);
    expect(await heldRow(wild.reading.id)).toMatchObject({
      status: 'rejected',
      reviewComment: 'Cuff slipped',
    });
    const audited = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'heldReadings.reject'),
          eq(auditLog.resourceId, patient.accountId),
          eq(auditLog.outcome, 'allowed'),
        ),
      );
    expect(audited[0]!.n).toBeGreaterThanOrEqual(1);
    const list = await t.call('GET', `/api/v1/patients/${patient.accountId}/held-readings`, { token: nurse });
    expect(list.body.data.map((h: Json) => h.id)).not.toContain(wild.reading.id);
    expect((await fhir(`Observation/${wild.reading.id}`, physician.token)).body.status).toBe(
      'entered-in-error',
    );
    expect(
      (await db().select({ n: count() }).from(alerts).where(eq(alerts.measurementId, wild.reading.id)))[0]!.n,
    ).toBe(0);
  });
});

describe('a reading whose device clock was off', () => {
  it('keeps the device’s own time stamp and its coded flags, shown in FHIR', async () => {
    const deviceTime = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    const reading = bp(
      { systolic: 122, diastolic: 80 },
      { device: { takenAt: deviceTime, flags: ['clock-corrected', 'bp-body-movement'] } },
    );
    expect((await upload([reading]))[0]).toEqual({ id: reading.reading.id, status: 'stored' });
    const [row] = await db().select().from(measurements).where(eq(measurements.id, reading.reading.id));
    expect(row?.deviceTakenAt?.toISOString()).toBe(deviceTime);
    expect(row?.deviceFlags).toEqual(['clock-corrected', 'bp-body-movement']);

    const observation = fhirObservationSchema.parse(
      (await fhir(`Observation/${reading.reading.id}`, physician.token)).body,
    );
    expect(Date.parse(observation.effectiveDateTime!)).toBe(Date.parse(reading.reading.takenAt));
    expect(observation.extension).toEqual([
      { url: 'urn:opencare:fhir:StructureDefinition:device-reported-time', valueDateTime: deviceTime },
    ]);
    expect(observation.interpretation?.flatMap((i) => i.coding?.map((c) => c.code) ?? [])).toEqual(
      expect.arrayContaining(['clock-corrected', 'bp-body-movement']),
    );
    const provenance = fhirProvenanceSchema.parse(
      (await fhir(`Provenance/${reading.reading.id}`, physician.token)).body,
    );
    expect(Date.parse(provenance.occurredDateTime!)).toBe(Date.parse(reading.reading.takenAt));
    expect(provenance.extension?.[0]?.valueDateTime).toBe(deviceTime);
    expect(officialSchemaErrors(observation)).toEqual([]);
    expect(officialSchemaErrors(provenance)).toEqual([]);
  });
});
