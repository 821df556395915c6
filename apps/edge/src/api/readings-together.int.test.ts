import { randomUUID } from 'node:crypto';
import { alerts, measurements, organisations, patientEvents } from '@opencare/api/db/schema';
import { claimReadingIds } from '@opencare/api/measurements/measurements.repository';
import { testDatabaseKind } from '@opencare/api/testing/env';
import { ROLES } from '@opencare/schemas/roles';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/*
 * Issue 20: typed readings of many patients that arrive at once are written together by the shared
 * writer (packages/api/src/measurements/reading-writer.ts), one transaction for many patients. What
 * each patient sees must not change: their reading stored once, on their own timeline, completing
 * their own task, alerting for them only; and one reading's refusal is never another patient's.
 * Counted in the database, not taken from the answers.
 */

const PATIENTS = 16;
let t: TestEdge;
let physician: string;
const patients: { token: string; accountId: string }[] = [];
const db = () => t.edge.deps.db;

const bp = (systolic: number, id = randomUUID()) => ({ id, type: 'bp', values: { systolic, diastolic: 75, pulse: 70 } });
const post = (patient: { token: string }, body: Json) => t.call('POST', '/api/v1/measurements', { token: patient.token, body });
/** A UTC wall clock (the patients made here have no time zone of their own: UTC). */
const utcClock = (at: Date) => ({ date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 16) });

beforeAll(async () => {
  t = await startTestEdge();
  physician = (await t.login('physician')).token;
  const [clinic] = await db().select({ id: organisations.id }).from(organisations).limit(1);
  for (let i = 0; i < PATIENTS; i++) {
    const person = await createPerson(db(), ROLES.Patient, 'pat', clinic!.id);
    patients.push({ token: (await t.login(person.username)).token, accountId: person.accountId });
  }
});
afterAll(() => t.close());

describe('typed readings of many patients at once', () => {
  it('stores each once, on its own timeline, completing its own task, alerting for its own patient only', async () => {
    const tasks: string[] = [];
    for (const patient of patients) {
      const task = await t.call('POST', '/api/v1/tasks', { token: physician, body: { patientId: patient.accountId, type: 'bp', ...utcClock(new Date(Date.now() - 5 * 60_000)) } });
      expect(task.status).toBe(201);
      tasks.push(task.body.data.id);
    }
    // The first patient's reading is out of range; none names its task (the window finds it).
    const bodies = patients.map((_, i) => bp(i === 0 ? 190 : 110 + (i % 8)));
    const answers = await Promise.all(patients.map((patient, i) => post(patient, bodies[i]!)));
    expect(answers.map((a) => a.status)).toEqual(patients.map(() => 201));

    const ids = bodies.map((b) => b.id);
    const [stored] = await db().select({ n: count() }).from(measurements).where(inArray(measurements.id, ids));
    expect(stored!.n).toBe(PATIENTS);
    for (const [i, patient] of patients.entries()) {
      const [row] = await db().select({ patient: measurements.patientAccountId }).from(measurements).where(eq(measurements.id, ids[i]!));
      expect(row!.patient).toBe(patient.accountId);
      const events = await db()
        .select({ kind: patientEvents.kind, data: patientEvents.data })
        .from(patientEvents)
        .where(eq(patientEvents.patientAccountId, patient.accountId));
      const kinds = events.map((e) => e.kind).sort();
      expect(kinds).toEqual(i === 0 ? ['alert', 'measurement', 'taskCompleted'] : ['measurement', 'taskCompleted']);
      expect(events.every((e) => !('measurementId' in e.data) || e.data.measurementId === ids[i])).toBe(true);
      const task = await t.call('GET', `/api/v1/tasks/${tasks[i]}`, { token: physician });
      expect(task.body.data).toMatchObject({ status: 'complete', measurementId: ids[i] });
    }
    const open = await db()
      .select({ patient: alerts.patientAccountId, measurementId: alerts.measurementId })
      .from(alerts)
      .where(and(inArray(alerts.patientAccountId, patients.map((p) => p.accountId)), isNull(alerts.resolvedAt)));
    expect(open).toEqual([{ patient: patients[0]!.accountId, measurementId: ids[0] }]);

    // Rows written by one transaction share its id (xmin): on PostgreSQL, fewer transactions than
    // readings. PGlite is one connection that runs each request's statements in turn, so a reading
    // reaches the writer when the one before it is written: each goes alone.
    const [written] = await db()
      .select({ transactions: sql<number>`count(distinct ${measurements}.xmin::text)`.mapWith(Number) })
      .from(measurements)
      .where(inArray(measurements.id, ids));
    console.log(`readings together (${testDatabaseKind}): ${PATIENTS} patients' readings at once → ${written!.transactions} transactions`);
    if (testDatabaseKind === 'postgres') expect(written!.transactions).toBeLessThan(PATIENTS);
  });

  it("answers a replay of a reading written beside other patients' with the stored reading", async () => {
    const bodies = patients.map((_, i) => bp(120 + i));
    await Promise.all(patients.map((patient, i) => post(patient, bodies[i]!)));
    const again = await Promise.all(patients.map((patient, i) => post(patient, bodies[i]!)));
    expect(again.map((a) => a.status)).toEqual(patients.map(() => 200));
    const other = await post(patients[1]!, { ...bodies[1]!, values: { ...bodies[1]!.values, systolic: 150 } });
    expect(other.status).toBe(422);
    const [stored] = await db().select({ n: count() }).from(measurements).where(inArray(measurements.id, bodies.map((b) => b.id)));
    expect(stored!.n).toBe(PATIENTS);
  });
});

// Another edge writing a reading id holds its claim (an advisory lock) until it commits; PGlite is
// one connection in one edge, so only PostgreSQL has a second writer to race.
describe.runIf(testDatabaseKind === 'postgres')('a reading id in flight on another edge (PostgreSQL project)', () => {
  it("refuses that reading (409) and stores every other patient's written beside it", async () => {
    const bodies = patients.map((_, i) => bp(125 + i));
    const held = bodies[3]!.id;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
    // The other edge: a transaction that holds the id's claim until told to let go.
    const otherEdge = db().transaction(async (tx) => {
      expect(await claimReadingIds(tx, [held])).toBe(true);
      claimed();
      await released;
    });
    await isClaimed;
    const answers = await Promise.all(patients.map((patient, i) => post(patient, bodies[i]!)));
    release();
    await otherEdge;
    expect(answers.map((a) => a.status)).toEqual(patients.map((_, i) => (i === 3 ? 409 : 201)));
    expect(answers[3]!.body).toMatchObject({ success: false, key: 'requestInFlight' });
    const [stored] = await db().select({ n: count() }).from(measurements).where(inArray(measurements.id, bodies.map((b) => b.id)));
    expect(stored!.n).toBe(PATIENTS - 1);
    // The patient's retry, once the other edge let go, is stored.
    expect((await post(patients[3]!, bodies[3]!)).status).toBe(201);
  });
});
