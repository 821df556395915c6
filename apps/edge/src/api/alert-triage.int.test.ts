import { alertEvents, alertReadings, alerts, auditLog } from '@opencare/api/db/schema';
import { ROLES } from '@opencare/schemas/roles';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Alert triage (issue 17): one open alert per patient and measurement type, counted in the
 * database, and the inbox's actions (acknowledge one or many, assign, resolve) with their history,
 * their audit entries, and refusals that change nothing.
 */
const ROLE_NAMES = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2'] as const;
type Role = (typeof ROLE_NAMES)[number] | 'outsider' | 'outsiderPatient';

let t: TestEdge;
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, string>;

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of ROLE_NAMES) tokens[role] = (await t.login(role)).token;
  const outsider = await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov');
  tokens.outsider = (await t.login(outsider.username)).token;
  const outsiderPatient = await createOutsider(t.edge.deps.db, ROLES.Patient, 'pat');
  tokens.outsiderPatient = (await t.login(outsiderPatient.username)).token;
  for (const role of Object.keys(tokens) as Role[]) {
    ids[role] = (await t.call('GET', '/api/v1/profile', { token: tokens[role] })).body.data.accountId;
  }
});
afterAll(() => t.close());

const api = (method: string, path: string, role: Role, body?: unknown) => t.call(method, `/api/v1${path}`, { token: tokens[role], body });
const temperature = (celsius: number, role: Role = 'patient', extra: Record<string, unknown> = {}) =>
  api('POST', '/measurements', role, { type: 'bt', values: { temperature: celsius }, ...extra });
const bloodSugar = (glucose: number, role: Role = 'patient') => api('POST', '/measurements', role, { type: 'bs', values: { glucose }, meal: 'before' });

const db = () => t.edge.deps.db;
async function openAlertRows(patient: Role, type: string) {
  return db()
    .select({ id: alerts.id, rangeClass: alerts.rangeClass, acknowledgedAt: alerts.acknowledgedAt })
    .from(alerts)
    .where(and(eq(alerts.patientAccountId, ids[patient]), eq(alerts.type, type), isNull(alerts.resolvedAt)));
}
async function alertCount(patient: Role, type: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.patientAccountId, ids[patient]), eq(alerts.type, type)));
  return row?.n ?? 0;
}
async function historyOf(alertId: string) {
  return db().select({ kind: alertEvents.kind, comment: alertEvents.comment }).from(alertEvents).where(eq(alertEvents.alertId, alertId)).orderBy(alertEvents.id);
}
async function auditCount(action: string, resourceIds: string[]) {
  const [row] = await db()
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), inArray(auditLog.resourceId, resourceIds), eq(auditLog.outcome, 'allowed')));
  return row?.n ?? 0;
}
async function openAlertOf(patient: Role, type: string): Promise<Json> {
  const res = await api('GET', `/alerts?patient=${ids[patient]}&status=all&pageSize=100`, 'nurse');
  return res.body.data.find((a: Json) => a.type === type && a.resolvedAt === null);
}

describe('one open alert per patient and measurement type', () => {
  it('attaches later out-of-range readings, raises the severity and never lowers it, and opens a new alert after resolve', async () => {
    const before = await alertCount('patient', 'bt');
    const readings = [];
    for (const [celsius, note] of [[38.2, 'Shivering'], [39.6, 'Felt dizzy'], [37.6, null]] as const) {
      const res = await temperature(celsius, 'patient', note ? { note } : {});
      expect(res.status).toBe(201);
      readings.push(res.body.data.id);
    }
    // A normal reading does not attach.
    expect((await temperature(36.8)).status).toBe(201);
    expect(await alertCount('patient', 'bt')).toBe(before + 1);
    const [open] = await openAlertRows('patient', 'bt');
    expect(open?.rangeClass).toBe('highest');
    const [attached] = await db().select({ n: count() }).from(alertReadings).where(eq(alertReadings.alertId, open!.id));
    expect(attached?.n).toBe(3);

    const alert = await openAlertOf('patient', 'bt');
    expect(alert).toMatchObject({ id: open!.id, rangeClass: 'highest', readingCount: 3, measurementId: readings[2], values: { temperature: 37.6 } });
    expect(alert.readings.map((r: Json) => r.values.temperature)).toEqual([38.2, 39.6, 37.6]);
    expect(alert.readings.map((r: Json) => r.note)).toEqual(['Shivering', 'Felt dizzy', null]);
    expect(alert.history.map((e: Json) => e.kind)).toEqual(['opened', 'raised']);

    const resolved = await api('PATCH', `/alerts/${open!.id}/resolve`, 'nurse', { comment: 'Fever treated' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ resolvedBy: ids.nurse, acknowledgedBy: ids.nurse });
    expect(await openAlertRows('patient', 'bt')).toEqual([]);

    expect((await temperature(38.4)).status).toBe(201);
    expect(await alertCount('patient', 'bt')).toBe(before + 2);
    const [next] = await openAlertRows('patient', 'bt');
    expect(next?.id).not.toBe(open!.id);
    expect(next?.rangeClass).toBe('high');
  });

  it('takes an acknowledged alert back to the inbox when a worse reading attaches, not when a milder one does', async () => {
    expect((await bloodSugar(190)).status).toBe(201);
    const alert = await openAlertOf('patient', 'bs');
    expect((await api('PATCH', `/alerts/${alert.id}/acknowledge`, 'nurse')).status).toBe(200);
    expect((await bloodSugar(185)).status).toBe(201);
    expect((await openAlertRows('patient', 'bs'))[0]?.acknowledgedAt).not.toBeNull();
    expect((await bloodSugar(260)).status).toBe(201);
    const [row] = await openAlertRows('patient', 'bs');
    expect(row).toMatchObject({ id: alert.id, rangeClass: 'highest', acknowledgedAt: null });
  });

  it('opens one alert when readings arrive at the same moment', async () => {
    const before = await alertCount('patient2', 'bt');
    const results = await Promise.all([38.1, 38.3, 39.7, 38.6, 38.9].map((celsius) => temperature(celsius, 'patient2')));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await alertCount('patient2', 'bt')).toBe(before + 1);
    const [open] = await openAlertRows('patient2', 'bt');
    const [attached] = await db().select({ n: count() }).from(alertReadings).where(eq(alertReadings.alertId, open!.id));
    expect(attached?.n).toBe(5);
    expect(open?.rangeClass).toBe('highest');
  });
});

