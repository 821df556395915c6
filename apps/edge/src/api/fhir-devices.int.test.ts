import { randomUUID } from 'node:crypto';
import { fhirDeviceSchema, fhirProvenanceSchema, fhirSearchBundleSchema } from '@opencare/api/fhir/fhir-r4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAsk, agentClients, agentOutcome, gatewayInfo, pairGateway, type AgentSocket, type PairedGateway } from '../testing/gateway-fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Device data with its provenance (issue 21 part 5): a reading a home gateway uploads names its
 * meter (Observation.device → Device), and its Provenance says which meter measured it and when,
 * which gateway sent it and when it arrived; a typed reading has none; glucose meal context is
 * coded. Read with the patient's own access rules.
 */

let t: TestEdge;
const agents = agentClients();
let patient: { token: string; accountId: string };
let physician: string;
let gateway: PairedGateway;
let agent: AgentSocket;
let cuff: Json;
const takenAt = new Date(Date.now() - 3_600_000).toISOString();
const reading = { id: randomUUID(), type: 'bp', values: { systolic: 124, diastolic: 79, pulse: 66 }, takenAt };

const fhir = (path: string, token: string) => t.call('GET', `/fhir/R4/${path}`, { token });

beforeAll(async () => {
  t = await startTestEdge();
  const { token } = await t.login('patient');
  patient = { token, accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId };
  physician = (await t.login('physician')).token;
  gateway = await pairGateway(t, patient, 'Hall');
  agent = agents.open(t.url, { token: gateway.token });
  await agentOutcome(agent);
  await agentAsk(agent, 'gateway:hello', { info: gatewayInfo({ model: 'Raspberry Pi 4', serial: 'RPI-0042' }) });
  const profile = (await t.call('GET', '/api/v1/devices/profiles', { token })).body.data.find((p: Json) => p.measurement === 'bp');
  cuff = (await t.call('POST', '/api/v1/devices', { token, body: { gatewayId: gateway.gatewayId, address: 'C4:7C:8D:6A:12:34', name: 'Arm cuff', profileId: profile.profileId } })).body.data;
  const uploaded = await agentAsk(agent, 'readings:upload', { readings: [{ deviceId: cuff.id, reading }] });
  if (!('data' in uploaded) || uploaded.data.outcomes[0]?.status !== 'stored') throw new Error(JSON.stringify(uploaded));
});
afterAll(async () => {
  agents.closeAll();
  await t.close();
});

describe('a gateway reading in FHIR', () => {
  it('names the meter that measured it, and the meter and the gateway are Devices of the patient', async () => {
    const observation = (await fhir(`Observation/${reading.id}`, physician)).body;
    expect(observation.device).toEqual({ reference: `Device/${cuff.id}` });

    const meter = fhirDeviceSchema.parse((await fhir(`Device/${cuff.id}`, physician)).body);
    expect(meter).toMatchObject({
      identifier: [{ system: 'http://hl7.org/fhir/sid/eui-48/bluetooth', value: 'c4-7c-8d-6a-12-34' }],
      deviceName: expect.arrayContaining([{ name: 'Arm cuff', type: 'user-friendly-name' }]),
      patient: { reference: `Patient/${patient.accountId}` },
    });
    const hub = fhirDeviceSchema.parse((await fhir(`Device/${gateway.gatewayId}`, physician)).body);
    expect(hub).toMatchObject({ serialNumber: 'RPI-0042', deviceName: expect.arrayContaining([{ name: 'Raspberry Pi 4', type: 'model-name' }]) });

    const devices = fhirSearchBundleSchema.parse((await fhir(`Device?patient=${patient.accountId}`, physician)).body);
    expect(devices.entry!.map((e) => e.resource.id)).toEqual(expect.arrayContaining([cuff.id, gateway.gatewayId]));
  });

  it('has a Provenance: the meter’s time, the gateway that sent it and when it arrived', async () => {
    const provenance = fhirProvenanceSchema.parse((await fhir(`Provenance/${reading.id}`, physician)).body);
    expect(provenance.target).toEqual([{ reference: `Observation/${reading.id}` }, { reference: `Observation/${reading.id}-hr` }]);
    expect(Date.parse(provenance.occurredDateTime!)).toBe(Date.parse(takenAt));
    expect(Date.parse(provenance.recorded)).toBeGreaterThan(Date.parse(takenAt));
    expect(provenance.agent.map((agent) => [agent.type?.coding?.[0]?.code, agent.who.reference])).toEqual([
      ['performer', `Device/${cuff.id}`],
      ['assembler', `Device/${gateway.gatewayId}`],
    ]);
    const byTarget = fhirSearchBundleSchema.parse((await fhir(`Provenance?target=Observation/${reading.id}-hr`, physician)).body);
    expect(byTarget.entry!.map((e) => e.resource.id)).toEqual([reading.id]);
    const byPatient = fhirSearchBundleSchema.parse((await fhir(`Provenance?patient=${patient.accountId}`, physician)).body);
    expect(byPatient.entry!.map((e) => e.resource.id)).toContain(reading.id);

    const everything = fhirSearchBundleSchema.parse((await fhir(`Patient/${patient.accountId}/$everything`, physician)).body);
    const ids = everything.entry!.map((e) => `${e.resource.resourceType}/${e.resource.id}`);
    expect(ids).toEqual(expect.arrayContaining([`Provenance/${reading.id}`, `Device/${cuff.id}`, `Device/${gateway.gatewayId}`]));
  });

  it('gives a typed reading no device and no Provenance, and codes a blood sugar’s meal', async () => {
    const typed = await t.call('POST', '/api/v1/measurements', { token: patient.token, body: { type: 'bs', values: { glucose: 132 }, meal: 'after' } });
    expect(typed.status).toBe(201);
    const observation = (await fhir(`Observation/${typed.body.data.id}`, physician)).body;
    expect(observation.device).toBeUndefined();
    expect(observation.component).toEqual([
      { code: { text: 'Relationship to meal' }, valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '24863003', display: 'Postprandial' }], text: 'Postprandial' } },
    ]);
    expect((await fhir(`Provenance/${typed.body.data.id}`, physician)).status).toBe(404);
  });

  it('keeps devices and provenance to those who may read the patient', async () => {
    const other = (await t.login('patient2')).token;
    expect((await fhir(`Device/${cuff.id}`, other)).status).toBe(403);
    expect((await fhir(`Provenance/${reading.id}`, other)).status).toBe(403);
    expect((await fhir(`Device?patient=${patient.accountId}`, other)).status).toBe(403);
    expect((await fhir(`Device/${cuff.id}`, patient.token)).status).toBe(200);
    expect((await fhir(`Device/${randomUUID()}`, physician)).status).toBe(404);
  });
});
