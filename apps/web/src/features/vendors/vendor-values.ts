import type { Vendor } from '@opencare/schemas/entities/devices';

export const VENDOR_FIELDS = ['vendorName', 'address', 'website', 'contactPerson', 'taxId'] as const;
export type VendorValues = Record<(typeof VENDOR_FIELDS)[number], string>;

export function vendorValuesOf(vendor?: Vendor): VendorValues {
  return {
    vendorName: vendor?.vendorName ?? '',
    address: vendor?.address ?? '',
    website: vendor?.website ?? '',
    contactPerson: vendor?.contactPerson ?? '',
    taxId: vendor?.taxId ?? '',
  };
}
