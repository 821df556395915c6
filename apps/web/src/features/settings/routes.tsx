import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const AccountLayout = lazyPage(() => import('./account-layout'), 'AccountLayout');
const AudioPage = lazyPage(() => import('./audio-page'), 'AudioPage');
const PreferencesPage = lazyPage(() => import('./preferences-page'), 'PreferencesPage');
const ProfilePage = lazyPage(() => import('./profile-page'), 'ProfilePage');
const RemindersPage = lazyPage(() => import('./reminders-page'), 'RemindersPage');
const SecurityPage = lazyPage(() => import('./security-page'), 'SecurityPage');
const SettingsLayout = lazyPage(() => import('./settings-layout'), 'SettingsLayout');
const VideoPage = lazyPage(() => import('./video-page'), 'VideoPage');

/** The /settings subtree (spec §2), placed under the main layout, behind login, by the app's route table. */
export const settingsRoute: RouteObject = {
  path: 'settings',
  element: <SettingsLayout />,
  children: [
    { index: true, element: <Navigate to="preferences" replace /> },
    { path: 'preferences', element: <PreferencesPage /> },
    {
      path: 'account',
      element: <AccountLayout />,
      children: [
        { index: true, element: <Navigate to="profile" replace /> },
        { path: 'profile', element: <ProfilePage /> },
        { path: 'security', element: <SecurityPage /> },
      ],
    },
    { path: 'reminders', element: <RemindersPage /> },
    { path: 'audio', element: <AudioPage /> },
    { path: 'video', element: <VideoPage /> },
  ],
};
