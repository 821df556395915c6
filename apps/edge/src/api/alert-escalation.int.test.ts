import { runAlertRounds } from '@opencare/api/alerts/alert-rounds';
import { alertEvents, alerts, auditLog, outbox, patientProfiles } from '@opencare/api/db/schema';
import { ROLES } from '@opencare/schemas/roles';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { collect, connected, nextEvent, socketClients, type TestSocket } from '../testing/socket-clients';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Alert escalation and stale data (issue 17): the rounds are run directly with a chosen `now`, and
 * what they did is counted in the database (the alert's history, the audit log, the outbox) and
 * heard on real sockets.
 */
const ROLE_NAMES = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2'] as const;
type Role = (typeof ROLE_NAMES)[number] | 'outsider';

let t: TestEdge;
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, string>;
const emails = {} as Record<Role, string>;
const clients = socketClients();
const sockets = {} as Record<'physician' | 'nurse' | 'admin' | 'outsider', TestSocket>;

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of ROLE_NAMES) tokens[role] = (await t.login(role)).token;
  const outsider = await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov');
  tokens.outsider = (await t.login(outsider.username)).token;
  for (const role of Object.keys(tokens) as Role[]) {
    ids[role] = (await t.call('GET', '/api/v1/profile', { token: tokens[role] })).body.data.accountId;
    emails[role] = `${role}@demo.opencare.test`;
  }
  emails.outsider = `${outsider.username}@other.example.org`;
  // The physician is the patients' primary provider.
  for (const patient of ['patient', 'patient2'] as const) {
    await db().update(patientProfiles).set({ primaryProviderId: ids.physician }).where(eq(patientProfiles.accountId, ids[patient]));
  }
  for (const role of ['physician', 'nurse', 'admin', 'outsider'] as const) {
    sockets[role] = await connected(clients.open(t.url, { token: tokens[role] }));
  }
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const api = (method: string, path: string, role: Role, body?: unknown) => t.call(method, `/api/v1${path}`, { token: tokens[role], body });
const db = () => t.edge.deps.db;
const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function openAlertId(patient: Role, type: string): Promise<string> {
  const [row] = await db()
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.patientAccountId, ids[patient]), eq(alerts.type, type), isNull(alerts.resolvedAt)));
  if (!row) throw new Error(`no open ${type} alert`);
  return row.id;
}
async function escalations(alertId: string) {
  const rows = await db().select({ kind: alertEvents.kind, data: alertEvents.data }).from(alertEvents).where(eq(alertEvents.alertId, alertId)).orderBy(alertEvents.id);
  return rows.filter((r) => r.kind === 'escalated').map((r) => r.data);
}
async function auditedEscalations(alertId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'alerts.escalate'), eq(auditLog.resourceId, alertId), eq(auditLog.outcome, 'allowed')));
  return row?.n ?? 0;
}
async function mailsTo(role: Role) {
  return db().select({ subject: outbox.subject, text: outbox.text }).from(outbox).where(eq(outbox.to, emails[role]));
}

describe('alert settings', () => {
  it('keeps minutes per severity, an on-call list and the days without readings', async () => {
    const saved = await api('PATCH', '/settings/alerts', 'admin', { escalateHighestMinutes: 5, escalateHighMinutes: 10, onCall: [ids.nurse], noReadingsDays: 3 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ escalateHighestMinutes: 5, escalateHighMinutes: 10, escalateLowestMinutes: 30, onCall: [ids.nurse], noReadingsDays: 3 });
  });

  it('refuses minutes out of bounds and on-call people who are not clinicians of the organisation, changing nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ escalateHighestMinutes: -1 }, 400, 'validationFailed'],
      [{ escalateHighMinutes: 1_000_000 }, 400, 'validationFailed'],
      [{ escalateHighMinutes: 2.5 }, 400, 'validationFailed'],
      [{ noReadingsDays: -3 }, 400, 'validationFailed'],
      [{ onCall: ['not-an-id'] }, 400, 'validationFailed'],
      [{ onCall: [ids.nurse, ids.nurse] }, 400, 'validationFailed'],
      [{ onCall: [ids.outsider] }, 422, 'onCallNotClinician'],
      [{ onCall: [ids.admin] }, 422, 'onCallNotClinician'],
      [{ onCall: [ids.patient] }, 422, 'onCallNotClinician'],
    ];
    for (const [body, status, key] of cases) {
      const res = await api('PATCH', '/settings/alerts', 'admin', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.key, JSON.stringify(body)).toBe(key);
    }
    expect((await api('PATCH', '/settings/alerts', 'physician', { escalateHighestMinutes: 1 })).status).toBe(403);
    const stored = (await api('GET', '/settings/alerts', 'admin')).body.data;
    expect(stored).toMatchObject({ escalateHighestMinutes: 5, escalateHighMinutes: 10, onCall: [ids.nurse], noReadingsDays: 3 });
  });
});

