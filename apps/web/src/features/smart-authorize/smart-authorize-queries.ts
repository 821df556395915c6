import type { SmartAuthorizeRequest } from '@opencare/schemas/entities/smart-clients';
import { trpc } from '../../api/trpc';

/** What the app asks of this person; checked once (an error is the answer, not a hiccup to retry). */
export function useConsentQuery(request: SmartAuthorizeRequest) {
  return trpc.smartAuthorize.consent.useQuery(request, { retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
}

/** Allow or Deny: the answer is where the browser goes next (the app's redirect URI). */
export function useDecideMutation() {
  return trpc.smartAuthorize.decide.useMutation();
}

/** The apps a clinician can open from a patient's page (EHR launch); the list changes only when an admin registers one. */
export function useLaunchableAppsQuery() {
  return trpc.smartAuthorize.apps.useQuery(undefined, { staleTime: 5 * 60_000, refetchOnWindowFocus: false });
}

/** Opening an app for a patient: the answer is the app's launch URL, valid for a few minutes. */
export function useLaunchMutation() {
  return trpc.smartAuthorize.launch.useMutation();
}
