import { defineConfig } from 'vitest/config';
import { testProjects } from '../../tooling/vitest-projects.ts';

export default defineConfig({ test: { projects: testProjects(process.env.DATABASE_URL) } });
