import './styles/mantine-first.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportClientError } from './api/error-reporter';
import { createQueryClient } from './api/trpc';
import { App } from './app';
import { env } from './env';
import { initI18n } from './i18n/i18n';
import { ROUTES } from './route-paths';
import { createAppRouter, type AppRouter } from './routes';
import { loadStoredPreferences } from './session/preferences-store';
import { resumeWithPageCode } from './session/session-provider';
import { sessionStore } from './session/session-store';
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
 * has stored (zod, not part of the first load: a first visit has nothing to check), the active
 * language's strings, so the first render is already in the right language (no flash of English),
 * and the address's lazy frames and screens, so it draws the page rather than a loader and then the
 * page, a second render that costs a slow phone about a second (issue 16). Only stored preferences
 * come before the strings, as they name the language. Until then index.html shows its spinner.
 * Home's data goes out with the code, as soon as its small module has loaded (home-prefetch.ts) and,
 * in a new tab, the session is restored (started here too), into the cache the app renders with;
 * that module loads only where it may be needed (home, a session), so /login does not download it.
 */
async function start(container: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  const checks = loadStoredChecks();
  // A new tab trades its refresh cookie now, while the code downloads (the session provider takes it over).
  const resumed = resumeWithPageCode()?.catch(() => undefined);
  // Beside the first render's path, not on it: a failure here costs the head start, not the page.
  const home =
    window.location.pathname === ROUTES.home && (resumed || sessionStore.accessToken.get())
      ? Promise.all([import('./features/home/home-prefetch'), resumed]).then(([module]) => module)
      : null;
  void home?.then(({ prefetchHome }) => prefetchHome(queryClient, window.location));
  const preferences = await loadStoredPreferences();
  // The strings first: their chunk holds the map of the screens' strings. The screens' downloads
  // start a task later, once the strings' request is out: started at once, their dozens of
  // requests (six at a time over HTTP/1.1) would go ahead of it.
  const strings = initI18n(preferences.language);
  void home?.then(({ prefetchHomeStrings }) => prefetchHomeStrings(window.location, preferences.language));
  const screens = new Promise<AppRouter>((resolve) => {
    setTimeout(() => {
      const { router, preloaded } = createAppRouter(preferences.language);
      void preloaded.then(() => resolve(router));
    });
  });
  const [router] = await Promise.all([screens, strings, checks]);
  createRoot(container).render(
    <StrictMode>
      <App preferences={preferences} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

// Not a top-level await: the language's chunk imports this module's chunk, which must first finish
// evaluating.
void start(root);
