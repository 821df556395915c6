import { attachmentSchema, type Attachment } from '@opencare/schemas/entities/mail';
import { ApiError } from '../../api/api-error';
import { sessionClient } from '../../api/session-client';
import { sessionStore } from '../../session/session-store';

/**
 * Mail attachments travel as raw bytes, which tRPC's JSON does not carry: these two calls stay on
 * REST (`POST /mail/attachments`, `GET /mail/attachments/{id}`). Every other mail call is a `mail.*`
 * procedure (mail-queries.ts).
 */

/**
 * A call whose body or answer is a file, not JSON: the API client sends and reads JSON only. Same
 * headers as the client, and the same one retry after re-authenticating when the token expired.
 */
async function fileRequest(path: string, init: { method: 'GET' | 'POST'; body?: Blob; contentType?: string }): Promise<Response> {
  const send = (token: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    const accountId = sessionStore.accountId.get();
    if (accountId) headers['x-account-id'] = accountId;
    if (init.contentType) headers['content-type'] = init.contentType;
    return fetch(`/api/v1${path}`, { method: init.method, headers, body: init.body, credentials: 'same-origin' }).catch(() => {
      throw ApiError.of('err_network');
    });
  };
  const token = sessionStore.accessToken.get();
  if (!token) throw ApiError.of('tokenRequired');
  let response = await send(token);
  if (response.status === 401) response = await send(await sessionClient.tokenAfter401(token));
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { key?: string; message?: string } | null;
    throw body?.key ? new ApiError(response.status, body.key, body.message ?? '') : ApiError.of('unknown', response.status);
  }
  return response;
}

/** Store a file for a message not yet sent; a patient's own upload names no patient. */
export async function uploadAttachment(file: File, patientAccountId?: string): Promise<Attachment> {
  const params = new URLSearchParams({ fileName: file.name });
  if (patientAccountId) params.set('patientAccountId', patientAccountId);
  const response = await fileRequest(`/mail/attachments?${params.toString()}`, { method: 'POST', body: file, contentType: file.type });
  const parsed = attachmentSchema.safeParse(((await response.json()) as { data?: unknown }).data);
  if (!parsed.success) throw ApiError.of('invalidResponseData');
  return parsed.data;
}

/** An attachment's bytes, for a preview or a download. */
export async function downloadAttachment(id: string): Promise<Blob> {
  return (await fileRequest(`/mail/attachments/${encodeURIComponent(id)}`, { method: 'GET' })).blob();
}
