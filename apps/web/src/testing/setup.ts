import '@mantine/core/styles.css';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../i18n/i18n';

// Tests read the source locale; a missing key throws (saveMissing is on outside production builds).
initI18n('en-US');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
