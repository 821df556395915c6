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
