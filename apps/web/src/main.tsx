import './styles/mantine-first.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportClientError } from './api/error-reporter';
import { App } from './app';
import { env } from './env';
import { initI18n } from './i18n/i18n';
import { preloadAddress } from './routes';
import { loadStoredPreferences } from './session/preferences-store';
import { loadStoredChecks } from './session/stored-item';

// Errors no component caught: reported (spec §8), never shown raw.
window.addEventListener('error', (event) => {
  void reportClientError({ error: event.error ?? event.message, info: 'window error' });
});
window.addEventListener('unhandledrejection', (event) => {
  void reportClientError({ error: event.reason, info: 'unhandled rejection' });
});

// The service worker caches the app shell so an installed app starts offline. Production only:
// in development it would serve stale modules.
if (env.production && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('Service worker registration failed.', error);
    });
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

/**
 * What the first render waits for, in parallel where it can: the checks of the values this device
 * has stored (zod, not part of the first load: a first visit has nothing to check) and the active
 * language's strings, so the first render is already in the right language (no flash of English,
 * no loader). Only stored preferences come before the strings, as they name the language. The
 * address's lazy screens start downloading at the same time: the first render finds them here.
 */
async function start(container: HTMLElement): Promise<void> {
  const checks = loadStoredChecks();
  const preferences = await loadStoredPreferences();
  preloadAddress(window.location, preferences.language);
  await Promise.all([initI18n(preferences.language), checks]);
  createRoot(container).render(
    <StrictMode>
      <App preferences={preferences} />
    </StrictMode>,
  );
}

// Not a top-level await: the language's chunk imports this module's chunk, which must first finish
// evaluating.
void start(root);
