import { ESCALATION_MINUTES_FIELDS, type EscalationLevel, type Settings } from '@opencare/schemas/entities/settings';
import type { EscalationStep } from '@opencare/schemas/socket-events';
import { findAccount } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { settingsOf } from '../settings/settings.service';
import { cliniciansAmong, type Contact } from './alert-contacts';
import {
  LAST_ESCALATION_LEVEL,
  claimEscalationStep,
  openNoReadingsAlert,
  organisationsWithSchedules,
  patientsWithoutReadings,
  waitingAlerts,
  type WaitingAlert,
} from './alert-rounds.repository';
import { NO_READINGS, insertAlertEvent } from './alerts.repository';
import { tellClinicians } from './alerts.service';

/** Level n of an escalation tells the people of STEPS[n - 1]. */
const STEPS: readonly EscalationStep[] = ['assignee', 'primaryProvider', 'onCall'];
/** The audit entries of the rounds: nobody signed in did them. */
const ROUNDS_META: RequestMeta = { ip: '', requestId: 'alert-rounds' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** How a severity is named in a mail: the class, never a value or a name. */
const SEVERITY_WORDS: Record<EscalationLevel, string> = {
  highest: 'critical',
  high: 'high',
  lowest: 'low',
  elevated: 'elevated',
  noReadings: 'no-readings',
};

/**
 * The periodic job of alerts (issue 17), run every minute on every edge: opens "no readings" alerts
 * for patients whose readings stopped, then escalates alerts left unacknowledged past the
 * organisation's minutes. Both are claimed in the database, so several edges, or an edge restarted
 * in the middle, neither skip nor repeat a step. `now` is a parameter so tests can move time.
 */
export async function runAlertRounds(deps: Deps, now = new Date()): Promise<{ opened: number; escalated: number }> {
  const opened = await openNoReadingsAlerts(deps, now);
  const escalated = await escalateWaitingAlerts(deps, now);
  return { opened, escalated };
}

/** A patient with a schedule and no reading for the organisation's number of days gets one open "no readings" alert. */
export async function openNoReadingsAlerts(deps: Deps, now: Date): Promise<number> {
  let opened = 0;
  const today = now.toISOString().slice(0, 10);
  for (const organisationId of await organisationsWithSchedules(deps.db)) {
    const { noReadingsDays } = await settingsOf(deps.db, organisationId, 'alerts');
    if (noReadingsDays <= 0) continue;
    const since = new Date(now.getTime() - noReadingsDays * DAY_MS);
    for (const patient of await patientsWithoutReadings(deps.db, organisationId, since, today)) {
      const lastReadingAt = patient.lastReadingAt ? new Date(patient.lastReadingAt) : since;
      const id = await deps.db.transaction(async (tx) => {
        const alertId = await openNoReadingsAlert(tx, { organisationId, patientAccountId: patient.patientAccountId, lastReadingAt, now });
        if (alertId) await insertAlertEvent(tx, { alertId, kind: 'opened', actorAccountId: null, at: now, data: { days: noReadingsDays } });
        return alertId;
      });
      if (!id) continue;
      opened += 1;
      tellClinicians(deps, { id, organisationId, patientAccountId: patient.patientAccountId }, 'opened');
    }
  }
  return opened;
}

const levelOf = (alert: WaitingAlert): EscalationLevel | null => {
  if (alert.type === NO_READINGS) return 'noReadings';
  return alert.rangeClass in ESCALATION_MINUTES_FIELDS ? (alert.rangeClass as EscalationLevel) : null;
};

/** Every unacknowledged alert past its minutes takes its next step. Returns how many steps this call took. */
export async function escalateWaitingAlerts(deps: Deps, now: Date): Promise<number> {
  const settings = new Map<string, Settings['alerts']>();
  let steps = 0;
  for (const alert of await waitingAlerts(deps.db)) {
    let own = settings.get(alert.organisationId);
    if (!own) {
      own = await settingsOf(deps.db, alert.organisationId, 'alerts');
      settings.set(alert.organisationId, own);
    }
    const level = levelOf(alert);
    const minutes = level ? own[ESCALATION_MINUTES_FIELDS[level]] : 0;
    if (!level || minutes <= 0) continue;
    const from = alert.escalatedAt ?? alert.waitingSince;
    if (now.getTime() - from.getTime() < minutes * 60_000) continue;
    if (await escalate(deps, alert, level, minutes, own.onCall, now)) steps += 1;
  }
  return steps;
}

/**
 * One step: the next level that has someone to tell (no assignee goes straight to the primary
 * provider, and so on). With nobody at all, the last level is taken telling nobody, so the alert is
 * not looked at again every minute; the history says so. Claimed, recorded and audited in one
 * transaction; told (socket and mail) after it committed.
 */
async function escalate(deps: Deps, alert: WaitingAlert, level: EscalationLevel, minutes: number, onCall: readonly string[], now: Date): Promise<boolean> {
  const patient = await findAccount(deps.db, alert.patientAccountId);
  const candidates: Record<number, readonly (string | null | undefined)[]> = {
    1: [alert.assignedToAccountId],
    2: [patient?.patient?.primaryProviderId],
    3: onCall,
  };
  let target = alert.escalationLevel + 1;
  let people: Contact[] = [];
  for (; target <= LAST_ESCALATION_LEVEL; target += 1) {
    people = await cliniciansAmong(deps.db, alert.organisationId, candidates[target] ?? []);
    if (people.length > 0) break;
  }
  target = Math.min(target, LAST_ESCALATION_LEVEL);
  const step = STEPS[target - 1] ?? 'onCall';
  const notified = people.map((p) => p.accountId);
  const claimed = await deps.db.transaction(async (tx) => {
    if (!(await claimEscalationStep(tx, alert.id, alert.escalationLevel, target, now))) return false;
    await insertAlertEvent(tx, { alertId: alert.id, kind: 'escalated', actorAccountId: null, at: now, data: { step, notified } });
    await audit(tx, null, ROUNDS_META, { action: 'alerts.escalate', resourceType: 'alert', resourceId: alert.id, outcome: 'allowed' });
    return true;
  });
  if (!claimed) return false;
  deps.live.alert({ organisationId: alert.organisationId, alertId: alert.id, patientId: alert.patientAccountId, kind: 'escalated', escalation: { step, notified } });
  await mailPeople(deps, alert, people, SEVERITY_WORDS[level], minutes);
  return true;
}

/**
 * E-mail is not a secure channel: the mail says only that an alert of some severity waits, with a
 * link to sign in; no patient, reading or value. A failed mail leaves the step taken (the socket and
 * the inbox still show it) and is logged by the error's name only (mail errors may carry addresses).
 */
async function mailPeople(deps: Deps, alert: WaitingAlert, people: Contact[], severity: string, minutes: number): Promise<void> {
  const link = `${deps.config.publicUrl}/alerts`;
  for (const person of people) {
    if (!person.email) continue;
    try {
      await deps.mailer.send({
        organisationId: alert.organisationId,
        to: person.email,
        subject: 'An alert waits for acknowledgement',
        text: `A ${severity} alert has waited more than ${minutes} minutes without acknowledgement and was escalated to you.\n\nSign in to see it: ${link}\n\nOpenCare`,
        html: `<p>A ${severity} alert has waited more than ${minutes} minutes without acknowledgement and was escalated to you.</p><p><a href="${link}">Sign in to see it</a></p><p>OpenCare</p>`,
      });
    } catch (error) {
      deps.log.warn({ alertId: alert.id, err: (error as Error).name }, 'alert escalation mail not sent');
    }
  }
}
