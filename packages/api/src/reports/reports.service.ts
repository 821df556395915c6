import type { Report } from '@opencare/schemas/entities/settings';
import { roleNameOf } from '@opencare/schemas/roles';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Deps, RequestMeta } from '../deps';
import { settingsOf } from '../settings/settings.service';
import { organisationFigures } from './reports.repository';

/** The organisation's figures over the reporting period set in reporting-and-analytics. */
export async function reportSummary(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  now = new Date(),
): Promise<Report> {
  requireRouteRole(actor, 'admin');
  await authorize(deps, actor, meta, {
    action: 'reports.summary',
    resourceType: 'organisation',
    resourceId: actor.organisationId,
    allowed: true,
  });
  const { reportPeriodDays } = await settingsOf(deps.db, actor.organisationId, 'reportingAndAnalytics');
  const since = new Date(now.getTime() - reportPeriodDays * 86_400_000);
  const { byRole, ...figures } = await organisationFigures(deps.db, actor.organisationId, since);
  return {
    periodDays: reportPeriodDays,
    from: since.toISOString(),
    to: now.toISOString(),
    usersByRole: byRole
      .map((r) => ({ role: roleNameOf(r.role), count: r.count }))
      .sort((a, b) => b.count - a.count),
    ...figures,
  };
}
