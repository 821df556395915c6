import { z } from 'zod';

/** What the test suites read from the environment: which database to run against. */
export const testEnv = z
  .object({
    DATABASE_URL: z.string().url().optional(),
    TEST_DATABASE: z.enum(['pglite', 'postgres']).optional(),
    REDIS_URL: z.string().url().optional(),
  })
  .parse(process.env);

/** Integration tests run on PostgreSQL when the project says so and a server is configured. */
export const testDatabaseKind: 'pglite' | 'postgres' =
  testEnv.TEST_DATABASE === 'postgres' && testEnv.DATABASE_URL ? 'postgres' : 'pglite';
