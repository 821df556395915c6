import { visitSchema, type Visit } from '@opencare/schemas/entities/appointments';
import {
  guestVisitSessionSchema,
  telehealthInvitationViewSchema,
  type GuestVisitSession,
  visitSessionSchema,
  type TelehealthInvitationView,
  type VisitSession,
} from '@opencare/schemas/entities/visits';
import { authedRequest, publicRequest } from '../../api/client';

/** Video visit calls (spec §7: v1/visits/code/{code}, /participants/join and /leave, /start, /end). */

const visitPath = (id: string) => `/visits/${encodeURIComponent(id)}`;

export function fetchVisitByCode(code: string): Promise<Visit> {
  return authedRequest(`/visits/code/${encodeURIComponent(code)}`, { schema: visitSchema });
}

/** Join from this device; `takeOver` moves the caller's place here from their other device. */
export function joinVisit(id: string, deviceId: string, takeOver = false): Promise<VisitSession> {
  return authedRequest(`${visitPath(id)}/participants/join`, {
    method: 'POST',
    body: { deviceId, takeOver },
    schema: visitSessionSchema,
  });
}

export async function leaveVisit(id: string, deviceId: string): Promise<void> {
  await authedRequest(`${visitPath(id)}/participants/leave`, { method: 'POST', body: { deviceId } });
}

export function startVisit(id: string): Promise<Visit> {
  return authedRequest(`${visitPath(id)}/start`, { method: 'POST', schema: visitSchema });
}

export function endVisit(id: string): Promise<Visit> {
  return authedRequest(`${visitPath(id)}/end`, { method: 'POST', schema: visitSchema });
}

/** What a guest link shows; sent without credentials (spec §7). */
export async function fetchInvitationView(key: string): Promise<TelehealthInvitationView> {
  const answer = await publicRequest(`/telehealth-invitations?key=${encodeURIComponent(key)}`, {
    schema: telehealthInvitationViewSchema,
  });
  return answer.data;
}

/** A guest joins the visit of their link from this device (no credentials: the key is the proof). */
export async function joinAsGuest(
  key: string,
  deviceId: string,
  takeOver = false,
): Promise<GuestVisitSession> {
  const answer = await publicRequest('/telehealth-invitations/join', {
    method: 'POST',
    body: { key, deviceId, takeOver },
    schema: guestVisitSessionSchema,
  });
  return answer.data;
}

export async function leaveAsGuest(key: string, deviceId: string): Promise<void> {
  await publicRequest('/telehealth-invitations/leave', { method: 'POST', body: { key, deviceId } });
}
