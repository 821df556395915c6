import { ROLES } from '@opencare/schemas/roles';
import { sql } from 'drizzle-orm';
import { ECG_BATCH_LIMIT, type EcgSamplesPayload } from '@opencare/schemas/gateway-events';
import type { PatientEcgPayload } from '@opencare/schemas/socket-events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { agentAsk, agentClients, agentOutcome, gatewayInfo, pairGateway, type AgentSocket, type PairedGateway } from '../testing/gateway-fixtures';
import { ask, collect, connected, nextEvent, socketClients, type TestSocket } from '../testing/socket-clients';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * A gateway's live ECG (`ecg:samples`) reaches the screens watching its patient (`patient:ecg`) and
 * no one else; a batch that is not a device's ECG is refused; nothing is stored.
 */
type Who = 'patient' | 'patient2' | 'physician' | 'outsiderPhysician';
let t: TestEdge;
const people = {} as Record<Who, { token: string; accountId: string }>;
const agents = agentClients();
const screens = socketClients();
let gateway: PairedGateway;
let agent: AgentSocket;
let strap: string;
let othersStrap: string;

const api = (method: string, path: string, who: Who, body?: unknown) => t.call(method, `/api/v1${path}`, { token: people[who].token, body });
const batch = (deviceId: string, seq = 0, samples = [20, 35, 1180, -260, 15]): EcgSamplesPayload => ({ deviceId, sampleRate: 130, samples, seq });

async function ecgStrapOf(who: Who, gatewayId: string, address: string): Promise<string> {
  const profiles = (await api('GET', '/devices/profiles', who)).body.data as Json[];
  const ecg = profiles.find((p) => p.measurement === 'ecg');
  if (!ecg) throw new Error('no ECG profile in the demo organisation');
  const added = await api('POST', '/devices', who, { gatewayId, address, name: 'Chest strap', profileId: ecg.profileId });
  if (added.status !== 201) throw new Error(`add device failed: ${added.status}`);
  // The device screens name it by the profile's measurement: a live ECG, not a lookup code.
  expect(added.body.data).toMatchObject({ measurement: 'ecg', profileName: 'Polar H10 ECG (Polar Measurement Data)' });
  return added.body.data.id as string;
}

async function watching(who: Who, patientId = people.patient.accountId): Promise<TestSocket> {
  const screen = await connected(screens.open(t.url, { token: people[who].token }));
  const answer = await ask(screen, 'patient:watch', { patientId });
  if (!('data' in answer)) throw new Error(`${who} may not watch: ${answer.error}`);
  return screen;
}

beforeAll(async () => {
  t = await startTestEdge();
  for (const who of ['patient', 'patient2', 'physician'] as const) {
    const { token } = await t.login(who);
    people[who] = { token, accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId as string };
  }
  const outsider = await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov');
  const { token } = await t.login(outsider.username);
  people.outsiderPhysician = { token, accountId: (await t.call('GET', '/api/v1/profile', { token })).body.data.accountId as string };
  gateway = await pairGateway(t, people.patient);
  strap = await ecgStrapOf('patient', gateway.gatewayId, 'A0:9E:1A:00:00:01');
  othersStrap = await ecgStrapOf('patient2', (await pairGateway(t, people.patient2)).gatewayId, 'A0:9E:1A:00:00:02');
  agent = agents.open(t.url, { token: gateway.token });
  await agentOutcome(agent);
  await agentAsk(agent, 'gateway:hello', { info: gatewayInfo() });
});
afterEach(() => screens.closeAll());
afterAll(async () => {
  agents.closeAll();
  await t.close();
});

