import type { TelehealthInvitation, VisitParticipant } from '@opencare/schemas/entities/visits';
import { ROUTE_ROLES, hasAnyRole } from '@opencare/schemas/role-table';
import { useEffect } from 'react';
import { trpc } from '../../../api/trpc';
import { roleNumbersOf } from '../../../session/acting-account';
import { useSession } from '../../../session/use-session';

/** Physicians and nurses invite and remove guests (the server decides; this only shows the actions). */
export function useCanInviteGuests(): boolean {
  const { state } = useSession();
  return state.status === 'signed-in' && hasAnyRole(roleNumbersOf(state.account), ROUTE_ROLES.physicianOrNurse);
}

/** The visit's guest links, with where each guest is now. */
export function useVisitGuests(visitId: string, enabled = true) {
  return trpc.telehealthInvitations.ofVisit.useQuery({ visitId }, { enabled });
}

/** A guest link sent or revoked: the visit's list reads again. */
function useGuestsChanged() {
  const utils = trpc.useUtils();
  return (invitation: { visitId: string }) => void utils.telehealthInvitations.ofVisit.invalidate({ visitId: invitation.visitId });
}

export function useInviteGuestMutation() {
  const changed = useGuestsChanged();
  return trpc.telehealthInvitations.create.useMutation({ onSuccess: changed });
}

/** Removing a guest revokes their link: they are out of the call at once, on every device. */
export function useRemoveGuestMutation() {
  const changed = useGuestsChanged();
  return trpc.telehealthInvitations.revoke.useMutation({ onSuccess: changed });
}

/**
 * The visit's guest links in the call, for a clinician who may remove guests: read again whenever
 * who is in the visit changes, so each guest's tile finds its link.
 */
/** No guests (yet): one array, so a screen that memoises on the list does not render again for nothing. */
const NO_GUESTS: TelehealthInvitation[] = [];

export function useGuestsInCall(visitId: string, participants: VisitParticipant[], enabled: boolean) {
  const utils = trpc.useUtils();
  const guests = useVisitGuests(visitId, enabled);
  const present = participants
    .filter((p) => p.role === 'guest')
    .map((p) => `${p.deviceId}:${String(p.admitted)}`)
    .join(',');
  useEffect(() => {
    if (enabled) void utils.telehealthInvitations.ofVisit.invalidate({ visitId });
  }, [enabled, present, utils, visitId]);
  return guests.data ?? NO_GUESTS;
}
