import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, alerts, measurementSchedules, measurements } from '../db/schema';
import { NO_READINGS } from './alerts.repository';

/** The last escalation step (the on-call list): past it an alert waits in the inbox only. */
export const LAST_ESCALATION_LEVEL = 3;

/** Open alerts nobody has acknowledged yet that still have a step to go, of every organisation. */
export function waitingAlerts(db: Executor) {
  return db
    .select({
      id: alerts.id,
      organisationId: alerts.organisationId,
      patientAccountId: alerts.patientAccountId,
      type: alerts.type,
      rangeClass: alerts.rangeClass,
      escalationLevel: alerts.escalationLevel,
      waitingSince: alerts.waitingSince,
      escalatedAt: alerts.escalatedAt,
      assignedToAccountId: alerts.assignedToAccountId,
    })
    .from(alerts)
    .where(and(isNull(alerts.acknowledgedAt), isNull(alerts.resolvedAt), lt(alerts.escalationLevel, LAST_ESCALATION_LEVEL)));
}
export type WaitingAlert = Awaited<ReturnType<typeof waitingAlerts>>[number];

/**
 * Claims one escalation step: moves the alert from the level this edge saw to the next one it
 * notifies, only if it is still there and still unacknowledged. Two edges (or a restarted one)
 * racing for the same step update the row one after the other; the second finds the level moved
 * and claims nothing, so every step is taken once. True when this call claimed it.
 */
export async function claimEscalationStep(db: Executor, id: string, fromLevel: number, toLevel: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({ escalationLevel: toLevel, escalatedAt: now })
    .where(and(eq(alerts.id, id), eq(alerts.escalationLevel, fromLevel), isNull(alerts.acknowledgedAt), isNull(alerts.resolvedAt)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** Organisations with an active measurement schedule (whose patients' readings may stop). */
export async function organisationsWithSchedules(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: measurementSchedules.organisationId })
    .from(measurementSchedules)
    .where(eq(measurementSchedules.active, true))
    .groupBy(measurementSchedules.organisationId);
  return rows.map((r) => r.id);
}

/**
 * Active patients of an organisation with a schedule under way since before `since` and no reading
 * taken since then, who have no open "no readings" alert yet; with their last reading's time.
 */
export async function patientsWithoutReadings(db: Executor, organisationId: string, since: Date, today: string) {
  const lastReading = sql<Date | null>`(select max(${measurements.takenAt}) from ${measurements} where ${measurements.patientAccountId} = ${measurementSchedules.patientAccountId})`;
  const sinceIso = since.toISOString();
  return db
    .select({ patientAccountId: measurementSchedules.patientAccountId, lastReadingAt: sql<string | null>`${lastReading}` })
    .from(measurementSchedules)
    .innerJoin(accounts, eq(accounts.id, measurementSchedules.patientAccountId))
    .where(
      and(
        eq(measurementSchedules.organisationId, organisationId),
        eq(measurementSchedules.active, true),
        eq(accounts.status, 'active'),
        sql`${measurementSchedules.startDate} <= ${today}`,
        sql`(${measurementSchedules.endDate} is null or ${measurementSchedules.endDate} >= ${today})`,
        sql`${measurementSchedules.createdAt} <= ${sinceIso}::timestamptz`,
        sql`coalesce(${lastReading}, '-infinity'::timestamptz) < ${sinceIso}::timestamptz`,
        sql`not exists (select 1 from ${alerts} where ${alerts.patientAccountId} = ${measurementSchedules.patientAccountId} and ${alerts.type} = ${NO_READINGS} and ${alerts.resolvedAt} is null)`,
      ),
    )
    .groupBy(measurementSchedules.patientAccountId);
}

/**
 * Opens a patient's "no readings" alert, unless one is open: the partial unique index of open alerts
 * makes a second edge's insert do nothing. Ranked lowest (elevated): a silence is less urgent than a
 * crisis reading. The id when this call opened it.
 */
export async function openNoReadingsAlert(
  db: Executor,
  alert: { organisationId: string; patientAccountId: string; lastReadingAt: Date; now: Date },
): Promise<string | undefined> {
  const [row] = await db
    .insert(alerts)
    .values({
      organisationId: alert.organisationId,
      patientAccountId: alert.patientAccountId,
      type: NO_READINGS,
      measurementId: null,
      rangeClass: 'elevated',
      severity: 1,
      lastReadingAt: alert.lastReadingAt,
      waitingSince: alert.now,
      createdAt: alert.now,
    })
    .onConflictDoNothing({ target: [alerts.patientAccountId, alerts.type], where: isNull(alerts.resolvedAt) })
    .returning({ id: alerts.id });
  return row?.id;
}
