import type { Preferences } from '@opencare/schemas/preferences';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { DataProvider } from './api/data-provider';
import { AppErrorProvider } from './components/app-error/app-error-provider';
import { NotificationsProvider } from './components/notifications/notifications-provider';
import { RealtimeProvider } from './realtime/realtime-provider';
import type { AppRouter } from './routes';
import { PreferencesProvider } from './session/preferences-provider';
import { SessionProvider } from './session/session-provider';

/**
 * `queryClient` and `router`: the cache and the router main.tsx made before the first render (home's
 * data may be on its way into the one, the address's screens were downloaded for the other).
 */
export function App({ preferences, queryClient, router }: { preferences: Preferences; queryClient: QueryClient; router: AppRouter }) {
  return (
    <PreferencesProvider initial={preferences}>
      <NotificationsProvider>
        <AppErrorProvider>
          <SessionProvider>
            <DataProvider queryClient={queryClient}>
              <RealtimeProvider>
                <RouterProvider router={router} />
              </RealtimeProvider>
            </DataProvider>
          </SessionProvider>
        </AppErrorProvider>
      </NotificationsProvider>
    </PreferencesProvider>
  );
}
