import { Navigate, type RouteObject } from 'react-router-dom';
import { AccountLayout } from './account-layout';
import { AudioPage } from './audio-page';
import { PreferencesPage } from './preferences-page';
import { ProfilePage } from './profile-page';
import { SecurityPage } from './security-page';
import { SettingsLayout } from './settings-layout';
import { VideoPage } from './video-page';

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
    { path: 'audio', element: <AudioPage /> },
    { path: 'video', element: <VideoPage /> },
  ],
};
