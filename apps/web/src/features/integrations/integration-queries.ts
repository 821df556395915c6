import { trpc } from '../../api/trpc';

/** A registered client: the list is fetched again. */
export function useRegisterClientMutation() {
  const utils = trpc.useUtils();
  return trpc.smartClients.create.useMutation({ onSuccess: () => void utils.smartClients.list.invalidate() });
}

/** A registered app: the list is fetched again. */
export function useRegisterAppMutation() {
  const utils = trpc.useUtils();
  return trpc.smartClients.createApp.useMutation({ onSuccess: () => void utils.smartClients.list.invalidate() });
}

/** New keys: the cached list takes the answer at once, then is fetched again. */
export function useReplaceKeysMutation() {
  const utils = trpc.useUtils();
  return trpc.smartClients.replaceKeys.useMutation({
    onSuccess(changed) {
      utils.smartClients.list.setData(undefined, (clients) => clients?.map((client) => (client.id === changed.id ? changed : client)));
      void utils.smartClients.list.invalidate();
    },
  });
}

/** A revoked client: its subscriptions stop too, so both lists are fetched again. */
export function useRevokeClientMutation() {
  const utils = trpc.useUtils();
  return trpc.smartClients.revoke.useMutation({
    onSuccess(revoked) {
      utils.smartClients.list.setData(undefined, (clients) => clients?.map((client) => (client.id === revoked.id ? revoked : client)));
      void utils.smartClients.list.invalidate();
      void utils.fhirSubscriptions.list.invalidate();
    },
  });
}

/** A subscription switched off by the admin. */
export function useSwitchSubscriptionOffMutation() {
  const utils = trpc.useUtils();
  return trpc.fhirSubscriptions.switchOff.useMutation({
    onSuccess(off) {
      utils.fhirSubscriptions.list.setData(undefined, (list) => list?.map((item) => (item.id === off.id ? off : item)));
      void utils.fhirSubscriptions.list.invalidate();
    },
  });
}
