import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase, openMigratedPglite } from '../db/database';
import type { TestProject } from 'vitest/node';
import { testEnv } from './env';

/**
 * Vitest global setup of the integration projects: migrate one database per run and let every test
 * file start from a copy of it (createTestDatabase), instead of starting an empty PGlite or a new
 * PostgreSQL database and running every migration once per file. The copies still go through
 * openDatabase's migrator, which finds nothing left to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  if (project.name === 'postgres' && testEnv.DATABASE_URL) return postgresTemplate(project, testEnv.DATABASE_URL);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject): Promise<() => void> {
  const client = await openMigratedPglite();
  const path = join(tmpdir(), `opencare-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  try {
    writeFileSync(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', path);
  return () => rmSync(path, { force: true });
}

async function postgresTemplate(project: TestProject, databaseUrl: string): Promise<() => Promise<void>> {
  // The `test_` prefix: a run that was killed leaves it among the other test databases to sweep up.
  const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  // Migrate, then close every connection: PostgreSQL copies a template only while nobody is in it.
  await (await openDatabase({ url: url.toString() })).close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}
