import {
  invitationPreviewSchema,
  type CompleteInvitationInput,
  type InvitationPreview,
} from '@opencare/schemas/entities/care';
import { userSchema, type User } from '@opencare/schemas/entities/user';
import { ApiError } from '../../api/api-error';
import { publicRequest } from '../../api/client';

/** The invitee's two calls of spec §7; no session needed. */

export async function verifyInvitation(token: string): Promise<InvitationPreview> {
  try {
    const { data } = await publicRequest('/invitations/verify', {
      method: 'POST',
      body: { token },
      schema: invitationPreviewSchema,
    });
    return data;
  } catch (error) {
    // Spec §5: verification without a valid result is invalidInvitation.
    if (error instanceof ApiError && error.key === 'invalidResponseData')
      throw ApiError.of('invalidInvitation');
    throw error;
  }
}

export async function completeInvitation(input: CompleteInvitationInput): Promise<User> {
  const { data } = await publicRequest('/invitations/complete', {
    method: 'POST',
    body: input,
    schema: userSchema,
  });
  return data;
}