describe('escalation of an unacknowledged alert', () => {
  it('tells the primary provider (nobody was assigned), then the on-call list, each step once, recorded, audited, mailed and live', async () => {
    const changed = collect(sockets.nurse, 'alert:changed');
    const adminHeard = collect(sockets.admin, 'alert:changed');
    const outsiderHeard = [...collect(sockets.outsider, 'alert:changed'), ...collect(sockets.outsider, 'alert:escalated')];
    const opened = nextEvent(sockets.nurse, 'alert:changed', (p) => p.patientId === ids.patient && p.kind === 'opened');
    expect((await api('POST', '/measurements', 'patient', { type: 'bt', values: { temperature: 39.8 } })).status).toBe(201);
    const alertId = await openAlertId('patient', 'bt');
    expect((await opened).alertId).toBe(alertId);

    const physicianMailsBefore = (await mailsTo('physician')).length;
    // Not yet: critical alerts wait 5 minutes here.
    await runAlertRounds(t.edge.deps, minutesLater(4));
    expect(await escalations(alertId)).toEqual([]);

    const toPhysician = nextEvent(sockets.physician, 'alert:escalated', (p) => p.alertId === alertId);
    await runAlertRounds(t.edge.deps, minutesLater(6));
    expect(await escalations(alertId)).toEqual([{ step: 'primaryProvider', notified: [ids.physician] }]);
    expect(await toPhysician).toEqual({ alertId, patientId: ids.patient, step: 'primaryProvider' });
    expect(await auditedEscalations(alertId)).toBe(1);
    const mails = await mailsTo('physician');
    expect(mails.length).toBe(physicianMailsBefore + 1);
    // The mail says an alert waits, and nothing of the patient.
    expect(mails.at(-1)?.text).toContain('critical alert');
    expect(mails.at(-1)?.text).not.toMatch(/Patricia|39\.8|temperature/i);

    // Two rounds at once (two edges): the on-call step is taken once.
    const nurseMailsBefore = (await mailsTo('nurse')).length;
    await Promise.all([runAlertRounds(t.edge.deps, minutesLater(12)), runAlertRounds(t.edge.deps, minutesLater(12))]);
    expect(await escalations(alertId)).toEqual([
      { step: 'primaryProvider', notified: [ids.physician] },
      { step: 'onCall', notified: [ids.nurse] },
    ]);
    expect(await auditedEscalations(alertId)).toBe(2);
    expect((await mailsTo('nurse')).length).toBe(nurseMailsBefore + 1);

    // The last step taken, the alert only waits in the inbox.
    await runAlertRounds(t.edge.deps, minutesLater(60));
    expect((await escalations(alertId)).length).toBe(2);
    const listed = (await api('GET', `/alerts?patient=${ids.patient}`, 'nurse')).body.data.find((a: Json) => a.id === alertId);
    expect(listed.escalationLevel).toBe(3);
    expect(listed.history.filter((h: Json) => h.kind === 'escalated').map((h: Json) => h.escalation)).toEqual([
      { step: 'primaryProvider', notified: 1 },
      { step: 'onCall', notified: 1 },
    ]);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changed.filter((c) => c.alertId === alertId).map((c) => c.kind)).toEqual(['opened', 'escalated', 'escalated']);
    // Admins do not read alerts; another organisation hears nothing, and was mailed nothing.
    expect(adminHeard).toEqual([]);
    expect(outsiderHeard).toEqual([]);
    expect(await mailsTo('outsider')).toEqual([]);
  });

  it('tells the assignee first, and stops once someone acknowledges', async () => {
    expect((await api('POST', '/measurements', 'patient2', { type: 'bs', values: { glucose: 260 }, meal: 'before' })).status).toBe(201);
    const alertId = await openAlertId('patient2', 'bs');
    const assigned = nextEvent(sockets.physician, 'alert:changed', (p) => p.alertId === alertId && p.kind === 'assigned');
    expect((await api('PATCH', `/alerts/${alertId}/assign`, 'nurse', { assigneeId: ids.assistant })).status).toBe(200);
    await assigned;
    const assistantMails = (await mailsTo('assistant')).length;
    await runAlertRounds(t.edge.deps, minutesLater(6));
    expect(await escalations(alertId)).toEqual([{ step: 'assignee', notified: [ids.assistant] }]);
    expect((await mailsTo('assistant')).length).toBe(assistantMails + 1);

    const acknowledged = nextEvent(sockets.nurse, 'alert:changed', (p) => p.alertId === alertId && p.kind === 'acknowledged');
    expect((await api('PATCH', `/alerts/${alertId}/acknowledge`, 'physician', {})).status).toBe(200);
    await acknowledged;
    await runAlertRounds(t.edge.deps, minutesLater(60));
    expect((await escalations(alertId)).length).toBe(1);
  });

  it('starts again when a worse reading takes an acknowledged alert back to the inbox', async () => {
    // Elevated alerts never escalate by default.
    expect((await api('POST', '/measurements', 'patient2', { type: 'bp', values: { systolic: 124, diastolic: 70, pulse: 70 } })).status).toBe(201);
    const alertId = await openAlertId('patient2', 'bp');
    await runAlertRounds(t.edge.deps, minutesLater(120));
    expect(await escalations(alertId)).toEqual([]);
    expect((await api('PATCH', `/alerts/${alertId}/acknowledge`, 'nurse', {})).status).toBe(200);
    // A crisis reading: the same alert, unacknowledged again, on the critical minutes (5 here).
    expect((await api('POST', '/measurements', 'patient2', { type: 'bp', values: { systolic: 185, diastolic: 95, pulse: 80 } })).status).toBe(201);
    expect(await openAlertId('patient2', 'bp')).toBe(alertId);
    await runAlertRounds(t.edge.deps, minutesLater(4));
    expect(await escalations(alertId)).toEqual([]);
    await runAlertRounds(t.edge.deps, minutesLater(6));
    expect(await escalations(alertId)).toEqual([{ step: 'primaryProvider', notified: [ids.physician] }]);
  });

  it('does not escalate a severity set to 0 minutes', async () => {
    expect((await api('PATCH', '/settings/alerts', 'admin', { escalateHighMinutes: 0 })).status).toBe(200);
    expect((await api('POST', '/measurements', 'patient2', { type: 'bt', values: { temperature: 38.5 } })).status).toBe(201);
    const alertId = await openAlertId('patient2', 'bt');
    await runAlertRounds(t.edge.deps, minutesLater(24 * 60));
    expect(await escalations(alertId)).toEqual([]);
  });
});

