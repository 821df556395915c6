import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject, type ProvidedContext } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { testDatabaseKind, testEnv } from './env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (database-template.global.ts). */
    pgliteTemplate?: string;
    /** A migrated PostgreSQL database to copy. */
    postgresTemplate?: string;
  }
}

let pgliteTemplate: Blob | undefined;

/** PostgreSQL refuses to copy a template another CREATE DATABASE is copying at that moment: try again. */
const TEMPLATE_BUSY = '55006';

/**
 * What the integration projects' global setup (database-template.global.ts) provided. Outside a
 * Vitest run (the benchmarks start a test edge too) there is nothing, and Vitest's inject throws.
 */
function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a database of its own created
 * on the configured PostgreSQL server and dropped afterwards, so parallel runs never collide. Both
 * start from the run's migrated template when there is one.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite' || !testEnv.DATABASE_URL) {
    const template = provided('pgliteTemplate');
    return openDatabase(template ? { startFrom: (pgliteTemplate ??= new Blob([readFileSync(template)])) } : {});
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(testEnv.DATABASE_URL, { max: 1, onnotice: () => {} });
  await createPostgresDatabase(admin, name, provided('postgresTemplate'));
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

async function createPostgresDatabase(admin: postgres.Sql, name: string, template: string | undefined): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== TEMPLATE_BUSY || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
