import { trpc } from '../../api/trpc';

/** A change to a caregiver link: the patient's list, the admin's list and the caregiver's people follow. */
function useLinkChanged() {
  const utils = trpc.useUtils();
  return () => void utils.caregivers.invalidate();
}

export function useInviteCaregiverMutation() {
  const changed = useLinkChanged();
  return trpc.caregivers.invite.useMutation({ onSuccess: changed });
}
export function useCaregiverScopesMutation() {
  const changed = useLinkChanged();
  return trpc.caregivers.scopes.useMutation({ onSuccess: changed });
}
export function useRevokeCaregiverMutation() {
  const changed = useLinkChanged();
  return trpc.caregivers.revoke.useMutation({ onSuccess: changed });
}
export function useLinkCaregiverMutation() {
  const changed = useLinkChanged();
  return trpc.caregivers.link.useMutation({ onSuccess: changed });
}
export function useAcceptCaregivingMutation() {
  const changed = useLinkChanged();
  return trpc.caregivers.accept.useMutation({ onSuccess: changed });
}
export function useEndCaregivingMutation() {
  const changed = useLinkChanged();
  return trpc.caregivers.end.useMutation({ onSuccess: changed });
}
