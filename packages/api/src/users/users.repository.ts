import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { accountRoles, accounts, signupRequests, users } from '../db/schema';
import { containing } from '../db/like';

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  passwordHash: users.passwordHash,
  isLocked: users.isLocked,
  isVerified: users.isVerified,
  status: users.status,
  lastLogin: users.lastLogin,
};
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Login accepts the username or the e-mail, in any letter case. */
export async function findUserByLogin(db: Executor, login: string) {
  const value = login.toLowerCase();
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`));
  return row;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select(userColumns).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function usernameOrEmailTaken(db: Executor, username: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}

/** A username is taken by a user or held by a sign-up still waiting to be completed. */
export async function usernameInUse(db: Executor, username: string, now: Date): Promise<boolean> {
  const value = username.toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${value}`).limit(1);
  if (user) return true;
  const [pending] = await db
    .select({ id: signupRequests.id })
    .from(signupRequests)
    .where(
      and(
        sql`lower(${signupRequests.username}) = ${value}`,
        sql`${signupRequests.completedAt} is null`,
        sql`${signupRequests.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  return pending !== undefined;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function updateUserRow(db: Executor, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Users holding an account in the organisation (all organisations when null), filtered and paged. */
export async function listUsers(
  db: Executor,
  filter: { organisationId: string | null; search?: string; role?: number; status?: 'active' | 'inactive'; locked?: boolean },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  const inScope = db
    .select({ userId: accounts.userId })
    .from(accounts)
    .leftJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
    .where(
      and(
        filter.organisationId ? eq(accounts.organisationId, filter.organisationId) : undefined,
        filter.role !== undefined ? eq(accountRoles.role, filter.role) : undefined,
      ),
    );
  conditions.push(inArray(users.id, inScope));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  if (filter.locked !== undefined) conditions.push(eq(users.isLocked, filter.locked));
  if (filter.search) {
    const like = containing(filter.search);
    const byName = or(ilike(users.username, like), ilike(users.email, like));
    if (byName) conditions.push(byName);
  }
  const where = and(...conditions);
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.username))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows, total: count?.n ?? 0 };
}
