import { invitationSchema, type Invitation } from '@opencare/schemas/entities/care';
import { listMetaSchema, type ListMeta } from '@opencare/schemas/envelope';
import type { RoleName } from '@opencare/schemas/roles';
import { ApiError, authedRequest, authedResponse } from '../../api/client';

/** What the admin may set on an invitation; the server refuses Super (createInvitationInputSchema). */
export interface InvitationBody {
  email: string;
  role: Exclude<RoleName, 'Super'>;
  accountType: Invitation['accountType'];
  expiresInDays: number;
}
export type InvitationChanges = Partial<Omit<InvitationBody, 'email'>>;

const invitationListSchema = invitationSchema.array();
const path = (id: string, action = '') => `/invitations/${encodeURIComponent(id)}${action}`;

/** The admin's invitations of spec §7, one page at a time. */
export async function listInvitations(query: {
  page?: number;
  status?: Invitation['status'];
}): Promise<{ items: Invitation[]; meta: ListMeta }> {
  const params = new URLSearchParams({ page: String(query.page ?? 1) });
  if (query.status) params.set('status', query.status);
  const { data, meta } = await authedResponse(`/invitations?${params.toString()}`, {
    schema: invitationListSchema,
  });
  const checked = listMetaSchema.safeParse(meta);
  if (!checked.success) throw ApiError.of('invalidResponseData');
  return { items: data, meta: checked.data };
}

export function getInvitation(id: string): Promise<Invitation> {
  return authedRequest(path(id), { schema: invitationSchema });
}

export function createInvitation(body: InvitationBody): Promise<Invitation> {
  return authedRequest('/invitations', { method: 'POST', body, schema: invitationSchema });
}

export function updateInvitation(id: string, changes: InvitationChanges): Promise<Invitation> {
  return authedRequest(path(id), { method: 'PATCH', body: changes, schema: invitationSchema });
}

/** A fresh link by e-mail; the server allows it once every 5 minutes (spec §5). */
export function resendInvitation(id: string): Promise<Invitation> {
  return authedRequest(path(id, '/resend'), { method: 'PATCH', schema: invitationSchema });
}

export function revokeInvitation(id: string): Promise<Invitation> {
  return authedRequest(path(id, '/revoke'), { method: 'PATCH', schema: invitationSchema });
}

export async function deleteInvitation(id: string): Promise<void> {
  await authedRequest(path(id), { method: 'DELETE' });
}
