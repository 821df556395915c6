import { LIMITS } from '@opencare/schemas/constants';
import { ROLES } from '@opencare/schemas/roles';
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorLoginInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type UserTwoFactor,
} from '@opencare/schemas/entities/two-factor';
import { randomBytes } from 'node:crypto';
import type { Actor } from '../access/actor';
import { findAccountsOfUser, type AccountRecord } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { DEMO_SEALED_SECRET, DEMO_TOTP_SECRET } from '../demo/demo-data';
import { AppError } from '../errors/app-error';
import { organisationOfUser } from '../settings/settings.repository';
import { settingsOf } from '../settings/settings.service';
import { findUserById, type UserRow } from '../users/users.repository';
import { assertUserMayAct, startSession, type SignedIn } from './auth.service';
import { revokeSessionsOfUser } from './sessions.repository';
import { hashToken, newOpaqueToken, verifyPassword } from './secrets';
import { base32Decode, base32Encode, matchingStep, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp';
import {
  countUnusedRecoveryCodes,
  deleteStaleChallenges,
  disableTwoFactor as deleteTwoFactor,
  enableTwoFactor,
  findLiveChallenge,
  findTwoFactor,
  insertChallenge,
  replaceRecoveryCodes,
  reserveChallengeAttempt,
  savePendingSecret,
  takeStep,
  useChallenge,
  useRecoveryCode,
} from './two-factor.repository';

/** A sign-in waits this long for its code; enrolment (installing an app, scanning) gets longer. */
const CODE_CHALLENGE_TTL_MS = 5 * 60_000;
const ENROL_CHALLENGE_TTL_MS = 15 * 60_000;
/** Codes tried on one challenge before it is spent: a new one needs the password again. */
const CHALLENGE_ATTEMPTS = 5;
/** Wrong codes for one user, across challenges, before the second step refuses for the window. */
const FAILED_CODES_PER_USER = 10;
const FAILED_CODES_WINDOW_MS = 15 * 60_000;
/** A set-up not confirmed within this time must start again with a new secret. */
const PENDING_SETUP_TTL_MS = 30 * 60_000;

const STAFF_ROLES: readonly number[] = [ROLES.Super, ROLES.Admin, ROLES.Physician, ROLES.Nurse, ROLES.Assistant];
const ADMIN_ROLES: readonly number[] = [ROLES.Super, ROLES.Admin];
const isStaffAccount = (a: AccountRecord) => a.account.accountType === 'prov' || a.roles.some((r) => STAFF_ROLES.includes(r));

interface Policy {
  /** Holds an active staff account: may enrol, and is asked for a code once enrolled. */
  staff: boolean;
  /** An administrator, or staff of an organisation whose security settings require it. */
  required: boolean;
}

/** Patients and caregivers are never asked; administrators always; other staff as their organisation says. */
async function policyOf(db: Executor, userId: string): Promise<Policy> {
  const staff = (await findAccountsOfUser(db, userId)).filter((a) => a.account.status === 'active' && isStaffAccount(a));
  if (staff.length === 0) return { staff: false, required: false };
  if (staff.some((a) => a.roles.some((r) => ADMIN_ROLES.includes(r)))) return { staff: true, required: true };
  for (const organisationId of new Set(staff.map((a) => a.account.organisationId))) {
    if ((await settingsOf(db, organisationId, 'security')).twoFactorForAllStaff) return { staff: true, required: true };
  }
  return { staff: true, required: false };
}

/**
 * The user's confirmed authenticator secret: `none` when not enrolled (or it can no longer be opened,
 * JWT_SECRET having changed); `demoRefused` for the demo admin's published secret outside demo mode,
 * which must be replaced by a real enrolment before that account signs in.
 */
async function enrolledSecret(deps: Pick<Deps, 'db' | 'config'>, userId: string): Promise<Uint8Array | 'none' | 'demoRefused'> {
  const row = await findTwoFactor(deps.db, userId);
  if (!row?.enabledAt || !row.secretSealed) return 'none';
  if (row.secretSealed === DEMO_SEALED_SECRET) return deps.config.demo ? base32Decode(DEMO_TOTP_SECRET) : 'demoRefused';
  return openSecret(deps.config.jwtSecret, row.secretSealed) ?? 'none';
}

/**
 * Called by login once the password is right: the second step this user owes, or null for none.
 * The challenge token is single-purpose (it can only be answered, never used as an access token),
 * short-lived and stored hashed.
 */
export async function twoFactorChallengeFor(deps: Deps, user: UserRow, meta: RequestMeta): Promise<TwoFactorChallenge | null> {
  const policy = await policyOf(deps.db, user.id);
  if (!policy.staff) return null;
  const secret = await enrolledSecret(deps, user.id);
  if (secret === 'none' && !policy.required) return null;
  const kind = secret instanceof Uint8Array ? 'code' : 'enrol';
  const now = new Date();
  await deleteStaleChallenges(deps.db, user.id, now);
  const challengeToken = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + (kind === 'code' ? CODE_CHALLENGE_TTL_MS : ENROL_CHALLENGE_TTL_MS));
  await insertChallenge(deps.db, { userId: user.id, tokenHash: hashToken(challengeToken), kind, expiresAt, ip: meta.ip, userAgent: meta.userAgent });
  await audit(deps.db, null, meta, { action: `auth.login.twoFactor.${kind}`, resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
  return { challengeToken, kind, expiresAt: expiresAt.toISOString() };
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 characters of base32: 80 random bits, so a plain SHA-256 is enough to store it. */
function newRecoveryCode(): string {
  const chars = Array.from(randomBytes(16), (b) => RECOVERY_ALPHABET[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}
function normalizeRecoveryCode(code: string): string | null {
  const clean = code.replace(/[\s-]/g, '').toLowerCase();
  return /^[a-z2-7]{16}$/.test(clean) ? clean : null;
}

async function newRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(db, userId, codes.map((c) => hashToken(normalizeRecoveryCode(c)!)));
  return codes;
}

/**
 * Spends a code: an authenticator code takes its time step (a step already taken, or an earlier one,
 * is refused: no replay), a recovery code is used up. True when the code was good.
 */
async function spendCode(db: Executor, userId: string, secret: Uint8Array, code: string): Promise<boolean> {
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = matchingStep(secret, digits, Date.now());
    return step !== null && (await takeStep(db, userId, step));
  }
  const recovery = normalizeRecoveryCode(code);
  return recovery !== null && (await useRecoveryCode(db, userId, hashToken(recovery)));
}

const codeRefused = () => new AppError('twoFactorCodeInvalid', { fields: [{ field: 'code', message: 'That code is not valid.' }] });
/**
 * Where wrong codes are counted: at sign-in per user and per address (whoever guesses holds the
 * password but no session); signed in, per user apart, so a session's mistakes never block sign-in.
 */
type CodeContext = { userId: string; ip: string; signedIn: boolean };
const failedKeys = ({ userId, ip, signedIn }: CodeContext) =>
  signedIn ? [{ key: `two-factor-failed:session-user:${userId}`, max: FAILED_CODES_PER_USER, windowMs: FAILED_CODES_WINDOW_MS }] : [
    { key: `two-factor-failed:user:${userId}`, max: FAILED_CODES_PER_USER, windowMs: FAILED_CODES_WINDOW_MS },
    { key: `two-factor-failed:ip:${ip}`, max: LIMITS.failedLoginsPerWindow, windowMs: LIMITS.failedLoginWindowMs },
  ];

/**
 * Checks a code under the wrong-code limits. Each count's slot is reserved BEFORE the code is
 * checked (RateLimiter.consume: check and count in one atomic step), so parallel guesses get at most
 * the limit evaluated; a wrong code (`null`) leaves its slots counted, anything else gives them back.
 */
async function checkCode<T>(deps: Deps, context: CodeContext, check: () => Promise<T | null>): Promise<T | null> {
  const reserved: string[] = [];
  const giveBack = () => Promise.all(reserved.map((key) => deps.limiter.release(key)));
  for (const { key, max, windowMs } of failedKeys(context)) {
    if (!(await deps.limiter.consume(key, max, windowMs)).granted) {
      await giveBack();
      throw new AppError('rateLimited');
    }
    reserved.push(key);
  }
  let wrong = false;
  try {
    const result = await check();
    wrong = result === null;
    return result;
  } finally {
    if (!wrong) await giveBack();
  }
}
const spent = (deps: Deps, userId: string, secret: Uint8Array, code: string) => () =>
  spendCode(deps.db, userId, secret, code).then((good) => good || null);

/** A live challenge of the given kind with one attempt reserved, and its user, still allowed to act. */
async function takeChallenge(deps: Deps, challengeToken: string, kind: 'code' | 'enrol', meta: RequestMeta) {
  const challenge = await reserveChallengeAttempt(deps.db, hashToken(challengeToken), CHALLENGE_ATTEMPTS, new Date());
  if (!challenge || challenge.kind !== kind) {
    await audit(deps.db, null, meta, { action: 'auth.login.twoFactor', resourceType: 'challenge', outcome: 'denied' });
    throw new AppError('twoFactorChallengeExpired');
  }
  const user = await findUserById(deps.db, challenge.userId);
  if (!user) throw new AppError('twoFactorChallengeExpired');
  assertUserMayAct(user);
  return { challenge, user, context: { userId: user.id, ip: meta.ip, signedIn: false } };
}

async function refuseCode(deps: Deps, userId: string, meta: RequestMeta, action: string): Promise<never> {
  await audit(deps.db, null, meta, { action, resourceType: 'user', resourceId: userId, outcome: 'denied' });
  throw codeRefused();
}

/** The second step of a sign-in: an authenticator or recovery code against a `code` challenge. */
export async function completeTwoFactorLogin(deps: Deps, input: TwoFactorLoginInput, meta: RequestMeta): Promise<SignedIn> {
  const { challenge, user, context } = await takeChallenge(deps, input.challengeToken, 'code', meta);
  const secret = await enrolledSecret(deps, user.id);
  if (!(secret instanceof Uint8Array)) throw new AppError('twoFactorChallengeExpired');
  if (!(await checkCode(deps, context, spent(deps, user.id, secret, input.code)))) return refuseCode(deps, user.id, meta, 'auth.login.twoFactor');
  if (!(await useChallenge(deps.db, challenge.id))) throw new AppError('twoFactorChallengeExpired');
  return startSession(deps, user, meta);
}

async function issuerOf(db: Executor, userId: string): Promise<string> {
  const organisationId = await organisationOfUser(db, userId);
  return organisationId ? (await settingsOf(db, organisationId, 'organization')).name : 'OpenCare';
}

/** A fresh secret, kept sealed as pending until the first code confirms the user's app holds it. */
async function newSetup(deps: Deps, user: UserRow): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  await savePendingSecret(deps.db, user.id, sealSecret(deps.config.jwtSecret, secret), new Date());
  const issuer = await issuerOf(deps.db, user.id);
  return { secret: base32Encode(secret), otpauthUri: otpauthUri(secret, issuer, user.username), issuer, accountName: user.username };
}

/**
 * Confirms the pending set-up with a first code: the secret becomes the user's, that code's step is
 * taken, and ten new recovery codes (shown this once) replace any earlier ones.
 */
async function confirmSetup(deps: Deps, userId: string, code: string): Promise<string[] | null> {
  const row = await findTwoFactor(deps.db, userId);
  if (!row?.pendingSecretSealed || !row.pendingCreatedAt || Date.now() - row.pendingCreatedAt.getTime() > PENDING_SETUP_TTL_MS) {
    throw new AppError('twoFactorSetupMissing');
  }
  const secret = openSecret(deps.config.jwtSecret, row.pendingSecretSealed);
  if (!secret) throw new AppError('twoFactorSetupMissing');
  const step = matchingStep(secret, code.replace(/\s/g, ''), Date.now());
  if (step === null) return null;
  return deps.db.transaction(async (tx) => {
    if (!(await enableTwoFactor(tx, userId, row.pendingSecretSealed!, step, new Date()))) throw new AppError('twoFactorSetupMissing');
    return newRecoveryCodes(tx, userId);
  });
}

/** Enrolment demanded at sign-in: the set-up for an `enrol` challenge (no token exists yet). */
export async function beginEnrolmentAtLogin(deps: Deps, challengeToken: string, meta: RequestMeta): Promise<TwoFactorSetup> {
  const challenge = await findLiveChallenge(deps.db, hashToken(challengeToken), new Date());
  const user = challenge?.kind === 'enrol' ? await findUserById(deps.db, challenge.userId) : undefined;
  if (!user) {
    await audit(deps.db, null, meta, { action: 'auth.login.twoFactor.setup', resourceType: 'challenge', outcome: 'denied' });
    throw new AppError('twoFactorChallengeExpired');
  }
  assertUserMayAct(user);
  return newSetup(deps, user);
}

/** Enrolment demanded at sign-in, confirmed: only now is the session started. */
export async function completeEnrolmentAtLogin(
  deps: Deps,
  input: TwoFactorLoginInput,
  meta: RequestMeta,
): Promise<SignedIn & RecoveryCodes> {
  const { challenge, user, context } = await takeChallenge(deps, input.challengeToken, 'enrol', meta);
  const recoveryCodes = await checkCode(deps, context, () => confirmSetup(deps, user.id, input.code));
  if (!recoveryCodes) return refuseCode(deps, user.id, meta, 'auth.twoFactor.enable');
  await audit(deps.db, null, meta, { action: 'auth.twoFactor.enable', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
  if (!(await useChallenge(deps.db, challenge.id))) throw new AppError('twoFactorChallengeExpired');
  return { ...(await startSession(deps, user, meta)), recoveryCodes };
}

async function staffUser(deps: Deps, actor: Actor): Promise<{ user: UserRow; policy: Policy }> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('notFound');
  const policy = await policyOf(deps.db, user.id);
  if (!policy.staff) throw new AppError('twoFactorStaffOnly');
  return { user, policy };
}

export async function twoFactorStatus(deps: Deps, actor: Actor): Promise<TwoFactorStatus> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('notFound');
  const policy = await policyOf(deps.db, user.id);
  const row = await findTwoFactor(deps.db, user.id);
  const enabled = (await enrolledSecret(deps, user.id)) instanceof Uint8Array;
  return {
    enabled,
    required: policy.required,
    enabledAt: enabled && row?.enabledAt ? row.enabledAt.toISOString() : null,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(deps.db, user.id) : 0,
  };
}

/** Settings → Security: start enrolment (staff only; not while enrolled — turn it off first). */
export async function beginTwoFactorSetup(deps: Deps, actor: Actor, meta: RequestMeta): Promise<TwoFactorSetup> {
  const { user } = await staffUser(deps, actor);
  if ((await enrolledSecret(deps, user.id)) instanceof Uint8Array) throw new AppError('twoFactorAlreadyEnabled');
  await audit(deps.db, actor, meta, { action: 'auth.twoFactor.setup', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
  return newSetup(deps, user);
}

export async function confirmTwoFactorSetup(deps: Deps, actor: Actor, meta: RequestMeta, code: string): Promise<RecoveryCodes> {
  const { user } = await staffUser(deps, actor);
  if ((await enrolledSecret(deps, user.id)) instanceof Uint8Array) throw new AppError('twoFactorAlreadyEnabled');
  const context = { userId: user.id, ip: meta.ip, signedIn: true };
  const recoveryCodes = await checkCode(deps, context, () => confirmSetup(deps, user.id, code));
  if (!recoveryCodes) {
    await audit(deps.db, actor, meta, { action: 'auth.twoFactor.enable', resourceType: 'user', resourceId: user.id, outcome: 'denied' });
    throw codeRefused();
  }
  await audit(deps.db, actor, meta, { action: 'auth.twoFactor.enable', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
  return { recoveryCodes };
}

/** Proof of holding the authenticator (or a recovery code) for a change to two-factor itself. */
async function requireCode(deps: Deps, actor: Actor, meta: RequestMeta, code: string, action: string): Promise<void> {
  const secret = await enrolledSecret(deps, actor.userId);
  if (!(secret instanceof Uint8Array)) throw new AppError('twoFactorNotEnabled');
  const context = { userId: actor.userId, ip: meta.ip, signedIn: true };
  if (!(await checkCode(deps, context, spent(deps, actor.userId, secret, code)))) {
    await audit(deps.db, actor, meta, { action, resourceType: 'user', resourceId: actor.userId, outcome: 'denied' });
    throw codeRefused();
  }
}

/** Turn two-factor sign-in off: the password and a code, and only where it is not required. */
export async function disableTwoFactor(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: { password: string; code: string },
): Promise<TwoFactorStatus> {
  const { user, policy } = await staffUser(deps, actor);
  if (policy.required) throw new AppError('twoFactorRequiredByPolicy');
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await audit(deps.db, actor, meta, { action: 'auth.twoFactor.disable', resourceType: 'user', resourceId: user.id, outcome: 'denied' });
    throw new AppError('currentPasswordIncorrect', { fields: [{ field: 'password', message: 'The password is not correct.' }] });
  }
  await requireCode(deps, actor, meta, input.code, 'auth.twoFactor.disable');
  await deps.db.transaction((tx) => deleteTwoFactor(tx, user.id));
  await audit(deps.db, actor, meta, { action: 'auth.twoFactor.disable', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
  return twoFactorStatus(deps, actor);
}

/** A user's two-factor sign-in as their admin sees it (the caller's right to see the user is checked by the caller). */
export async function twoFactorOfUser(deps: Deps, userId: string): Promise<UserTwoFactor> {
  const row = await findTwoFactor(deps.db, userId);
  const enabled = (await enrolledSecret(deps, userId)) instanceof Uint8Array;
  return {
    enabled,
    enabledAt: enabled && row?.enabledAt ? row.enabledAt.toISOString() : null,
    required: (await policyOf(deps.db, userId)).required,
  };
}

/**
 * An admin resets a user who lost their authenticator and recovery codes: the secret and the codes
 * go, and every session of the user ends (a lost phone may hold one). Where two-factor is required,
 * the next sign-in enrols a new authenticator before any token is issued.
 */
export async function resetTwoFactorOfUser(deps: Deps, userId: string): Promise<void> {
  await deps.db.transaction((tx) => deleteTwoFactor(tx, userId));
  deps.live.sessionsEnded(await revokeSessionsOfUser(deps.db, userId, 'two-factor reset'), 'twoFactorReset');
}

/** New recovery codes for a code (authenticator, or one of the old recovery codes); the old ones stop working. */
export async function regenerateRecoveryCodes(deps: Deps, actor: Actor, meta: RequestMeta, code: string): Promise<RecoveryCodes> {
  const { user } = await staffUser(deps, actor);
  await requireCode(deps, actor, meta, code, 'auth.twoFactor.recoveryCodes');
  const recoveryCodes = await deps.db.transaction((tx) => newRecoveryCodes(tx, user.id));
  await audit(deps.db, actor, meta, { action: 'auth.twoFactor.recoveryCodes', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
  return { recoveryCodes };
}
