import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { deviceProfiles } from '../db/schema';

const columns = {
  id: deviceProfiles.id,
  organisationId: deviceProfiles.organisationId,
  profileName: deviceProfiles.profileName,
  vendorId: deviceProfiles.vendorId,
  measurement: deviceProfiles.measurement,
  device: deviceProfiles.device,
  tasks: deviceProfiles.tasks,
  state: deviceProfiles.state,
  updatedAt: deviceProfiles.updatedAt,
};
export type DeviceProfileRow = NonNullable<Awaited<ReturnType<typeof findDeviceProfile>>>;
export type NewDeviceProfile = typeof deviceProfiles.$inferInsert;

export async function findDeviceProfile(db: Executor, id: string) {
  const [row] = await db.select(columns).from(deviceProfiles).where(eq(deviceProfiles.id, id));
  return row;
}

export async function listDeviceProfiles(
  db: Executor,
  organisationId: string,
  state: 'draft' | 'complete' | undefined,
  page: number,
  pageSize: number,
) {
  const where = and(eq(deviceProfiles.organisationId, organisationId), state ? eq(deviceProfiles.state, state) : undefined);
  const rows = await db
    .select(columns)
    .from(deviceProfiles)
    .where(where)
    .orderBy(desc(deviceProfiles.updatedAt))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(deviceProfiles).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function insertDeviceProfile(db: Executor, values: NewDeviceProfile): Promise<string> {
  const [row] = await db.insert(deviceProfiles).values(values).returning({ id: deviceProfiles.id });
  if (!row) throw new Error('device profile insert returned nothing');
  return row.id;
}

export async function updateDeviceProfileRow(db: Executor, id: string, values: Partial<NewDeviceProfile>): Promise<void> {
  await db
    .update(deviceProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deviceProfiles.id, id));
}

export async function deleteDeviceProfileRow(db: Executor, id: string): Promise<void> {
  await db.delete(deviceProfiles).where(eq(deviceProfiles.id, id));
}