describe('the inbox', () => {
  it('lists worst first, then the longest waiting', async () => {
    const res = await api('GET', '/alerts?status=all&pageSize=100', 'physician');
    expect(res.status).toBe(200);
    const severity = { elevated: 1, lowest: 2, high: 3, highest: 4 } as Record<string, number>;
    const order = res.body.data.map((a: Json) => severity[a.rangeClass]);
    expect(order).toEqual([...order].sort((a: number, b: number) => b - a));
  });

  it('acknowledges several alerts with one comment, on each history and in the audit log', async () => {
    expect((await temperature(38.5, 'patient2')).status).toBe(201);
    expect((await bloodSugar(50, 'patient2')).status).toBe(201);
    const chosen = [(await openAlertOf('patient2', 'bt')).id, (await openAlertOf('patient2', 'bs')).id];
    const res = await api('POST', '/alerts/acknowledge', 'nurse', { ids: chosen, comment: 'Called the patient' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: Json) => a.acknowledgedBy)).toEqual([ids.nurse, ids.nurse]);
    for (const id of chosen) expect((await historyOf(id)).at(-1)).toEqual({ kind: 'acknowledged', comment: 'Called the patient' });
    expect(await auditCount('alerts.acknowledge', chosen)).toBe(2);
    const listed = (await api('GET', `/alerts?patient=${ids.patient2}&status=acknowledged`, 'physician')).body.data;
    const shown = listed.find((a: Json) => a.id === chosen[0]);
    expect(shown.history.at(-1)).toMatchObject({ kind: 'acknowledged', comment: 'Called the patient', by: { id: ids.nurse } });
  });

  it('assigns to a clinician of the organisation, on the history and in the audit log', async () => {
    expect((await temperature(38.7)).status).toBe(201);
    const alert = await openAlertOf('patient', 'bt');
    const res = await api('PATCH', `/alerts/${alert.id}/assign`, 'nurse', { assigneeId: ids.physician, comment: 'Please review' });
    expect(res.status).toBe(200);
    expect(res.body.data.assignedTo.id).toBe(ids.physician);
    expect(res.body.data.history.at(-1)).toMatchObject({ kind: 'assigned', comment: 'Please review', by: { id: ids.nurse }, assignee: { id: ids.physician } });
    expect(await auditCount('alerts.assign', [alert.id])).toBe(1);
  });

  it('refuses what it may not do with a catalogue key, and changes nothing', async () => {
    expect((await temperature(38.8, 'outsiderPatient')).status).toBe(201);
    const [foreign] = await openAlertRows('outsiderPatient', 'bt');
    expect((await temperature(38.9)).status).toBe(201);
    const own = await openAlertOf('patient', 'bt');
    const snapshot = async () => {
      const [events] = await db().select({ n: count() }).from(alertEvents).where(inArray(alertEvents.alertId, [foreign!.id, own.id]));
      const rows = await db()
        .select({ acknowledgedAt: alerts.acknowledgedAt, assignedTo: alerts.assignedToAccountId, resolvedAt: alerts.resolvedAt })
        .from(alerts)
        .where(inArray(alerts.id, [foreign!.id, own.id]))
        .orderBy(alerts.id);
      return { events: events?.n, rows };
    };
    const before = await snapshot();

    const refusals: [string, string, Role, unknown, number, string][] = [
      ['PATCH', `/alerts/${foreign!.id}/acknowledge`, 'nurse', {}, 404, 'notFound'],
      ['POST', '/alerts/acknowledge', 'nurse', { ids: [own.id, foreign!.id] }, 404, 'notFound'],
      ['PATCH', `/alerts/${foreign!.id}/assign`, 'nurse', { assigneeId: ids.physician }, 404, 'notFound'],
      ['PATCH', `/alerts/${own.id}/assign`, 'outsider', { assigneeId: ids.outsider }, 404, 'notFound'],
      ['PATCH', `/alerts/${own.id}/assign`, 'nurse', { assigneeId: ids.outsider }, 422, 'alertAssigneeNotClinician'],
      ['PATCH', `/alerts/${own.id}/assign`, 'nurse', { assigneeId: ids.admin }, 422, 'alertAssigneeNotClinician'],
      ['PATCH', `/alerts/${own.id}/assign`, 'nurse', { assigneeId: ids.patient }, 422, 'alertAssigneeNotClinician'],
      ['PATCH', `/alerts/${own.id}/resolve`, 'assistant', {}, 403, 'err_forbidden'],
    ];
    for (const [method, path, role, body, status, key] of refusals) {
      const res = await api(method, path, role, body);
      expect(res.status, `${method} ${path} as ${role}`).toBe(status);
      expect(res.body.key, `${method} ${path} as ${role}`).toBe(key);
    }
    expect(await snapshot()).toEqual(before);
  });
});
