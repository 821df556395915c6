import '@mantine/core/styles.css';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { setI18n } from 'react-i18next';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { preloadPages } from '../components/layouts/lazy-page';
import { rememberClinicTimezone } from '../features/appointments/clinic-timezone';
import { initI18n, loadLaterMessages, loadLanguage } from '../i18n/i18n';
import { applyDocumentLanguage, LANGUAGES } from '../i18n/language';

// Tests read the source locale; a missing key throws (saveMissing is on outside production builds).
// The other languages are loaded too: tests switch to them directly. Files that share their worker's
// modules (vitest.config.ts) find i18next started, perhaps in the language an earlier file left, and
// react-i18next perhaps pointed at a test's own instance (the sign-up harness makes one).
if (i18next.isInitialized) {
  setI18n(i18next);
  await i18next.changeLanguage('en-US');
  applyDocumentLanguage('en-US');
} else {
  await initI18n('en-US');
  await Promise.all(LANGUAGES.flatMap((language) => [loadLanguage(language), loadLaterMessages(language)]));
}

// findBy… and waitFor give up after 1 s by default: in a CI run on a busy 2-core machine a screen's
// first render alone took longer (a logo's preview, the patient page's header). They still return as
// soon as what they wait for is there.
configure({ asyncUtilTimeout: 5_000 });

// Screens load on their first visit (React.lazy); a test finds the screens of the routes it imported
// already downloaded, as a user who opened them before would.
beforeAll(() => preloadPages());
// A screen's download still under way when the file ends would land in the next file's environment
// (files share their worker's modules): wait for every one.
afterAll(() => preloadPages());

afterEach(async () => {
  cleanup();
  // What one test set must not reach the next, nor another file in the same worker: calls that the
  // unmounted screens still had queued go out now, to this test's fetch rather than the next one's.
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
  rememberClinicTimezone(null);
  localStorage.clear();
  sessionStorage.clear();
});
