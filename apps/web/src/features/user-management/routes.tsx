import { Navigate, type RouteObject } from 'react-router-dom';
import { ResourcePage } from '../../pages/dashboard/resource-page';
import { UserFormPage } from '../../pages/dashboard/user-form-page';
import { UserViewPage } from '../../pages/dashboard/user-view-page';
import { UsersPage } from '../../pages/dashboard/users-page';
import { ROUTES } from '../../route-paths';

/** /dashboard/user-management: users and invitations (admin only, placed by the app's route table). */
export const userManagementRoute: RouteObject = {
  path: 'user-management',
  children: [
    { index: true, element: <Navigate to={ROUTES.userList} replace /> },
    { path: 'users', element: <UsersPage status="active" /> },
    { path: 'inactive-users', element: <UsersPage status="inactive" /> },
    { path: 'create-user', element: <UserFormPage mode="create" /> },
    { path: 'users/:username', element: <UserViewPage /> },
    { path: 'users/:username/edit', element: <UserFormPage mode="edit" /> },
    { path: 'invitations', element: <ResourcePage resource="invitations" screen="list" /> },
    { path: 'invitations/create', element: <ResourcePage resource="invitations" screen="create" /> },
    { path: 'invitations/:invitationId', element: <ResourcePage resource="invitations" screen="view" /> },
    {
      path: 'invitations/:invitationId/edit',
      element: <ResourcePage resource="invitations" screen="edit" />,
    },
  ],
};