describe('no readings', () => {
  it('opens one "no readings" alert for a patient with a schedule and no reading for the set days, resolved by the next reading', async () => {
    const start = new Date().toISOString().slice(0, 10);
    expect((await api('POST', '/schedules', 'physician', { patientId: ids.patient, type: 'bp', startDate: start, frequency: 'daily', times: ['09:00'] })).status).toBe(201);
    // Two days of silence: not yet.
    await runAlertRounds(t.edge.deps, minutesLater(2 * 24 * 60));
    await expect(openAlertId('patient', 'noReadings')).rejects.toThrow();
    const opened = nextEvent(sockets.nurse, 'alert:changed', (p) => p.patientId === ids.patient && p.kind === 'opened');
    await Promise.all([runAlertRounds(t.edge.deps, minutesLater(4 * 24 * 60)), runAlertRounds(t.edge.deps, minutesLater(4 * 24 * 60))]);
    const alertId = await openAlertId('patient', 'noReadings');
    expect((await opened).alertId).toBe(alertId);
    const [open] = await db().select({ n: count() }).from(alerts).where(and(eq(alerts.patientAccountId, ids.patient), eq(alerts.type, 'noReadings')));
    expect(open?.n).toBe(1);
    const listed = (await api('GET', `/alerts?patient=${ids.patient}`, 'nurse')).body.data.find((a: Json) => a.id === alertId);
    expect(listed).toMatchObject({ type: 'noReadings', measurementId: null, values: {} });

    const resolved = nextEvent(sockets.nurse, 'alert:changed', (p) => p.alertId === alertId && p.kind === 'resolved');
    expect((await api('POST', '/measurements', 'patient', { type: 'bp', values: { systolic: 118, diastolic: 76, pulse: 70 } })).status).toBe(201);
    await resolved;
    const [row] = await db().select({ resolvedAt: alerts.resolvedAt }).from(alerts).where(eq(alerts.id, alertId));
    expect(row?.resolvedAt).not.toBeNull();
  });
});
