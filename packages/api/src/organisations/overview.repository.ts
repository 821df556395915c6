import { and, count, eq, gt, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accounts, alerts, gateways, invitations, measurements } from '../db/schema';

/** One organisation's counts for its admins' home; rows are counted, never read out. */
export async function organisationCounts(db: Executor, organisationId: string, now: Date) {
  const accountsOf = (accountType: 'pat' | 'prov') =>
    db
      .select({ n: count() })
      .from(accounts)
      .where(and(eq(accounts.organisationId, organisationId), eq(accounts.accountType, accountType), eq(accounts.status, 'active')));
  const [[patients], [staff], [invited], [offline], [open], [readings]] = await Promise.all([
    accountsOf('pat'),
    accountsOf('prov'),
    db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.organisationId, organisationId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now))),
    // A gateway no patient has added yet is waiting to be paired, not offline.
    db
      .select({ n: count() })
      .from(gateways)
      .where(and(eq(gateways.organisationId, organisationId), isNotNull(gateways.patientAccountId), eq(gateways.isOnline, false))),
    db
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.organisationId, organisationId), isNull(alerts.acknowledgedAt))),
    db
      .select({ n: count() })
      .from(measurements)
      .where(and(eq(measurements.organisationId, organisationId), gte(measurements.takenAt, new Date(now.getTime() - 86_400_000)))),
  ]);
  return {
    activePatients: patients?.n ?? 0,
    staff: staff?.n ?? 0,
    pendingInvitations: invited?.n ?? 0,
    gatewaysOffline: offline?.n ?? 0,
    openAlerts: open?.n ?? 0,
    readingsLastDay: readings?.n ?? 0,
  };
}
