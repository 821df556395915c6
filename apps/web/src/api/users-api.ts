import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import { userListItemSchema, type UserListItem } from '@opencare/schemas/entities/user';
import { ApiError, authedResponse } from './client';

export interface UserListQuery {
  page?: number;
  search?: string;
  status?: 'active' | 'inactive';
}

const userListSchema = userListItemSchema.array();

/** The admin's user list (`GET /users`), one page at a time. */
export async function listUsers(query: UserListQuery = {}): Promise<{ items: UserListItem[]; meta: ListMeta }> {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  const suffix = params.size > 0 ? `?${params.toString()}` : '';
  const { data, meta } = await authedResponse(`/users${suffix}`, { schema: userListSchema });
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

/** One user by username: the list searched, then the exact match (usernames are unique). */
export async function findUserByUsername(username: string): Promise<UserListItem | null> {
  const { items } = await listUsers({ search: username });
  return items.find((u) => u.username.toLowerCase() === username.toLowerCase()) ?? null;
}
