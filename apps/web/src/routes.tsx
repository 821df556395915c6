import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from './components/app-layout';
import { RequireSession } from './components/require-session';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';

/** The one route table of the app. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { element: <RequireSession />, children: [{ path: '/', element: <HomePage /> }] },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
