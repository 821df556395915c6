import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import {
  userListItemSchema,
  userSchema,
  type CreateUserInput,
  type UpdateUserInput,
  type User,
  type UserListItem,
} from '@opencare/schemas/entities/user';
import type { RoleName } from '@opencare/schemas/roles';
import { ApiError, authedRequest, authedResponse } from '../../api/client';

export const USERS_PAGE_SIZE = 20;

export interface UserListQuery {
  page?: number;
  search?: string;
  status?: 'active' | 'inactive';
  role?: RoleName;
  /** Only locked users. */
  locked?: boolean;
}

export interface UserPage {
  items: UserListItem[];
  meta: ListMeta;
}

const userListSchema = userListItemSchema.array();

/** One page of `GET /users` as the server filters it (search, role, status, locked). */
async function fetchUserPage(query: UserListQuery, pageSize: number): Promise<UserPage> {
  const params = new URLSearchParams({ page: String(query.page ?? 1), pageSize: String(pageSize) });
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  if (query.role) params.set('role', query.role);
  if (query.locked) params.set('locked', 'true');
  const { data, meta } = await authedResponse(`/users?${params.toString()}`, { schema: userListSchema });
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

/** The admin's user list, one page at a time. */
export function listUsers(query: UserListQuery = {}): Promise<UserPage> {
  return fetchUserPage(query, USERS_PAGE_SIZE);
}

/** One user by username: the list searched, then the exact match (usernames are unique). */
export async function findUserByUsername(username: string): Promise<UserListItem | null> {
  const { items } = await fetchUserPage({ search: username }, 100);
  return items.find((u) => u.username.toLowerCase() === username.toLowerCase()) ?? null;
}

/** A user with their accounts (`GET /users/:id`). */
export function getUser(id: string): Promise<User> {
  return authedRequest(`/users/${encodeURIComponent(id)}`, { schema: userSchema });
}

export function createUser(input: CreateUserInput): Promise<User> {
  return authedRequest('/users', { method: 'POST', body: input, schema: userSchema });
}

/** E-mail and phone, and the admin's switches: locked, and active or inactive. */
export function updateUser(id: string, input: UpdateUserInput): Promise<User> {
  return authedRequest(`/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    schema: userSchema,
  });
}
