import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAppointmentWithVisit,
  admitAutomatically,
  organisationOf,
  signInCast,
  type Cast,
  type Person,
} from '../testing/appointment-fixtures';
import { ask, collect, connected, nextEvent, socketClients } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';
import { DRAW_LIMIT } from '../sockets/visit-drawing';

let t: TestEdge;
let cast: Cast;
beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
  await admitAutomatically(t.edge.deps.db, await organisationOf(t.edge.deps.db, cast.id.patient));
});
afterAll(() => t.close());

const clients = socketClients();
afterEach(() => clients.closeAll());
const signedIn = (who: Person) => connected(clients.open(t.url, { token: cast.token[who] }));
const tab = () => `tab-${randomBytes(6).toString('hex')}`;

/** A video visit of the patient with the physician, both devices joined over REST. */
async function joinedVisit(devices: Partial<Record<Person, string>>) {
  const { visitId } = await insertAppointmentWithVisit(t.edge.deps.db, {
    organisationId: await organisationOf(t.edge.deps.db, cast.id.patient),
    patientAccountId: cast.id.patient,
    providerAccountId: cast.id.physician,
    startsAt: new Date(Date.now() + 60_000),
    status: 'confirmed',
    type: 'tv',
  });
  for (const [who, deviceId] of Object.entries(devices) as [Person, string][]) {
    const joined = await t.call('POST', `/api/v1/visits/${visitId}/participants/join`, {
      token: cast.token[who],
      body: { deviceId },
    });
    expect(joined.status).toBe(200);
  }
  return visitId;
}

const stroke = { color: '#fa5252', width: 4, points: [{ x: 0.1, y: 0.2 }, { x: 0.5, y: 0.6 }] };

describe('drawing over a visit stream (visit:draw)', () => {
  it("relays the physician's stroke on the patient's camera to the patient, and clears it", async () => {
    const patientTab = tab();
    const physicianTab = tab();
    const visitId = await joinedVisit({ patient: patientTab, physician: physicianTab });
    const patient = await signedIn('patient');
    const physician = await signedIn('physician');
    await ask(patient, 'visit:enter', { visitId, deviceId: patientTab });
    await ask(physician, 'visit:enter', { visitId, deviceId: physicianTab });
    const ownEcho = collect(physician, 'visit:draw');

    const stream = { deviceId: patientTab, source: 'camera' };
    const toPatient = nextEvent(patient, 'visit:draw');
    expect(await ask(physician, 'visit:draw', { visitId, stream, action: { kind: 'stroke', stroke } })).toEqual({
      data: { sent: true },
    });
    expect(await toPatient).toEqual({ visitId, fromDeviceId: physicianTab, stream, action: { kind: 'stroke', stroke } });

    const cleared = nextEvent(patient, 'visit:draw');
    await ask(physician, 'visit:draw', { visitId, stream, action: { kind: 'clear' } });
    expect(await cleared).toMatchObject({ action: { kind: 'clear' }, fromDeviceId: physicianTab });
    // The drawing device already shows its own stroke: nothing comes back to it.
    expect(ownEcho).toEqual([]);
  });

  it('refuses a socket that has not entered the visit, and reaches nobody', async () => {
    const patientTab = tab();
    const visitId = await joinedVisit({ patient: patientTab });
    const patient = await signedIn('patient');
    await ask(patient, 'visit:enter', { visitId, deviceId: patientTab });
    const heard = collect(patient, 'visit:draw');
    // The nurse of the same clinic is signed in, but never joined nor entered this visit.
    const nurse = await signedIn('nurse');
    expect(
      await ask(nurse, 'visit:draw', {
        visitId,
        stream: { deviceId: patientTab, source: 'camera' },
        action: { kind: 'stroke', stroke },
      }),
    ).toMatchObject({ error: 'err_forbidden' });
    // A round trip on the patient's socket: anything relayed would have arrived before its answer.
    await ask(patient, 'visit:enter', { visitId, deviceId: patientTab });
    expect(heard).toEqual([]);
  });

  it('refuses a malformed stroke with the validation key', async () => {
    const patientTab = tab();
    const visitId = await joinedVisit({ patient: patientTab });
    const patient = await signedIn('patient');
    await ask(patient, 'visit:enter', { visitId, deviceId: patientTab });
    const stream = { deviceId: patientTab, source: 'camera' };
    const bad = [
      { ...stroke, points: [{ x: 1.5, y: 0.2 }] },
      { ...stroke, points: [] },
      { ...stroke, points: Array.from({ length: 1001 }, () => ({ x: 0.5, y: 0.5 })) },
      { ...stroke, color: 'url(javascript:1)' },
      { ...stroke, width: 500 },
    ];
    for (const s of bad) {
      expect(await ask(patient, 'visit:draw', { visitId, stream, action: { kind: 'stroke', stroke: s } })).toMatchObject({
        error: 'validationFailed',
      });
    }
    expect(
      await ask(patient, 'visit:draw', { visitId, stream: { deviceId: patientTab, source: 'webcam' }, action: { kind: 'clear' } }),
    ).toMatchObject({ error: 'validationFailed' });
  });

  it('limits the strokes one socket may send', async () => {
    const patientTab = tab();
    const visitId = await joinedVisit({ patient: patientTab });
    const patient = await signedIn('patient');
    await ask(patient, 'visit:enter', { visitId, deviceId: patientTab });
    const stream = { deviceId: patientTab, source: 'camera' };
    const answers = await Promise.all(
      Array.from({ length: DRAW_LIMIT.count + 5 }, () =>
        ask(patient, 'visit:draw', { visitId, stream, action: { kind: 'undo' } }),
      ),
    );
    expect(answers.filter((a) => 'data' in a)).toHaveLength(DRAW_LIMIT.count);
    expect(answers.filter((a) => 'error' in a)).toEqual(
      Array.from({ length: 5 }, () => expect.objectContaining({ error: 'rateLimited' })),
    );
  });
});
