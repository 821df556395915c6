import '@mantine/core/styles.css';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadPages } from '../components/layouts/lazy-page';
import { initI18n, loadLaterMessages, loadLanguage } from '../i18n/i18n';
import { LANGUAGES } from '../i18n/language';

// Tests read the source locale; a missing key throws (saveMissing is on outside production builds).
// The other languages are loaded too: tests switch to them directly.
await initI18n('en-US');
await Promise.all(LANGUAGES.flatMap((language) => [loadLanguage(language), loadLaterMessages(language)]));

// Screens load on their first visit (React.lazy); a test finds the screens of the routes it imported
// already downloaded, as a user who opened them before would.
beforeAll(() => preloadPages());

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
