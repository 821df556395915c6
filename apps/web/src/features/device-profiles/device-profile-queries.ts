import type { DeviceProfile, DeviceTask } from '@opencare/schemas/entities/devices';
import type { DeviceMeasurement } from '@opencare/schemas/lookups';
import { trpc } from '../../api/trpc';

/** Everything the builder saves; null clears a field of a draft. */
export interface DeviceProfileBody {
  profileName: string;
  vendorId: string | null;
  measurement: DeviceMeasurement | null;
  device: string | null;
  tasks: DeviceTask[];
}

/** What the builder offers to choose from: the organisation's vendors, and its profiles to switch to. */
export const CHOICES = { pageSize: 100 } as const;

/**
 * A profile as a write answered it: its own query holds it at once, and the lists (this feature's,
 * the builder's switcher, the devices' profile choice) are fetched again.
 */
function useProfileChanged() {
  const utils = trpc.useUtils();
  return (profile: DeviceProfile) => {
    utils.deviceProfiles.get.setData({ id: profile.id }, profile);
    void utils.deviceProfiles.list.invalidate();
  };
}

/** A new draft: blank fields are left out (the create schema has no nulls). */
export function useCreateProfileMutation() {
  const changed = useProfileChanged();
  const mutation = trpc.deviceProfiles.create.useMutation({ onSuccess: changed });
  const { mutateAsync } = mutation;
  return (body: DeviceProfileBody) =>
    mutateAsync(
      Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)) as Parameters<
        typeof mutateAsync
      >[0],
    );
}

export function useUpdateProfileMutation() {
  return trpc.deviceProfiles.update.useMutation({ onSuccess: useProfileChanged() });
}

/** A completed profile is a new version: its list of versions is fetched again too. */
export function useCompleteProfileMutation() {
  const utils = trpc.useUtils();
  const changed = useProfileChanged();
  return trpc.deviceProfiles.complete.useMutation({
    onSuccess(profile) {
      changed(profile);
      void utils.deviceProfiles.versions.invalidate({ id: profile.id });
    },
  });
}

export function useDuplicateProfileMutation() {
  return trpc.deviceProfiles.duplicate.useMutation({ onSuccess: useProfileChanged() });
}

/** A deleted profile leaves the lists; its own queries are dropped without being fetched again. */
export function useDeleteProfileMutation() {
  const utils = trpc.useUtils();
  return trpc.deviceProfiles.delete.useMutation({
    onSuccess(_, { id }) {
      void utils.deviceProfiles.get.invalidate({ id }, { refetchType: 'none' });
      void utils.deviceProfiles.versions.invalidate({ id }, { refetchType: 'none' });
      void utils.deviceProfiles.list.invalidate();
    },
  });
}
