import { DEFAULT_PREFERENCES } from '@opencare/schemas/preferences';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { DataProvider } from '../api/data-provider';
import { AppErrorProvider } from '../components/app-error/app-error-provider';
import { ActiveCallProvider } from '../features/visits/call/active-call-provider';
import { NotificationsProvider } from '../components/notifications/notifications-provider';
import { PreferencesProvider } from '../session/preferences-provider';
import { SessionContext, type SessionContextValue, type SessionState } from '../session/session-context';
import { testQueryClient } from './query-client';

/**
 * The app's providers around `children`, with a session in the given state (no server behind it),
 * and a cache of the test's own unless it brings one (say, with data already asked for).
 */
export function Providers({
  session,
  children,
  queryClient,
}: {
  session: SessionState;
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const value: SessionContextValue = {
    state: session,
    login: vi.fn(() => Promise.resolve(null)),
    completeLogin: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    switchAccount: vi.fn(),
    makeDefault: vi.fn(() => Promise.resolve()),
    calendarDate: '2026-03-02',
    setCalendarDate: vi.fn(),
  };
  return (
    <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES }}>
      <NotificationsProvider>
        <AppErrorProvider>
          <SessionContext value={value}>
            <DataProvider queryClient={queryClient ?? testQueryClient()}>
              <ActiveCallProvider>{children}</ActiveCallProvider>
            </DataProvider>
          </SessionContext>
        </AppErrorProvider>
      </NotificationsProvider>
    </PreferencesProvider>
  );
}

/** Render a route table at `path`; the router is returned to read where it ended up. */
export function renderRoutes(routes: RouteObject[], path: string, session: SessionState, queryClient?: QueryClient) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers session={session} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
