import type { LoginInput, SessionSummary } from '@opencare/schemas/entities/auth';
import type { TwoFactorChallenge } from '@opencare/schemas/entities/two-factor';
import type { User } from '@opencare/schemas/entities/user';
import type { Actor } from '../access/actor';
import { defaultAccountStatus } from '../accounts/accounts.repository';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { loadUserDto } from '../users/user.dto';
import { findUserById, updateUserRow, type UserRow } from '../users/users.repository';
import { signAccessToken, verifyAccessToken } from './access-token';
import { reserveLoginAttempt } from './login-attempts';
import {
  assertPasswordPolicy,
  idleLongerThanAllowed,
  sessionIdleTooLong,
  settingsFrom,
} from '../settings/settings.service';
import { decoyPasswordHash, hashPassword, hashToken, newOpaqueToken, verifyPassword } from './secrets';
import {
  findRefreshToken,
  findSession,
  findSessionWithAccounts,
  insertRefreshToken,
  insertSession,
  listActiveSessions,
  markSessionUsed,
  revokeSession,
  revokeSessionsOfUser,
  touchSession,
  useRefreshToken,
} from './sessions.repository';
import { twoFactorChallengeFor } from './two-factor.service';

export interface SignedIn {
  user: User;
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** A locked or inactive user cannot sign in, refresh or act, whatever their token says. */
export function assertUserMayAct(user: Pick<UserRow, 'status' | 'isLocked'>): void {
  if (user.status !== 'active') throw new AppError('accountInactive');
  if (user.isLocked) throw new AppError('accountLocked');
}

async function issueTokens(deps: Deps, userId: string, sessionId: string) {
  const refreshToken = newOpaqueToken();
  const refreshExpiresAt = new Date(Date.now() + deps.config.refreshTokenTtlMs);
  await insertRefreshToken(deps.db, sessionId, hashToken(refreshToken), refreshExpiresAt);
  await touchSession(deps.db, sessionId, refreshExpiresAt);
  const accessToken = await signAccessToken(deps.config, userId, sessionId);
  return { accessToken, refreshToken, refreshExpiresAt };
}

/**
 * Sign in with username (or e-mail) and password. Unknown user and wrong password give the same
 * answer in the same time; the attempt is reserved against the per-address and per-account limits
 * before the password is hashed (login-attempts.ts). A locked or inactive account answers the same
 * whatever the password, so it never confirms one.
 */
export async function login(deps: Deps, input: LoginInput, meta: RequestMeta): Promise<SignedIn | { twoFactor: TwoFactorChallenge }> {
  const attempt = await reserveLoginAttempt(deps, input.username, meta);
  const user = attempt.user;
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !passwordOk || user.status !== 'active' || user.isLocked) {
    await audit(deps.db, null, meta, { action: 'auth.login', resourceType: 'user', resourceId: user?.id, outcome: 'denied' });
    if (user) assertUserMayAct(user);
    throw new AppError('invalidCredentials');
  }
  await attempt.succeeded();
  // A patient who signed up waits for the clinic's approval (signup-approval.service.ts), and is told
  // so; a declined one is inactive. Said only once the password is right.
  const accountStatus = await defaultAccountStatus(deps.db, user.id);
  if (accountStatus === 'pending' || accountStatus === 'inactive') {
    await audit(deps.db, null, meta, { action: 'auth.login', resourceType: 'user', resourceId: user.id, outcome: 'denied' });
    throw new AppError(accountStatus === 'pending' ? 'accountAwaitingApproval' : 'accountInactive');
  }
  // Staff with two-factor sign-in owe a second step before any token (two-factor.service.ts).
  const challenge = await twoFactorChallengeFor(deps, user, meta);
  if (challenge) return { twoFactor: challenge };
  return startSession(deps, user, meta);
}

