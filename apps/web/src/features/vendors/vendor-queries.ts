import type { Vendor, vendorInputSchema } from '@opencare/schemas/entities/devices';
import type { z } from 'zod';
import { trpc } from '../../api/trpc';

/** What the vendor form sends: every field, a blank one clearing what was there. */
export type VendorBody = z.output<typeof vendorInputSchema>;

export type IdentifierKind = 'oui' | 'companyIdentifier';

/**
 * A vendor as a write answered it: its own query holds it at once, and the lists (the vendors
 * page, the builder's vendor choice) are fetched again.
 */
function useVendorChanged() {
  const utils = trpc.useUtils();
  return (vendor: Vendor) => {
    utils.vendors.get.setData({ id: vendor.id }, vendor);
    void utils.vendors.list.invalidate();
  };
}

export function useCreateVendorMutation() {
  const changed = useVendorChanged();
  return trpc.vendors.create.useMutation({ onSuccess: changed });
}

export function useUpdateVendorMutation() {
  const changed = useVendorChanged();
  return trpc.vendors.update.useMutation({ onSuccess: changed });
}

/** A deleted vendor leaves the lists; its own query is dropped. */
export function useDeleteVendorMutation() {
  const utils = trpc.useUtils();
  return trpc.vendors.delete.useMutation({
    onSuccess(_, { id }) {
      void utils.vendors.get.invalidate({ id }, { refetchType: 'none' });
      void utils.vendors.list.invalidate();
    },
  });
}

/** Adding or removing a Bluetooth identifier answers with the whole vendor. */
export function useIdentifierMutations(kind: IdentifierKind) {
  const changed = useVendorChanged();
  const addOui = trpc.vendors.addOui.useMutation({ onSuccess: changed });
  const removeOui = trpc.vendors.removeOui.useMutation({ onSuccess: changed });
  const addCompany = trpc.vendors.addCompanyIdentifier.useMutation({ onSuccess: changed });
  const removeCompany = trpc.vendors.removeCompanyIdentifier.useMutation({ onSuccess: changed });
  return kind === 'oui' ? { add: addOui, remove: removeOui } : { add: addCompany, remove: removeCompany };
}
