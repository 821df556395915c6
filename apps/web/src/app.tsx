import { DirectionProvider, MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router-dom';
import { directionOf, type Language } from './i18n/language';
import { router } from './routes';
import { SessionProvider } from './session/session-provider';
import { theme } from './theme';

export function App({ language }: { language: Language }) {
  return (
    <DirectionProvider initialDirection={directionOf(language)}>
      <MantineProvider theme={theme} forceColorScheme="light">
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
