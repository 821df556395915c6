import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ROLES } from '@opencare/schemas/roles';
import type { Executor } from '../db/database';
import { accountRoles, accounts, users } from '../db/schema';

/** Active, unlocked admins of an organisation other than `exceptUserId`. */
export async function countActiveAdmins(db: Executor, organisationId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(accounts, eq(accounts.userId, users.id))
    .innerJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
    .where(
      and(
        eq(accounts.organisationId, organisationId),
        inArray(accountRoles.role, [ROLES.Admin, ROLES.Super]),
        eq(users.status, 'active'),
        eq(users.isLocked, false),
        eq(accounts.status, 'active'),
        ne(users.id, exceptUserId),
      ),
    );
  return row?.n ?? 0;
}
