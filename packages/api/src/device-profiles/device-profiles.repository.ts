import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { deviceProfiles, deviceProfileVersions, organisations } from '../db/schema';

const columns = {
  id: deviceProfiles.id,
  organisationId: deviceProfiles.organisationId,
  profileName: deviceProfiles.profileName,
  vendorId: deviceProfiles.vendorId,
  measurement: deviceProfiles.measurement,
  device: deviceProfiles.device,
  tasks: deviceProfiles.tasks,
  state: deviceProfiles.state,
  version: deviceProfiles.version,
  builtIn: deviceProfiles.builtIn,
  updatedAt: deviceProfiles.updatedAt,
};
export type DeviceProfileRow = NonNullable<Awaited<ReturnType<typeof findDeviceProfile>>>;
export type NewDeviceProfile = typeof deviceProfiles.$inferInsert;

const versionColumns = {
  profileId: deviceProfileVersions.profileId,
  version: deviceProfileVersions.version,
  profileName: deviceProfileVersions.profileName,
  vendorId: deviceProfileVersions.vendorId,
  measurement: deviceProfileVersions.measurement,
  device: deviceProfileVersions.device,
  tasks: deviceProfileVersions.tasks,
  completedAt: deviceProfileVersions.completedAt,
};
export type DeviceProfileVersionRow = Awaited<ReturnType<typeof listVersions>>[number];
export type NewDeviceProfileVersion = typeof deviceProfileVersions.$inferInsert;

export async function findDeviceProfile(db: Executor, id: string) {
  const [row] = await db.select(columns).from(deviceProfiles).where(eq(deviceProfiles.id, id));
  return row;
}

/** The same row, locked until the transaction ends: completing reads and bumps the version under it. */
export async function findDeviceProfileForUpdate(db: Executor, id: string) {
  const [row] = await db.select(columns).from(deviceProfiles).where(eq(deviceProfiles.id, id)).for('update');
  return row;
}

export async function listDeviceProfiles(
  db: Executor,
  organisationId: string,
  state: 'draft' | 'complete' | undefined,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(deviceProfiles.organisationId, organisationId),
    state ? eq(deviceProfiles.state, state) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(deviceProfiles)
    .where(where)
    .orderBy(desc(deviceProfiles.updatedAt), asc(deviceProfiles.profileName))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceProfiles)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function insertDeviceProfile(db: Executor, values: NewDeviceProfile): Promise<string> {
  const [row] = await db.insert(deviceProfiles).values(values).returning({ id: deviceProfiles.id });
  if (!row) throw new Error('device profile insert returned nothing');
  return row.id;
}

export async function updateDeviceProfileRow(
  db: Executor,
  id: string,
  values: Partial<NewDeviceProfile>,
): Promise<void> {
  await db
    .update(deviceProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deviceProfiles.id, id));
}

/** Marks the working copy complete as the next version; returns that version's number. */
export async function bumpVersion(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .update(deviceProfiles)
    .set({ state: 'complete', version: sql`${deviceProfiles.version} + 1`, updatedAt: new Date() })
    .where(eq(deviceProfiles.id, id))
    .returning({ version: deviceProfiles.version });
  if (!row) throw new Error('device profile version update returned nothing');
  return row.version;
}

export async function deleteDeviceProfileRow(db: Executor, id: string): Promise<void> {
  await db.delete(deviceProfiles).where(eq(deviceProfiles.id, id));
}

export async function insertVersion(db: Executor, values: NewDeviceProfileVersion): Promise<void> {
  await db.insert(deviceProfileVersions).values(values);
}

/** A profile's completed versions, newest first. */
export async function listVersions(db: Executor, profileId: string) {
  return db
    .select(versionColumns)
    .from(deviceProfileVersions)
    .where(eq(deviceProfileVersions.profileId, profileId))
    .orderBy(desc(deviceProfileVersions.version));
}

/** The live version of each of the organisation's profiles: the one its `version` points at. */
export async function liveVersions(db: Executor, organisationId: string) {
  return db
    .select(versionColumns)
    .from(deviceProfileVersions)
    .innerJoin(
      deviceProfiles,
      and(
        eq(deviceProfiles.id, deviceProfileVersions.profileId),
        eq(deviceProfiles.version, deviceProfileVersions.version),
      ),
    )
    .where(eq(deviceProfiles.organisationId, organisationId))
    .orderBy(asc(deviceProfileVersions.profileName));
}

/** Names of the built-in profiles an organisation already has. */
export async function builtInProfileNames(db: Executor, organisationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ profileName: deviceProfiles.profileName })
    .from(deviceProfiles)
    .where(and(eq(deviceProfiles.organisationId, organisationId), eq(deviceProfiles.builtIn, true)));
  return new Set(rows.map((r) => r.profileName));
}

/** The organisation's built-in profiles by the measurement each reads (the demo gateway's devices use them). */
export async function builtInProfilesByMeasurement(db: Executor, organisationId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: deviceProfiles.id, measurement: deviceProfiles.measurement })
    .from(deviceProfiles)
    .where(and(eq(deviceProfiles.organisationId, organisationId), eq(deviceProfiles.builtIn, true)));
  return new Map(rows.flatMap((r) => (r.measurement ? [[r.measurement, r.id] as const] : [])));
}

/** Organisations holding fewer than `count` built-in profiles (created before some existed). */
export async function organisationsMissingBuiltIns(db: Executor, count: number): Promise<string[]> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .leftJoin(
      deviceProfiles,
      and(eq(deviceProfiles.organisationId, organisations.id), eq(deviceProfiles.builtIn, true)),
    )
    .groupBy(organisations.id)
    .having(sql`count(${deviceProfiles.id}) < ${count}`);
  return rows.map((r) => r.id);
}

/** Held until the transaction ends: two edges starting together install an organisation's built-ins once. */
export async function lockBuiltInsOf(db: Executor, organisationId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`built-in-profiles:${organisationId}`}))`);
}
