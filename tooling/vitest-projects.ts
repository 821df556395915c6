import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

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
      hookTimeout: 60_000,
    },
  });
  return [
    { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['src/**/*.int.test.ts'] } },
    integration('pglite'),
    ...(databaseUrl ? [integration('postgres')] : []),
  ];
}
