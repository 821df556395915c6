import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../../route-paths';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const InvitationCreatePage = lazyPage(() => import('./invitation-create-page'), 'InvitationCreatePage');
const InvitationEditPage = lazyPage(() => import('./invitation-edit-page'), 'InvitationEditPage');
const InvitationViewPage = lazyPage(() => import('./invitation-view-page'), 'InvitationViewPage');
const InvitationsPage = lazyPage(() => import('./invitations-page'), 'InvitationsPage');
const UserCreatePage = lazyPage(() => import('./user-create-page'), 'UserCreatePage');
const UserEditPage = lazyPage(() => import('./user-edit-page'), 'UserEditPage');
const UserViewPage = lazyPage(() => import('./user-view-page'), 'UserViewPage');
const UsersPage = lazyPage(() => import('./users-page'), 'UsersPage');

/** /dashboard/user-management: users and invitations (admin only, placed by the app's route table). */
export const userManagementRoute: RouteObject = {
  path: 'user-management',
  children: [
    { index: true, element: <Navigate to={ROUTES.userList} replace /> },
    // Keyed, so switching between the two lists starts each with its own filters.
    { path: 'users', element: <UsersPage key="active" status="active" /> },
    { path: 'inactive-users', element: <UsersPage key="inactive" status="inactive" /> },
    { path: 'create-user', element: <UserCreatePage /> },
    { path: 'users/:username', element: <UserViewPage /> },
    { path: 'users/:username/edit', element: <UserEditPage /> },
    { path: 'invitations', element: <InvitationsPage /> },
    { path: 'invitations/create', element: <InvitationCreatePage /> },
    { path: 'invitations/:invitationId', element: <InvitationViewPage /> },
    { path: 'invitations/:invitationId/edit', element: <InvitationEditPage /> },
  ],
};
