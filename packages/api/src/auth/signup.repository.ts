import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { signupRequests } from '../db/schema';

const columns = {
  id: signupRequests.id,
  email: signupRequests.email,
  username: signupRequests.username,
  passwordHash: signupRequests.passwordHash,
  accountType: signupRequests.accountType,
  details: signupRequests.details,
  expiresAt: signupRequests.expiresAt,
  lastSentAt: signupRequests.lastSentAt,
  verifiedAt: signupRequests.verifiedAt,
  completedAt: signupRequests.completedAt,
};
export type SignupRequestRow = NonNullable<Awaited<ReturnType<typeof findSignupByToken>>>;

export async function findSignupByToken(db: Executor, tokenHash: string) {
  const [row] = await db.select(columns).from(signupRequests).where(eq(signupRequests.tokenHash, tokenHash));
  return row;
}

/** The newest sign-up for an e-mail that is neither completed nor expired. */
export async function findActiveSignupByEmail(db: Executor, email: string, now: Date) {
  const [row] = await db
    .select(columns)
    .from(signupRequests)
    .where(
      and(
        sql`lower(${signupRequests.email}) = ${email.toLowerCase()}`,
        isNull(signupRequests.completedAt),
        sql`${signupRequests.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .orderBy(desc(signupRequests.createdAt))
    .limit(1);
  return row;
}

export async function insertSignup(db: Executor, values: typeof signupRequests.$inferInsert): Promise<void> {
  await db.insert(signupRequests).values(values);
}

export async function updateSignup(db: Executor, id: string, values: Partial<typeof signupRequests.$inferInsert>): Promise<void> {
  await db.update(signupRequests).set(values).where(eq(signupRequests.id, id));
}
