import type { Gateway } from '@opencare/schemas/entities/gateways';
import { trpc } from '../../api/trpc';
import { useSocketEvent } from '../../realtime/use-realtime';

/**
 * The gateways in the cache follow `gateway:status` (the people socket sends it to the patient and
 * to the clinicians watching them): the signed-in patient's own list and any patient's list a
 * clinician has open. Events about gateways a list does not hold change nothing. After a
 * `live:resync` (events may have been lost) those lists are asked for again.
 */
export function useLiveGatewayStatus(): void {
  const utils = trpc.useUtils();
  useSocketEvent('gateway:status', ({ patientId, gatewayId, status, lastSeenAt }) => {
    const apply = (list: Gateway[] | undefined) =>
      list?.some((g) => g.id === gatewayId)
        ? list.map((g) => (g.id === gatewayId ? { ...g, status, lastSeenAt } : g))
        : list;
    utils.gateways.mine.setData(undefined, apply);
    utils.gateways.ofPatient.setData({ patientId }, apply);
  });
  useSocketEvent('live:resync', () => {
    void utils.gateways.mine.invalidate();
    void utils.gateways.ofPatient.invalidate();
  });
}

/** Renaming a gateway: the patient's list holds the new name at once. */
export function useRenameGatewayMutation() {
  const utils = trpc.useUtils();
  return trpc.gateways.update.useMutation({
    onSuccess(renamed: Gateway) {
      utils.gateways.mine.setData(undefined, (list) => list?.map((g) => (g.id === renamed.id ? renamed : g)));
      if (renamed.patientId) void utils.gateways.ofPatient.invalidate({ patientId: renamed.patientId });
    },
  });
}

/** Removing a gateway: it leaves the list at once; the devices it read are asked for again. */
export function useRemoveGatewayMutation() {
  const utils = trpc.useUtils();
  return trpc.gateways.delete.useMutation({
    onSuccess(_, { id }) {
      utils.gateways.mine.setData(undefined, (list) => list?.filter((g) => g.id !== id));
      void utils.gateways.ofPatient.invalidate();
      void utils.devices.mine.invalidate();
    },
  });
}

/** Adding a gateway: the patient's list is asked for again (the menu's native-device check reads it). */
export function useAddGatewayMutation() {
  const utils = trpc.useUtils();
  return trpc.gateways.add.useMutation({
    onSuccess(added: Gateway) {
      if (added.patientId) void utils.gateways.ofPatient.invalidate({ patientId: added.patientId });
    },
  });
}
