import {
  DEFAULT_SETTINGS,
  SETTINGS_AREAS,
  SETTINGS_SCHEMAS,
  type AppSettings,
  type PublicSettings,
  type Settings,
  type SettingsArea,
} from '@opencare/schemas/entities/settings';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Executor } from '../db/database';
import type { Deps, RequestMeta } from '../deps';
import { cliniciansAmong } from '../alerts/alert-contacts';
import { AppError, parseInput } from '../errors/app-error';
import { rebuildReadingDays } from '../measurements/reading-days.repository';
import {
  findAreaValues,
  findOrganisationName,
  firstOrganisationId,
  organisationOfUser,
  updateOrganisationName,
  upsertAreaValues,
} from './settings.repository';

/**
 * An organisation's settings for one area, defaults filled in. The rest of the product reads its
 * settings here. Stored values that no longer pass the area's schema (it changed since they were
 * saved) give way to the defaults rather than break the screens that read them.
 */
export async function settingsOf<A extends SettingsArea>(
  db: Executor,
  organisationId: string,
  area: A,
): Promise<Settings[A]> {
  const stored = await findAreaValues(db, organisationId, area);
  if (area !== 'organization') return settingsFrom(area, stored);
  // The organisation's name lives on the organisation, where invitations and sign-up read it.
  const name = (await findOrganisationName(db, organisationId)) ?? DEFAULT_SETTINGS.organization.name;
  return settingsFrom(area, { ...stored, name });
}

/** An area's settings from its stored values (none: the defaults), as settingsOf reads them. */
export function settingsFrom<A extends SettingsArea>(
  area: A,
  stored: Record<string, unknown> | null | undefined,
): Settings[A] {
  const parsed = SETTINGS_SCHEMAS[area].safeParse({ ...DEFAULT_SETTINGS[area], ...stored });
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[area]) as Settings[A];
}

export async function getAllSettings(deps: Deps, actor: Actor, meta: RequestMeta): Promise<Settings> {
  requireRouteRole(actor, 'admin');
  await authorize(deps, actor, meta, {
    action: 'settings.read',
    resourceType: 'settings',
    resourceId: actor.organisationId,
    allowed: true,
  });
  const entries = await Promise.all(
    SETTINGS_AREAS.map(
      async (area) => [area, await settingsOf(deps.db, actor.organisationId, area)] as const,
    ),
  );
  return Object.fromEntries(entries) as Settings;
}

export async function getAreaSettings<A extends SettingsArea>(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  area: A,
): Promise<Settings[A]> {
  requireRouteRole(actor, 'admin');
  await authorize(deps, actor, meta, {
    action: 'settings.read',
    resourceType: 'settings',
    resourceId: area,
    allowed: true,
  });
  return settingsOf(deps.db, actor.organisationId, area);
}

/** The on-call list names active physicians, nurses or assistants of the organisation, nobody else. */
async function assertOnCall(executor: Executor, organisationId: string, onCall: readonly string[]): Promise<void> {
  const clinicians = await cliniciansAmong(executor, organisationId, onCall);
  if (clinicians.length !== onCall.length) throw new AppError('onCallNotClinician');
}

/** A change to some of an area's fields; the whole area must still be valid afterwards. */
export async function updateAreaSettings<A extends SettingsArea>(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  area: A,
  patch: Record<string, unknown>,
): Promise<Settings[A]> {
  requireRouteRole(actor, 'admin');
  const current = await settingsOf(deps.db, actor.organisationId, area);
  const next = parseInput(SETTINGS_SCHEMAS[area], { ...current, ...patch }) as Settings[A];
  if (area === 'alerts') await assertOnCall(deps.db, actor.organisationId, (next as Settings['alerts']).onCall);
  await authorize(deps, actor, meta, {
    action: 'settings.update',
    resourceType: 'settings',
    resourceId: area,
    allowed: true,
  });
  await deps.db.transaction(async (tx) => {
    if (area === 'organization') {
      const { name, ...rest } = next as Settings['organization'];
      await updateOrganisationName(tx, actor.organisationId, name);
      await upsertAreaValues(tx, actor.organisationId, area, rest, actor.userId);
      // Another calendar puts readings on other days: the monthly report's days are counted again.
      if (rest.timezone !== (current as Settings['organization']).timezone) await rebuildReadingDays(tx, actor.organisationId);
    } else {
      await upsertAreaValues(tx, actor.organisationId, area, next, actor.userId);
    }
  });
  return settingsOf(deps.db, actor.organisationId, area);
}

