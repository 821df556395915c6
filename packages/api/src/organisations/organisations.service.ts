import type { OrganisationOverview } from '@opencare/schemas/entities/organisations';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { organisationCounts } from './overview.repository';

/** The admin's own organisation at a glance (issue 17): counts only, so no patient is named. */
export async function organisationOverview(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  now = new Date(),
): Promise<OrganisationOverview> {
  requireRouteRole(actor, 'admin');
  await authorize(deps, actor, meta, {
    action: 'organisations.overview',
    resourceType: 'organisation',
    resourceId: actor.organisationId,
    allowed: true,
  });
  return organisationCounts(deps.db, actor.organisationId, now);
}
