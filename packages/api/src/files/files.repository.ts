import { inArray, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { files } from '../db/schema';

/** A file's description without its bytes: lists and access checks never load the content. */
const metaColumns = {
  id: files.id,
  organisationId: files.organisationId,
  ownerAccountId: files.ownerAccountId,
  patientAccountId: files.patientAccountId,
  fileName: files.fileName,
  contentType: files.contentType,
  size: files.size,
  createdAt: files.createdAt,
};
export type FileMeta = NonNullable<Awaited<ReturnType<typeof findFileMeta>>>;
export type NewFile = Omit<typeof files.$inferInsert, 'id' | 'createdAt'>;

export async function insertFile(db: Executor, values: NewFile): Promise<FileMeta> {
  const [row] = await db.insert(files).values(values).returning(metaColumns);
  if (!row) throw new Error('file insert returned nothing');
  return row;
}

export async function findFileMeta(db: Executor, id: string) {
  const [row] = await db.select(metaColumns).from(files).where(eq(files.id, id));
  return row;
}

export async function findFilesMeta(db: Executor, ids: readonly string[]): Promise<FileMeta[]> {
  if (ids.length === 0) return [];
  return db
    .select(metaColumns)
    .from(files)
    .where(inArray(files.id, [...ids]));
}

/** The content, for a download whose access was already decided. */
export async function findFileData(db: Executor, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ data: files.data }).from(files).where(eq(files.id, id));
  return row?.data;
}
