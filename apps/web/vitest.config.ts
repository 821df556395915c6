import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { maxWorkers, reporters } from '../../tooling/vitest-projects.ts';

const tests = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.test\.tsx?$/.test(path))
  .map((path) => `src/${path.replaceAll('\\', '/')}`);
// A file that replaces a module (vi.mock) needs modules of its own; the others share their worker's
// (the set-up file imports every screen and all three languages: 90 of the 125 s when each file did it afresh).
const replacesModules = tests.filter((path) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path, 'utf8')));

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers,
    reporters: reporters(process.env.TEST_REPORT_DIR),
    // A browser-like DOM for components, storage and matchMedia; plain units run in it too.
    environment: 'happy-dom',
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Form tests type field by field and take 2–4 s; on a busy 2-core machine they need more than 5 s.
    testTimeout: 15_000,
    projects: [
      { extends: true, test: { name: 'shared', include: tests, exclude: replacesModules, isolate: false } },
      { extends: true, test: { name: 'isolated', include: replacesModules } },
    ],
  },
});
