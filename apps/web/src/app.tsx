import type { Preferences } from '@opencare/schemas/preferences';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DataProvider } from './api/data-provider';
import { AppErrorProvider } from './components/app-error/app-error-provider';
import { NotificationsProvider } from './components/notifications/notifications-provider';
import { RealtimeProvider } from './realtime/realtime-provider';
import { createAppRouter } from './routes';
import { PreferencesProvider } from './session/preferences-provider';
import { SessionProvider } from './session/session-provider';

export function App({ preferences }: { preferences: Preferences }) {
  const [router] = useState(createAppRouter);
  return (
    <PreferencesProvider initial={preferences}>
      <NotificationsProvider>
        <AppErrorProvider>
          <SessionProvider>
            <DataProvider>
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
