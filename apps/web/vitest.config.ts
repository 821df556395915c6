import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../tooling/vitest-projects.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers,
    // A browser-like DOM for components, storage and matchMedia; plain units run in it too.
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Form tests type field by field and take 2–4 s; on a busy 2-core machine they need more than 5 s.
    testTimeout: 15_000,
  },
});
