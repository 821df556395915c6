import { defineConfig } from 'vitest/config';
const name = process.env.DATABASE_URL ? 'postgres' : 'pglite';
export default defineConfig({
  test: { name, include: ['src/**/*.int.test.ts'], env: { TEST_DATABASE: name }, testTimeout: 300_000, hookTimeout: 400_000 },
});
