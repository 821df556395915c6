import { defineConfig } from 'vitest/config';
import { maxWorkers, testProjects } from '../../tooling/vitest-projects.ts';

export default defineConfig({ test: { maxWorkers, projects: testProjects(process.env.DATABASE_URL) } });
