import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { loginChallenges, twoFactorRecoveryCodes, userTwoFactor } from '../db/schema';

export async function findTwoFactor(db: Executor, userId: string) {
  const [row] = await db
    .select({
      secretSealed: userTwoFactor.secretSealed,
      pendingSecretSealed: userTwoFactor.pendingSecretSealed,
      pendingCreatedAt: userTwoFactor.pendingCreatedAt,
      enabledAt: userTwoFactor.enabledAt,
      lastUsedStep: userTwoFactor.lastUsedStep,
    })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  return row;
}

/** An enrolment made outright (the demo admin's). */
export async function insertEnrolledTwoFactor(db: Executor, userId: string, sealed: string): Promise<void> {
  await db.insert(userTwoFactor).values({ userId, secretSealed: sealed, enabledAt: new Date() });
}

/** A new pending secret replaces any earlier one; the confirmed secret, if any, stays until confirmation. */
export async function savePendingSecret(db: Executor, userId: string, sealed: string, at: Date): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, pendingSecretSealed: sealed, pendingCreatedAt: at })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingSecretSealed: sealed, pendingCreatedAt: at, updatedAt: at } });
}

/** The pending secret becomes the secret, if it is still the one the code was checked against. */
export async function enableTwoFactor(db: Executor, userId: string, pendingSealed: string, step: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ secretSealed: pendingSealed, pendingSecretSealed: null, pendingCreatedAt: null, enabledAt: at, lastUsedStep: step, updatedAt: at })
    .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.pendingSecretSealed, pendingSealed)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length === 1;
}

export async function disableTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/**
 * Takes the time step of an accepted code, once: the update succeeds only for a step later than
 * the last one taken, so two requests racing with the same code cannot both win (RFC 6238 §5.2).
 */
export async function takeStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        sql`${userTwoFactor.enabledAt} is not null`,
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code: true once, for an unused code of this user. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function insertChallenge(
  db: Executor,
  values: { userId: string; tokenHash: string; kind: 'code' | 'enrol'; expiresAt: Date; ip: string; userAgent?: string },
): Promise<void> {
  await db.insert(loginChallenges).values({ ...values, userAgent: values.userAgent?.slice(0, 300) });
}

/**
 * Reserves one attempt on a live challenge before any code is checked, so parallel guesses cannot
 * exceed the limit; the challenge, or nothing when it is unknown, used, expired or out of attempts.
 */
export async function reserveChallengeAttempt(db: Executor, tokenHash: string, maxAttempts: number, now: Date) {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: loginChallenges.id, userId: loginChallenges.userId, kind: loginChallenges.kind });
  return row;
}

/** A live challenge, without spending an attempt (the enrolment set-up step). */
export async function findLiveChallenge(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId, kind: loginChallenges.kind })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)));
  return row;
}

/** Closes a challenge: true once, so one challenge yields at most one session. */
export async function useChallenge(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

/** Challenges live minutes; the login that makes a new one sweeps the user's old ones. */
export async function deleteStaleChallenges(db: Executor, userId: string, now: Date): Promise<void> {
  await db.delete(loginChallenges).where(and(eq(loginChallenges.userId, userId), or(lt(loginChallenges.expiresAt, now), sql`${loginChallenges.usedAt} is not null`)));
}
