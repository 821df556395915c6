import type { Preferences } from '@opencare/schemas/preferences';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DataProvider } from './api/data-provider';
import { AppErrorProvider } from './components/app-error/app-error-provider';
import { NotificationsProvider } from './components/notifications/notifications-provider';
import { RealtimeProvider } from './realtime/realtime-provider';
import { createAppRouter } from './routes';
import { PreferencesProvider } from './session/preferences-provider';
import { SessionProvider } from './session/session-provider';

/** `queryClient`: the cache main.tsx made before the first render (home's data may be on its way into it). */
export function App({ preferences, queryClient }: { preferences: Preferences; queryClient: QueryClient }) {
  const [router] = useState(createAppRouter);
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
