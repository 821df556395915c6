import { publicRequest } from '../../api/client';

/**
 * A guest leaves the visit of their link (no credentials: the key is the proof). The router has no
 * `telehealthInvitations.leave` procedure yet, so this one call stays on REST
 * (`POST /telehealth-invitations/leave`); the guest's view and join are tRPC procedures.
 */
export async function leaveAsGuest(key: string, deviceId: string): Promise<void> {
  await publicRequest('/telehealth-invitations/leave', { method: 'POST', body: { key, deviceId } });
}
