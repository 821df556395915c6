import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../../route-paths';
import { InvitationCreatePage } from './invitation-create-page';
import { InvitationEditPage } from './invitation-edit-page';
import { InvitationViewPage } from './invitation-view-page';
import { InvitationsPage } from './invitations-page';
import { UserCreatePage } from './user-create-page';
import { UserEditPage } from './user-edit-page';
import { UserViewPage } from './user-view-page';
import { UsersPage } from './users-page';

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
