import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction, or the database itself: what repositories take. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/** The rows of a raw statement: postgres.js answers them as the array, PGlite as `rows`. */
export async function executeRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Any fixed number: edges starting together take turns at the migrations. */
const MIGRATION_LOCK = 7_311_955;

/**
 * PostgreSQL when a URL is given, else PGlite: file-backed in `dataDir`, or in memory without one.
 * The same SQL migrations run on both, on every start.
 */
export async function openDatabase(options: { url?: string; dataDir?: string; startFrom?: Blob }): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.startFrom);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // One connection for the migrations, so the advisory lock and the migration share a session.
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(migrator), { migrationsFolder });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await migrator.end();
  }
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(preparingEveryStatement(client), { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * The pool as drizzle sees it, with every statement prepared once per connection. drizzle asks
 * postgres.js to prepare only the statements given a name; postgres.js sends any other statement
 * with parameters in two round trips (parse and describe, then bind and execute), parses and plans it
 * every time, and cannot pipeline it behind others. Prepared, a statement seen before on the
 * connection is one round trip, and statements sent together go out together (issue 20). A
 * connection keeps what it prepared until postgres.js replaces it (every 30 to 60 minutes by
 * default), which bounds the statements it holds. Transactions and savepoints hand their own
 * connection to the callback, so they are wrapped too.
 */
function preparingEveryStatement(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, args?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, args, { ...options, prepare: true });
      }
      if (key === 'begin' || key === 'savepoint') {
        const open = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: postgres.Sql) => unknown;
          return open(...args, (tx: postgres.Sql) => work(preparingEveryStatement(tx)));
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/**
 * A migrated PGlite; `startFrom` is a data directory dumped by `dumpDataDir` (the tests' template).
 * pg_trgm is loaded on every open, not only to migrate: the patient search's trigram indexes
 * (migration 0025) cannot be read or written without it.
 */
export async function openMigratedPglite(dataDir?: string, startFrom?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: startFrom, extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return client;
}

async function openPglite(dataDir?: string, startFrom?: Blob): Promise<DatabaseHandle> {
  const client = await openMigratedPglite(dataDir, startFrom);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