async function publicSettingsOf(db: Executor, organisationId: string | undefined): Promise<PublicSettings> {
  if (!organisationId) {
    const { organization, system, security } = DEFAULT_SETTINGS;
    return {
      organizationName: organization.name,
      logo: null,
      defaultLanguage: system.defaultLanguage,
      passwordMinLength: security.passwordMinLength,
    };
  }
  const [organization, system, security] = await Promise.all([
    settingsOf(db, organisationId, 'organization'),
    settingsOf(db, organisationId, 'system'),
    settingsOf(db, organisationId, 'security'),
  ]);
  return {
    organizationName: organization.name,
    logo: organization.logo,
    defaultLanguage: system.defaultLanguage,
    passwordMinLength: security.passwordMinLength,
  };
}

/** What the sign-in and sign-up screens show before anyone signs in (sign-ups join the first organisation). */
export async function getPublicSettings(deps: Deps): Promise<PublicSettings> {
  return publicSettingsOf(deps.db, await firstOrganisationId(deps.db));
}

/** What every signed-in screen needs of the caller's organisation. */
export async function getAppSettings(deps: Deps, actor: Actor): Promise<AppSettings> {
  const [base, system, organization, patientManagement] = await Promise.all([
    publicSettingsOf(deps.db, actor.organisationId),
    settingsOf(deps.db, actor.organisationId, 'system'),
    settingsOf(deps.db, actor.organisationId, 'organization'),
    settingsOf(deps.db, actor.organisationId, 'patientManagement'),
  ]);
  return {
    ...base,
    maintenanceMessage: system.maintenanceMessage ?? null,
    timezone: organization.timezone,
    taskOverdueMinutes: patientManagement.taskOverdueMinutes,
    readingAdvice: patientManagement.readingAdvice,
  };
}

/**
 * The password policy on top of the spec's character rules (which the schemas already check):
 * an organisation may ask for longer passwords. Without an organisation, sign-ups join the first.
 */
export async function assertPasswordPolicy(
  db: Executor,
  organisationId: string | undefined,
  password: string,
  field = 'password',
): Promise<void> {
  const orgId = organisationId ?? (await firstOrganisationId(db));
  if (!orgId) return;
  const { passwordMinLength } = await settingsOf(db, orgId, 'security');
  if (password.length < passwordMinLength) {
    throw new AppError('validationFailed', {
      fields: [{ field, message: `Use at least ${passwordMinLength} characters.` }],
    });
  }
}

/** Sessions unused for longer than the user's organisation allows must sign in again. */
export async function sessionIdleTooLong(
  db: Executor,
  userId: string,
  lastUsedAt: Date,
  now = new Date(),
): Promise<boolean> {
  const organisationId = await organisationOfUser(db, userId);
  if (!organisationId) return false;
  return idleLongerThanAllowed(await settingsOf(db, organisationId, 'security'), lastUsedAt, now);
}

/** Whether a session last used at `lastUsedAt` has been unused longer than these security settings allow. */
export function idleLongerThanAllowed(
  security: Settings['security'],
  lastUsedAt: Date,
  now = new Date(),
): boolean {
  return now.getTime() - lastUsedAt.getTime() > security.sessionTimeoutMinutes * 60_000;
}

/** A new patient's medical record number: the organisation's prefix and the next number. */
export async function mrnPrefixOf(db: Executor, organisationId: string): Promise<string> {
  return (await settingsOf(db, organisationId, 'patientManagement')).mrnPrefix;
}