/** A session for a user who has proven who they are: tokens, last login, the audit entry. */
export async function startSession(deps: Deps, user: UserRow, meta: RequestMeta): Promise<SignedIn> {
  const sessionId = await insertSession(deps.db, {
    userId: user.id,
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlMs),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  const tokens = await issueTokens(deps, user.id, sessionId);
  const lastLogin = new Date();
  await updateUserRow(deps.db, user.id, { lastLogin });
  await audit(deps.db, null, meta, { action: 'auth.login', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
  return { user: await loadUserDto(deps.db, { ...user, lastLogin }), ...tokens };
}

/**
 * Trade a refresh token for a new pair. Tokens rotate on every use; a token presented a second time
 * means it was copied, so the whole session (its token family) is revoked.
 */
export async function refresh(deps: Deps, refreshToken: string | undefined, meta: RequestMeta): Promise<SignedIn> {
  if (!refreshToken) throw new AppError('tokenRequired');
  const stored = await findRefreshToken(deps.db, hashToken(refreshToken));
  if (!stored) throw new AppError('tokenInvalid');
  const session = await findSession(deps.db, stored.sessionId);
  if (!session || session.revokedAt) throw new AppError('sessionExpired');
  if (stored.usedAt || !(await useRefreshToken(deps.db, stored.id))) {
    await revokeSession(deps.db, stored.sessionId, 'refresh token reused');
    await audit(deps.db, null, meta, { action: 'auth.refresh.reuse', resourceType: 'session', resourceId: session.id, outcome: 'denied' });
    throw new AppError('tokenInvalid');
  }
  if (stored.expiresAt.getTime() <= Date.now()) throw new AppError('tokenExpired');
  // The organisation's security setting: a session left unused too long signs in again.
  if (await sessionIdleTooLong(deps.db, session.userId, session.lastUsedAt)) {
    await revokeSession(deps.db, session.id, 'inactivity timeout');
    deps.live.sessionsEnded([session.id], 'sessionExpired');
    await audit(deps.db, null, meta, { action: 'auth.refresh.idle', resourceType: 'session', resourceId: session.id, outcome: 'denied' });
    throw new AppError('sessionExpired');
  }
  const user = await findUserById(deps.db, session.userId);
  if (!user) throw new AppError('tokenInvalid');
  assertUserMayAct(user);
  const tokens = await issueTokens(deps, user.id, session.id);
  return { user: await loadUserDto(deps.db, user), ...tokens };
}

export async function logout(deps: Deps, actor: Actor, meta: RequestMeta): Promise<void> {
  await revokeSession(deps.db, actor.sessionId, 'logout');
  deps.live.sessionsEnded([actor.sessionId], 'logout');
  await audit(deps.db, actor, meta, { action: 'auth.logout', resourceType: 'session', resourceId: actor.sessionId, outcome: 'allowed' });
}

/** Sign out every device of the user, this one included. */
export async function logoutEverywhere(deps: Deps, actor: Actor, meta: RequestMeta): Promise<number> {
  const ended = await revokeSessionsOfUser(deps.db, actor.userId, 'logout everywhere');
  deps.live.sessionsEnded(ended, 'logout');
  await audit(deps.db, actor, meta, { action: 'auth.logout.everywhere', resourceType: 'user', resourceId: actor.userId, outcome: 'allowed' });
  return ended.length;
}

export async function listSessions(deps: Deps, actor: Actor): Promise<SessionSummary[]> {
  const rows = await listActiveSessions(deps.db, actor.userId, new Date());
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    userAgent: s.userAgent,
    ip: s.ip,
    current: s.id === actor.sessionId,
  }));
}

/** End one of one's own sessions (a lost phone, say); someone else's is not found. */
export async function endSession(deps: Deps, actor: Actor, meta: RequestMeta, sessionId: string): Promise<void> {
  const session = await findSession(deps.db, sessionId);
  if (!session || session.userId !== actor.userId || session.revokedAt) throw new AppError('notFound');
  await revokeSession(deps.db, sessionId, 'signed out from another session');
  deps.live.sessionsEnded([sessionId], 'logout');
  await audit(deps.db, actor, meta, { action: 'auth.session.end', resourceType: 'session', resourceId: sessionId, outcome: 'allowed' });
}

/** A new password ends every other session: whoever knew the old one is signed out. */
export async function changePassword(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  input: { currentPassword: string; password: string },
): Promise<void> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('notFound');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await audit(deps.db, actor, meta, { action: 'auth.password.change', resourceType: 'user', resourceId: user.id, outcome: 'denied' });
    throw new AppError('currentPasswordIncorrect');
  }
  await assertPasswordPolicy(deps.db, actor.organisationId, input.password);
  await updateUserRow(deps.db, user.id, { passwordHash: await hashPassword(input.password) });
  deps.live.sessionsEnded(await revokeSessionsOfUser(deps.db, user.id, 'password changed', actor.sessionId), 'passwordChanged');
  await audit(deps.db, actor, meta, { action: 'auth.password.change', resourceType: 'user', resourceId: user.id, outcome: 'allowed' });
}

/** The User of the caller, as login returns it. */
export async function me(deps: Deps, actor: Actor): Promise<User> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('notFound');
  return loadUserDto(deps.db, user);
}

/** The shortest inactivity timeout an organisation may set (securitySettingsSchema): a session used more recently cannot be idle. */
const IDLE_TIMEOUT_MIN_MS = 5 * 60_000;
/** A session's last use is written at most once a minute, so the inactivity timeout holds to the minute. */
const MARK_USED_EVERY_MS = 60_000;

