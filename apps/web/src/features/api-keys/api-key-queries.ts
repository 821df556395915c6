import { trpc } from '../../api/trpc';

/** A new key: the list is fetched again (it shows the key, never its secret). */
export function useCreateApiKeyMutation() {
  const utils = trpc.useUtils();
  return trpc.apiKeys.create.useMutation({
    onSuccess: () => void utils.apiKeys.list.invalidate(),
  });
}

/** A revoked key: marked in the cached list at once, and the list fetched again. */
export function useRevokeApiKeyMutation() {
  const utils = trpc.useUtils();
  return trpc.apiKeys.revoke.useMutation({
    onSuccess(revoked) {
      utils.apiKeys.list.setData(undefined, (keys) =>
        keys?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
      void utils.apiKeys.list.invalidate();
    },
  });
}
