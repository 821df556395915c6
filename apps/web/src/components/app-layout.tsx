import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { AppHeader } from './app-header';

/** One frame for every page: a header with the app name and the language switch. */
export function AppLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppHeader />
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
