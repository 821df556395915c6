import type { AwaitingPatient } from '@opencare/schemas/entities/patients';
import { and, asc, eq } from 'drizzle-orm';
import { authorize, hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import { accounts, profiles } from '../db/schema';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { findAccount } from '../accounts/accounts.repository';

/**
 * Patients who signed up themselves wait for the organisation's staff before they join its patient
 * list (setting `patientManagement.approveSelfSignups`, on by default; signup.service.ts makes their
 * account `pending`). Physicians, nurses and admins approve or decline them.
 */
const decides = (actor: Actor) => hasRouteRole(actor, 'physicianNurseOrAdmin');

export async function patientsAwaitingApproval(deps: Deps, actor: Actor, meta: RequestMeta): Promise<AwaitingPatient[]> {
  await authorize(deps, actor, meta, { action: 'patients.awaitingApproval', resourceType: 'organisation', resourceId: actor.organisationId, allowed: decides(actor) });
  const rows = await deps.db
    .select({
      accountId: accounts.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      dateOfBirth: profiles.dateOfBirth,
      email: profiles.email,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(eq(accounts.organisationId, actor.organisationId), eq(accounts.accountType, 'pat'), eq(accounts.status, 'pending')))
    .orderBy(asc(accounts.createdAt));
  return rows.map((r) => ({
    accountId: r.accountId,
    fullName: `${r.firstName} ${r.lastName}`,
    dateOfBirth: r.dateOfBirth,
    email: r.email,
    signedUpAt: r.createdAt.toISOString(),
  }));
}

/** Approve (the patient joins the list and can sign in) or decline (the account is made inactive). */
export async function decideSignup(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  accountId: string,
  decision: 'approve' | 'decline',
): Promise<{ accountId: string; status: 'active' | 'inactive' }> {
  const action = `patients.${decision}`;
  const record = await findAccount(deps.db, accountId);
  if (!record || record.account.accountType !== 'pat' || record.account.organisationId !== actor.organisationId) {
    await audit(deps.db, actor, meta, { action, resourceType: 'patient', resourceId: accountId, outcome: 'denied' });
    throw new AppError('notFound');
  }
  await authorize(deps, actor, meta, { action, resourceType: 'patient', resourceId: accountId, allowed: decides(actor) });
  const status = decision === 'approve' ? ('active' as const) : ('inactive' as const);
  // Only a pending account changes: two people deciding at once, the second is told.
  const changed = await deps.db
    .update(accounts)
    .set({ status })
    .where(and(eq(accounts.id, accountId), eq(accounts.status, 'pending')))
    .returning({ id: accounts.id });
  if (changed.length === 0) throw new AppError('patientNotAwaitingApproval');
  return { accountId, status };
}
