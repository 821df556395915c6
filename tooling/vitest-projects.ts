import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration, ViteUserConfig } from 'vitest/config';

/**
 * Test files at once: one per core, and at least two. Vitest's default leaves a core free for
 * itself, which on the 2-core CI machine ran every package one file at a time; the integration
 * files mostly wait on their edge and database, the component tests were measured 1.5× faster.
 */
export const maxWorkers = Math.max(2, availableParallelism());

/**
 * The console reporter, and under `npm test` (which sets TEST_REPORT_DIR) a JSON report per package
 * too, from which the run prints every failure again at its very end: CI shows only the tail.
 */
export function reporters(reportDir: string | undefined): NonNullable<ViteUserConfig['test']>['reporters'] {
  return reportDir ? ['default', ['json', { outputFile: join(reportDir, `${basename(process.cwd())}.json`) }]] : ['default'];
}

/** Migrates one template database per run, which every integration test file copies. */
const databaseTemplate = fileURLToPath(new URL('../packages/api/src/testing/database-template.global.ts', import.meta.url));

/**
 * Unit tests run once; integration tests (`*.int.test.ts`) run on embedded PGlite and again on
 * PostgreSQL (with Redis) whenever DATABASE_URL is set, so both runtime modes pass the same suite.
 */
export function testProjects(databaseUrl: string | undefined): TestProjectInlineConfiguration[] {
  const integration = (name: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
    extends: true,
    test: {
      name,
      include: ['src/**/*.int.test.ts'],
      env: { TEST_DATABASE: name },
      globalSetup: [databaseTemplate],
      testTimeout: 30_000,
      // Every file starts its own edge on a database of its own; only the modules are shared. Importing
      // the edge afresh for each file cost about 2.5 s of one core's time per file.
      isolate: false,
      hookTimeout: 60_000,
    },
  });
  return [
    { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['src/**/*.int.test.ts'] } },
    integration('pglite'),
    ...(databaseUrl ? [integration('postgres')] : []),
  ];
}