/**
 * A session that may still act: not signed out or revoked, and not idle past its organisation's
 * inactivity timeout — which ends it here and now, its open sockets told and closed. A use counts as
 * activity (written at most once a minute). Every authenticated request asks this, and so does
 * every event on an open socket, so a session ended by any path accepts nothing more.
 */
export async function assertSessionLive(
  deps: Pick<Deps, 'db'> & Partial<Pick<Deps, 'live'>>,
  sessionId: string,
  userId?: string,
): Promise<void> {
  const session = await findSession(deps.db, sessionId);
  await useSession(deps, session, userId, (found) =>
    sessionIdleTooLong(deps.db, found.userId, found.lastUsedAt),
  );
}

interface SessionInUse {
  id: string;
  userId: string;
  lastUsedAt: Date;
  revokedAt: Date | null;
}

/** assertSessionLive's rules on a session already read; `idleTooLong` asks its organisation's timeout. */
async function useSession(
  deps: Pick<Deps, 'db'> & Partial<Pick<Deps, 'live'>>,
  session: SessionInUse | undefined,
  userId: string | undefined,
  idleTooLong: (session: SessionInUse) => boolean | Promise<boolean>,
): Promise<void> {
  if (!session || session.revokedAt || (userId !== undefined && session.userId !== userId)) throw new AppError('sessionExpired');
  // An access token outlives the inactivity timeout (15 min against 5 at least): the session decides.
  const idleMs = Date.now() - session.lastUsedAt.getTime();
  if (idleMs > IDLE_TIMEOUT_MIN_MS && (await idleTooLong(session))) {
    await revokeSession(deps.db, session.id, 'inactivity timeout');
    deps.live?.sessionsEnded([session.id], 'sessionExpired');
    throw new AppError('sessionExpired');
  }
  if (idleMs > MARK_USED_EVERY_MS) await markSessionUsed(deps.db, session.id);
}

/**
 * Of these sessions, those that have ended — signed out, revoked, or idle past their organisation's
 * timeout (ended here) — are told to their sockets, which close. Receiving live updates is not
 * activity: a screen left open does not keep its session alive. Each edge runs this every minute for
 * the sessions of its open sockets (the check per event only sees a socket that sends).
 */
export async function endIdleSessions(deps: Pick<Deps, 'db' | 'live'>, sessionIds: Iterable<string>): Promise<void> {
  const ended: string[] = [];
  for (const id of sessionIds) {
    const session = await findSession(deps.db, id);
    if (!session || session.revokedAt) ended.push(id);
    else if (Date.now() - session.lastUsedAt.getTime() > IDLE_TIMEOUT_MIN_MS && (await sessionIdleTooLong(deps.db, session.userId, session.lastUsedAt))) {
      await revokeSession(deps.db, session.id, 'inactivity timeout');
      ended.push(id);
    }
  }
  if (ended.length > 0) deps.live.sessionsEnded(ended, 'sessionExpired');
}

/**
 * Who is calling: the access token's session must be live (see assertSessionLive) and its user
 * active; the acting account is the default one unless the request names another account of the
 * same user.
 */
export async function resolveActor(
  deps: Pick<Deps, 'db' | 'config'> & Partial<Pick<Deps, 'live'>>,
  token: string | undefined,
  accountId?: string,
): Promise<Actor> {
  if (!token) throw new AppError('tokenRequired');
  const claims = await verifyAccessToken(deps.config, token);
  // One statement, as every request and handshake asks: the session, its user, their accounts and roles.
  const rows = await findSessionWithAccounts(deps.db, claims.sessionId);
  // The default account's organisation sets the inactivity timeout (as sessionIdleTooLong reads it).
  const byDefault = rows.find((r) => r.account?.isDefault);
  const idleTooLong = (session: { lastUsedAt: Date }) =>
    byDefault !== undefined &&
    idleLongerThanAllowed(settingsFrom('security', byDefault.security), session.lastUsedAt);
  await useSession(deps, rows[0]?.session, claims.userId, idleTooLong);
  const user = rows[0]?.user;
  if (!user) throw new AppError('tokenInvalid');
  assertUserMayAct(user);
  const acting = accountId ? rows.find((r) => r.account?.id === accountId) : byDefault;
  if (!acting?.account) throw new AppError(accountId ? 'err_forbidden' : 'accountInactive');
  if (acting.account.status !== 'active') throw new AppError('accountInactive');
  return {
    userId: user.id,
    sessionId: claims.sessionId,
    accountId: acting.account.id,
    organisationId: acting.account.organisationId,
    accountType: acting.account.accountType,
    roles: acting.roles,
  };
}
