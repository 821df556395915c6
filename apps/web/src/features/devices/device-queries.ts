import type { Device } from '@opencare/schemas/entities/gateways';
import { trpc } from '../../api/trpc';

/** Pairing a device: the device lists are asked for again. */
export function useAddDeviceMutation() {
  const utils = trpc.useUtils();
  return trpc.devices.add.useMutation({
    onSuccess(added: Device) {
      utils.devices.get.setData({ id: added.id }, added);
      void utils.devices.mine.invalidate();
      void utils.devices.ofPatient.invalidate({ patientId: added.patientId });
    },
  });
}

/** Changing a device (its name, the patient's user number on it): its page shows it at once; the lists are asked for again. */
export function useRenameDeviceMutation() {
  const utils = trpc.useUtils();
  return trpc.devices.update.useMutation({
    onSuccess(renamed: Device) {
      utils.devices.get.setData({ id: renamed.id }, renamed);
      void utils.devices.mine.invalidate();
      void utils.devices.ofPatient.invalidate({ patientId: renamed.patientId });
    },
  });
}

/** Removing a device: it leaves the patient's list. */
export function useRemoveDeviceMutation() {
  const utils = trpc.useUtils();
  return trpc.devices.delete.useMutation({
    onSuccess(_, { id }) {
      utils.devices.mine.setData(undefined, (list) => list?.filter((d) => d.id !== id));
      void utils.devices.ofPatient.invalidate();
    },
  });
}
