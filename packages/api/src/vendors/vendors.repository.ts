import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { vendorIdentifiers, vendors } from '../db/schema';
import { containing } from '../db/like';

const columns = {
  id: vendors.id,
  organisationId: vendors.organisationId,
  vendorName: vendors.vendorName,
  address: vendors.address,
  website: vendors.website,
  contactPerson: vendors.contactPerson,
  taxId: vendors.taxId,
};
export type VendorRow = NonNullable<Awaited<ReturnType<typeof findVendor>>>;
export type NewVendor = typeof vendors.$inferInsert;

export async function findVendor(db: Executor, id: string) {
  const [row] = await db.select(columns).from(vendors).where(eq(vendors.id, id));
  return row;
}

export async function listVendors(
  db: Executor,
  organisationId: string,
  search: string | undefined,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(vendors.organisationId, organisationId),
    search ? ilike(vendors.vendorName, containing(search)) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(vendors)
    .where(where)
    .orderBy(asc(vendors.vendorName))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vendors)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function identifiersOf(db: Executor, vendorIds: string[]) {
  if (vendorIds.length === 0) return [];
  return db
    .select({
      vendorId: vendorIdentifiers.vendorId,
      kind: vendorIdentifiers.kind,
      value: vendorIdentifiers.value,
    })
    .from(vendorIdentifiers)
    .where(inArray(vendorIdentifiers.vendorId, vendorIds))
    .orderBy(asc(vendorIdentifiers.value));
}

export async function insertVendor(db: Executor, values: NewVendor): Promise<string> {
  const [row] = await db.insert(vendors).values(values).returning({ id: vendors.id });
  if (!row) throw new Error('vendor insert returned nothing');
  return row.id;
}

export async function updateVendor(db: Executor, id: string, values: Partial<NewVendor>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(vendors).set(values).where(eq(vendors.id, id));
}

export async function deleteVendor(db: Executor, id: string): Promise<void> {
  await db.delete(vendors).where(eq(vendors.id, id));
}

/** False when the organisation already has this identifier (on any vendor). */
export async function insertIdentifier(
  db: Executor,
  values: { organisationId: string; vendorId: string; kind: 'oui' | 'company'; value: string },
): Promise<boolean> {
  const rows = await db
    .insert(vendorIdentifiers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: vendorIdentifiers.id });
  return rows.length === 1;
}

export async function deleteIdentifier(
  db: Executor,
  vendorId: string,
  kind: 'oui' | 'company',
  value: string,
): Promise<boolean> {
  const rows = await db
    .delete(vendorIdentifiers)
    .where(
      and(
        eq(vendorIdentifiers.vendorId, vendorId),
        eq(vendorIdentifiers.kind, kind),
        eq(vendorIdentifiers.value, value),
      ),
    )
    .returning({ id: vendorIdentifiers.id });
  return rows.length === 1;
}
