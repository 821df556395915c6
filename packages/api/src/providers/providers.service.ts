import type {
  ProviderDetail,
  ProviderListItem,
  ProviderSearchQuery,
} from '@opencare/schemas/entities/patients';
import type { Profile } from '@opencare/schemas/entities/profile';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { ROLES } from '@opencare/schemas/roles';
import { authorize, isSuper } from '../access/access';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import { findAccount } from '../accounts/accounts.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { providerRoleOf, specialtyOf, toBasicProfile } from '../patients/people.dto';
import { findRoles } from '../patients/patients.repository';
import { listProviderRows } from './providers.repository';

/**
 * A provider's date of birth is not needed to find or book them, so the provider lists and views
 * never show it (admins see it in user management).
 */
function withoutBirthDate<P extends Profile>(profile: P): P {
  return { ...profile, dateOfBirth: null, age: null };
}

/**
 * Find providers (spec §7 `/providers`, `/providers/search`): any signed-in member of an
 * organisation finds its active physicians, nurses and assistants, e.g. to book an appointment.
 */
export async function listProviders(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: ProviderSearchQuery,
): Promise<{ items: ProviderListItem[]; meta: ListMeta }> {
  await authorize(deps, actor, meta, {
    action: 'providers.list',
    resourceType: 'organisation',
    resourceId: actor.organisationId,
    allowed: true,
  });
  const { rows, total } = await listProviderRows(
    deps.db,
    {
      organisationId: actor.organisationId,
      name: query.name,
      specialty: query.specialty,
      role: query.role ? ROLES[query.role] : undefined,
    },
    query.page,
    query.pageSize,
  );
  const roles = await findRoles(
    deps.db,
    rows.map((r) => r.accountId),
  );
  const items = rows.flatMap((row): ProviderListItem[] => {
    const role = providerRoleOf(roles.get(row.accountId) ?? []);
    if (!role) return [];
    return [
      {
        ...withoutBirthDate(toBasicProfile(row.profile)),
        accountId: row.accountId,
        role,
        specialty: specialtyOf(row.specialty),
        clinicName: row.clinicName,
      },
    ];
  });
  return { items, meta: listMeta(total, query.page, query.pageSize) };
}

/** One provider of the caller's organisation (`GET /providers/{id}`); any other account is not found. */
export async function getProvider(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  providerAccountId: string,
): Promise<ProviderDetail> {
  const record = await findAccount(deps.db, providerAccountId);
  const role = record && record.account.status === 'active' ? providerRoleOf(record.roles) : null;
  if (!record || !role) {
    // Not a provider is "not found", whoever asks, so ids cannot be probed for accounts.
    await audit(deps.db, actor, meta, {
      action: 'providers.read',
      resourceType: 'provider',
      resourceId: providerAccountId,
      outcome: 'denied',
    });
    throw new AppError('notFound');
  }
  await authorize(deps, actor, meta, {
    action: 'providers.read',
    resourceType: 'provider',
    resourceId: providerAccountId,
    allowed: isSuper(actor) || record.account.organisationId === actor.organisationId,
  });
  const profile = toBasicProfile(record.profile);
  const extension = record.provider;
  return {
    ...withoutBirthDate(profile),
    npi: extension?.npi ?? null,
    clinicName: extension?.clinicName ?? null,
    licenseNumber: extension?.licenseNumber ?? null,
    yearsOfExperience: extension?.yearsOfExperience ?? null,
    education: extension?.education ?? null,
    certifications: extension?.certifications ?? [],
    spokenLanguages: extension?.spokenLanguages ?? [],
    specialty: specialtyOf(extension?.specialty ?? null),
    accountId: record.account.id,
    role,
  };
}
