import type { Actor } from '../access/actor';
import { idleLongerThanAllowed, settingsFrom } from '../settings/settings.service';
import type { Deps } from '../deps';
import { findSessionWithAccounts } from './sessions.repository';

/**
 * The person a SMART app's token acts for (smart/smart-app.service.ts): the account that consented,
 * within the session it consented in. The app never gets more than that person: the session must
 * not have ended (signed out, revoked, or idle past the organisation's timeout), the user must be
 * active and unlocked, the account active. Read only: unlike a person's own request, an app's use
 * does not keep the session alive. Undefined when any of that fails.
 */
export async function actorOfSession(deps: Pick<Deps, 'db'>, sessionId: string, accountId: string): Promise<Actor | undefined> {
  const rows = await findSessionWithAccounts(deps.db, sessionId);
  const session = rows[0]?.session;
  const user = rows[0]?.user;
  if (!session || session.revokedAt || !user || user.status !== 'active' || user.isLocked) return undefined;
  const byDefault = rows.find((r) => r.account?.isDefault);
  if (byDefault && idleLongerThanAllowed(settingsFrom('security', byDefault.security), session.lastUsedAt)) return undefined;
  const acting = rows.find((r) => r.account?.id === accountId);
  if (!acting?.account || acting.account.status !== 'active') return undefined;
  return {
    userId: user.id,
    sessionId,
    accountId: acting.account.id,
    organisationId: acting.account.organisationId,
    accountType: acting.account.accountType,
    roles: acting.roles,
  };
}
