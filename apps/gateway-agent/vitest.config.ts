import { defineConfig } from 'vitest/config';
import { maxWorkers, reporters, testProjects } from '../../tooling/vitest-projects.ts';

export default defineConfig({ test: { maxWorkers, reporters: reporters(process.env.TEST_REPORT_DIR), projects: testProjects(process.env.DATABASE_URL) } });
