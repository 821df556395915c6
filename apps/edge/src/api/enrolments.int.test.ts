import { monitoringEnrolments } from '@opencare/api/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInCast, type Cast, type Person } from '../testing/appointment-fixtures';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/**
 * Enrolment in remote monitoring with consent (issue 19, part 1), through the edge; what is stored
 * is read from the database.
 */

let t: TestEdge;
let cast: Cast;

beforeAll(async () => {
  t = await startTestEdge();
  cast = await signInCast(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.edge.deps.db.delete(monitoringEnrolments);
});

const api = (method: string, path: string, who?: Person, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: who ? cast.token[who] : undefined, body });
const today = () => new Date().toISOString().slice(0, 10);
const rows = () => t.edge.deps.db.select().from(monitoringEnrolments);
const verbal = () => ({
  conditions: ['Hypertension'],
  measurementTypes: ['bp'],
  devices: ['Omron BP7000'],
  startDate: today(),
  primaryProviderId: cast.id.physician,
  consent: { method: 'verbal', witness: 'Dana Reyes (daughter)', at: new Date(Date.now() - 10 * 60_000).toISOString() },
});

describe('enrolling a patient', () => {
  it('with verbal consent and a witness starts the episode at once; the patient reads it', async () => {
    const enrolled = await api('POST', `/patients/${cast.id.patient}/enrolments`, 'nurse', verbal());
    expect(enrolled.status).toBe(201);
    const [row] = await rows();
    expect(row).toMatchObject({
      status: 'active',
      consentMethod: 'verbal',
      consentWitness: 'Dana Reyes (daughter)',
      consentRecordedByAccountId: cast.id.nurse,
      enrolledByAccountId: cast.id.nurse,
      primaryProviderAccountId: cast.id.physician,
      conditions: ['Hypertension'],
    });
    const own = await api('GET', `/patients/${cast.id.patient}/enrolments`, 'patient');
    expect(own.status).toBe(200);
    expect(own.body.data[0]).toMatchObject({ status: 'active', primaryProviderName: 'Priya Raman', consent: { method: 'verbal', recordedByName: 'Noah Bennett' } });
    expect((await api('GET', `/patients/${cast.id.patient}/enrolments`, 'patient2')).status).toBe(403);
  });

  it('in the app waits for the patient to sign; the patient consents, then withdraws', async () => {
    const enrolled = await api('POST', `/patients/${cast.id.patient}/enrolments`, 'physician', { ...verbal(), consent: { method: 'app' } });
    expect(enrolled.status).toBe(201);
    const id = enrolled.body.data.id as string;
    expect((await rows())[0]).toMatchObject({ status: 'awaitingConsent', consentAt: null });
    // Nobody signs for the patient.
    expect((await api('POST', `/enrolments/${id}/consent`, 'physician')).status).toBe(403);
    expect((await api('POST', `/enrolments/${id}/consent`, 'patient2')).status).toBe(403);
    expect((await rows())[0]?.status).toBe('awaitingConsent');

    expect((await api('POST', `/enrolments/${id}/consent`, 'patient')).status).toBe(200);
    const [signed] = await rows();
    expect(signed).toMatchObject({ status: 'active', consentMethod: 'app', consentRecordedByAccountId: cast.id.patient });
    expect(signed?.consentAt).toBeInstanceOf(Date);
    expect((await api('POST', `/enrolments/${id}/consent`, 'patient')).body.key).toBe('enrolmentNotAwaitingConsent');

    expect((await api('POST', `/enrolments/${id}/withdraw`, 'physician')).status).toBe(403);
    expect((await api('POST', `/enrolments/${id}/withdraw`, 'patient')).status).toBe(200);
    const [ended] = await rows();
    expect(ended).toMatchObject({ status: 'ended' });
    expect(ended?.consentWithdrawnAt).toBeInstanceOf(Date);
    expect((await api('POST', `/enrolments/${id}/withdraw`, 'patient')).body.key).toBe('enrolmentNotActive');
    // Withdrawn, the patient may be enrolled again: a new episode.
    expect((await api('POST', `/patients/${cast.id.patient}/enrolments`, 'nurse', verbal())).status).toBe(201);
    expect(await rows()).toHaveLength(2);
  });

  it('one open episode per patient; set-up and education recorded once', async () => {
    const first = await api('POST', `/patients/${cast.id.patient}/enrolments`, 'nurse', verbal());
    const second = await api('POST', `/patients/${cast.id.patient}/enrolments`, 'physician', verbal());
    expect(second.status).toBe(409);
    expect(second.body.key).toBe('alreadyEnrolled');
    expect(await rows()).toHaveLength(1);

    const id = first.body.data.id as string;
    const setup = await api('POST', `/enrolments/${id}/setup`, 'nurse', { note: 'Cuff fitted; showed how to sit' });
    expect(setup.status).toBe(200);
    expect((await rows())[0]).toMatchObject({ setupByAccountId: cast.id.nurse, setupNote: 'Cuff fitted; showed how to sit' });
    const again = await api('POST', `/enrolments/${id}/setup`, 'physician', {});
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('setupAlreadyRecorded');
    expect((await rows())[0]?.setupByAccountId).toBe(cast.id.nurse);
  });

  it('refuses bad input and the wrong people; nothing is stored', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...verbal(), conditions: [] }, 'conditions'],
      [{ ...verbal(), measurementTypes: ['xray'] }, 'measurementTypes.0'],
      [{ ...verbal(), startDate: '2020-01-01' }, 'startDate'],
      [{ ...verbal(), primaryProviderId: cast.id.patient2 }, 'primaryProviderId'],
      [{ ...verbal(), consent: { method: 'verbal', at: new Date().toISOString() } }, 'consent.witness'],
      [{ ...verbal(), consent: { method: 'verbal', witness: 'Dana', at: new Date(Date.now() + 3_600_000).toISOString() } }, 'consent.at'],
      [{ ...verbal(), consent: { method: 'telepathy' } }, 'consent.method'],
    ];
    for (const [body, field] of cases) {
      const answer = await api('POST', `/patients/${cast.id.patient}/enrolments`, 'nurse', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors.map((e: { field: string }) => e.field), JSON.stringify(answer.body.errors)).toContain(field);
    }
    for (const who of ['assistant', 'admin', 'patient', 'caregiver'] as const) {
      expect((await api('POST', `/patients/${cast.id.patient}/enrolments`, who, verbal())).status).toBe(403);
    }
    expect((await api('POST', `/patients/${cast.id.patient}/enrolments`, 'outsider', verbal())).status).toBe(404);
    // Hostile text stays text.
    const hostile = `<script>alert(1)</script> '; drop table accounts; --`;
    expect((await api('POST', `/patients/${cast.id.patient}/enrolments`, 'nurse', { ...verbal(), conditions: [hostile] })).status).toBe(201);
    const stored = await t.edge.deps.db.select().from(monitoringEnrolments).where(eq(monitoringEnrolments.patientAccountId, cast.id.patient));
    expect(stored.map((r) => r.conditions)).toEqual([[hostile]]);
  });
});
