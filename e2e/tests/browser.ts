import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (Playwright never downloads a browser here). The suite prefers its headless
 * shell (`apt-get install chromium-headless-shell`, the same Chromium without the full browser's
 * windowing): measured on the 2-core machine, it took a fifth less CPU for the same tests. Without
 * it, the full browser runs them. E2E_BROWSER names another binary.
 */
export const CHROMIUM =
  process.env.E2E_BROWSER ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
