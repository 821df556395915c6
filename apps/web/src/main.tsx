import './styles/mantine-first.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportClientError } from './api/error-reporter';
import { App } from './app';
import { env } from './env';
import { initI18n } from './i18n/i18n';
import { loadPreferences } from './session/preferences-store';

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

const preferences = loadPreferences();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

// The active language's strings arrive before the first render: it is in that language from the
// start. Not a top-level await: the language's chunk imports this module's chunk, which must first
// finish evaluating.
void initI18n(preferences.language).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App preferences={preferences} />
    </StrictMode>,
  );
});
