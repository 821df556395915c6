import type { Invitation } from '@opencare/schemas/entities/care';
import type { User, UserListItem } from '@opencare/schemas/entities/user';
import { listMeta } from '@opencare/schemas/envelope';
import { ROLES } from '@opencare/schemas/roles';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { ok } from '../../signup/testing/harness';
import { userManagementRoute } from '../routes';

/** The signed-in admin's user id. */
export const ADMIN_ID = '0c6f2f4e-8a3b-4c1d-9e5f-6a7b8c9d0e1f';

/** The user-management screens at `path`, as an admin sees them, with the app's providers around them. */
export function renderUserManagement(path: string) {
  const account = makeAccount([ROLES.Admin], { accountType: { code: 'prov', description: 'Provider' } });
  return renderRoutes([{ path: '/dashboard', children: [userManagementRoute] }], path, {
    status: 'signed-in',
    user: { ...makeUser([account]), id: ADMIN_ID, username: 'admin', fullName: 'Alex Admin' },
    account,
  });
}

export function userRow(overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    id: '7f0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a11',
    username: 'nbennett',
    fullName: 'Noah Bennett',
    email: 'noah@example.org',
    isLocked: false,
    isVerified: true,
    status: 'active',
    lastLogin: '2026-03-01T09:30:00.000Z',
    roles: ['Nurse'],
    ...overrides,
  };
}

/** The user DTO of `row`, with one default provider account holding the row's roles. */
export function userOf(row: UserListItem, overrides: Partial<User> = {}): User {
  const account = makeAccount(
    row.roles.map((role) => ROLES[role]),
    { accountType: { code: 'prov', description: 'Provider' } },
  );
  return {
    ...makeUser([account]),
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    isLocked: row.isLocked,
    lastLogin: row.lastLogin,
    ...overrides,
  };
}

export function invitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
    email: 'joy@example.org',
    role: 'Nurse',
    accountType: 'prov',
    createdAt: '2026-03-01T09:00:00.000Z',
    expiresAt: '2026-03-08T09:00:00.000Z',
    status: 'pending',
    ...overrides,
  };
}

/** A list procedure's answer: one page of `items` with its paging, as the service returns it. */
export function page<T>(items: T[], meta: Partial<{ page: number; pageSize: number; total: number }> = {}) {
  return ok({ items, meta: listMeta(meta.total ?? items.length, meta.page ?? 1, meta.pageSize ?? 20) });
}

/** The input of a call, to read its fields. */
export const inputOf = (body: unknown) => (body ?? {}) as Record<string, unknown>;