describe('live ECG from a gateway', () => {
  it("reaches the clinician watching the patient and the patient's own screens, and no one else", async () => {
    const physician = await watching('physician');
    // The patient's own screen hears their strap without watching (their account's room).
    const patient = await connected(screens.open(t.url, { token: people.patient.token }));
    // Another patient watching themself, a clinician of another organisation refused the watch, and
    // the clinician's own screen that watches no-one.
    const otherPatient = await watching('patient2', people.patient2.accountId);
    const outsider = await connected(screens.open(t.url, { token: people.outsiderPhysician.token }));
    expect(await ask(outsider, 'patient:watch', { patientId: people.patient.accountId })).toMatchObject({ error: 'notFound' });
    const idle = await connected(screens.open(t.url, { token: people.physician.token }));
    const strays = [otherPatient, outsider, idle].map((s) => collect(s, 'patient:ecg'));

    const expected: PatientEcgPayload = { patientId: people.patient.accountId, ...batch(strap, 7) };
    const [toPhysician, toPatient, ack] = await Promise.all([
      nextEvent(physician, 'patient:ecg'),
      nextEvent(patient, 'patient:ecg'),
      agentAsk(agent, 'ecg:samples', batch(strap, 7)),
    ]);
    expect(ack).toEqual({ data: { relayed: true } });
    expect(toPhysician).toEqual(expected);
    expect(toPatient).toEqual(expected);
    // One more batch through, so anything that was going to stray has had the time to.
    await Promise.all([nextEvent(physician, 'patient:ecg', (p) => p.seq === 8), agentAsk(agent, 'ecg:samples', batch(strap, 8))]);
    expect(strays).toEqual([[], [], []]);

    // Stopped watching: no more.
    await ask(physician, 'patient:unwatch', { patientId: people.patient.accountId });
    const late = collect(physician, 'patient:ecg');
    await Promise.all([nextEvent(patient, 'patient:ecg', (p) => p.seq === 9), agentAsk(agent, 'ecg:samples', batch(strap, 9))]);
    expect(late).toEqual([]);
  });

  it("refuses another patient's device, an unknown one, and a batch that is no ECG, relaying nothing", async () => {
    const physician = await watching('physician');
    const physicianOfOther = await watching('physician', people.patient2.accountId);
    const heard = [collect(physician, 'patient:ecg'), collect(physicianOfOther, 'patient:ecg')];
    expect(await agentAsk(agent, 'ecg:samples', batch(othersStrap))).toMatchObject({ error: 'notFound' });
    expect(await agentAsk(agent, 'ecg:samples', batch('6f1f7a51-8f3c-4d43-9d55-1b1b6c0a0b0e'))).toMatchObject({ error: 'notFound' });
    for (const bad of [
      { ...batch(strap), samples: [20, 8_388_607] }, // a voltage no skin carries
      { ...batch(strap), samples: [] },
      { ...batch(strap), samples: [1.5] },
      { ...batch(strap), samples: Array.from({ length: 1001 }, () => 0) },
      { ...batch(strap), sampleRate: 0 },
      { ...batch(strap), seq: -1 },
      { ...batch(strap), extra: true },
      { deviceId: strap },
      'not an object',
    ]) {
      const answer = await agentAsk(agent, 'ecg:samples', bad as never);
      expect(answer, JSON.stringify(bad).slice(0, 120)).toMatchObject({ error: 'validationFailed' });
    }
    // The strap's own batch still goes through after all that.
    await Promise.all([nextEvent(physician, 'patient:ecg', (p) => p.seq === 42), agentAsk(agent, 'ecg:samples', batch(strap, 42))]);
    expect(heard[0]).toHaveLength(1);
    expect(heard[1]).toEqual([]);
  });

  it('is live only: a batch writes nothing, and a gateway sending too fast is told so', async () => {
    // Every row of every table but the gateways' own (its presence is written on connect), as text.
    const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows);
    const everything = async () => {
      const tables = rowsOf(
        await t.edge.deps.db.execute(
          sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'gateways'`,
        ),
      ).map((row) => String(row.table_name));
      const texts: string[] = [];
      for (const table of tables.sort()) {
        const rows = rowsOf(await t.edge.deps.db.execute(sql`select x::text as row from ${sql.identifier(table)} x order by 1`));
        texts.push(`${table}: ${rows.map((row) => String(row.row)).join('\n')}`);
      }
      return texts.join('\n');
    };
    // A fresh socket, so its window starts empty.
    const fast = agents.open(t.url, { token: gateway.token });
    await agentOutcome(fast);
    // The earlier tests' screens are closed, but their people's going offline is written a moment
    // later: wait for it, or it lands between the two pictures.
    const online = async () => rowsOf(await t.edge.deps.db.execute(sql`select count(*)::int as n from accounts where is_online`))[0]?.n;
    await expect.poll(online, { timeout: 10_000 }).toBe(0);
    const before = await everything();
    const answers = [];
    for (let i = 0; i < ECG_BATCH_LIMIT.count + 3; i++) answers.push(await agentAsk(fast, 'ecg:samples', batch(strap, i)));
    expect(answers.slice(0, ECG_BATCH_LIMIT.count).every((a) => 'data' in a)).toBe(true);
    expect(answers.slice(ECG_BATCH_LIMIT.count)).toEqual(Array.from({ length: 3 }, () => expect.objectContaining({ error: 'rateLimited' })));
    expect(await everything()).toBe(before);
    fast.disconnect();
  });
});
