import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { testDatabaseKind, testEnv } from './env';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a database of its own created
 * on the configured PostgreSQL server and dropped afterwards, so parallel runs never collide.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite' || !testEnv.DATABASE_URL) return openDatabase({});
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(testEnv.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(testEnv.DATABASE_URL);
  url.pathname = `/${name}`;
  const dropDatabase = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  const handle = await openDatabase({ url: url.toString() }).catch(async (error: unknown) => {
    await dropDatabase();
    throw error;
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase();
    },
  };
}
