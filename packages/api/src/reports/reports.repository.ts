import { and, count, countDistinct, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accountRoles, accounts, auditLog, errorLogs, invitations, measurements, users } from '../db/schema';

/** Counts for one organisation since an instant; people are counted, never listed. */
export async function organisationFigures(db: Executor, organisationId: string, since: Date) {
  const members = db
    .select({ id: accounts.userId })
    .from(accounts)
    .where(eq(accounts.organisationId, organisationId));
  // The audit log names its resource as text (not every resource id is a uuid).
  const memberIds = db
    .select({ id: sql<string>`${accounts.userId}::text` })
    .from(accounts)
    .where(eq(accounts.organisationId, organisationId));
  const [byRole, [active], [signIns], [sent], [accepted], [readings], [refused], [clientErrors]] =
    await Promise.all([
      db
        .select({ role: accountRoles.role, count: count() })
        .from(accountRoles)
        .innerJoin(accounts, eq(accounts.id, accountRoles.accountId))
        .where(and(eq(accounts.organisationId, organisationId), eq(accounts.status, 'active')))
        .groupBy(accountRoles.role),
      db
        .select({ n: countDistinct(users.id) })
        .from(users)
        .where(and(eq(users.status, 'active'), inArray(users.id, members))),
      db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'auth.login'),
            eq(auditLog.outcome, 'allowed'),
            gte(auditLog.at, since),
            inArray(auditLog.resourceId, memberIds),
          ),
        ),
      db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.organisationId, organisationId), gte(invitations.createdAt, since))),
      db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.organisationId, organisationId), gte(invitations.acceptedAt, since))),
      db
        .select({ n: count(), patients: countDistinct(measurements.patientAccountId) })
        .from(measurements)
        .where(and(eq(measurements.organisationId, organisationId), gte(measurements.takenAt, since))),
      db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.outcome, 'denied'),
            gte(auditLog.at, since),
            inArray(auditLog.actorUserId, members),
          ),
        ),
      db
        .select({ n: count() })
        .from(errorLogs)
        .where(and(gte(errorLogs.at, since), inArray(errorLogs.userId, members))),
    ]);
  return {
    byRole,
    activeUsers: active?.n ?? 0,
    signIns: signIns?.n ?? 0,
    invitationsSent: sent?.n ?? 0,
    invitationsAccepted: accepted?.n ?? 0,
    readings: readings?.n ?? 0,
    patientsWithReadings: readings?.patients ?? 0,
    refusedAccesses: refused?.n ?? 0,
    clientErrors: clientErrors?.n ?? 0,
  };
}
