import '@mantine/core/styles.css';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadLanguage } from '../i18n/i18n';

// Tests read the source locale; a missing key throws (saveMissing is on outside production builds).
// The other languages are loaded too: tests switch to them directly.
await initI18n('en-US');
await Promise.all([loadLanguage('es'), loadLanguage('ar')]);

// Screens load on their first visit (React.lazy): in a test that is a module transform, which on a
// busy machine takes longer than the default second of findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
