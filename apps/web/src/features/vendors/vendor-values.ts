import type { Vendor } from '@opencare/schemas/entities/devices';
import { vendorInputSchema } from '@opencare/schemas/entities/devices';
import { firstIssues, type FieldErrors } from '../../components/form/form-errors';
import type { VendorBody } from './vendor-queries';

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

/**
 * The body to send, checked with the server's schema, or the field problems in its words. Every
 * field is sent: a blank one clears what was there.
 */
export function vendorBody(
  values: VendorValues,
): { body: VendorBody; errors: null } | { body: null; errors: FieldErrors } {
  const result = vendorInputSchema.safeParse(values);
  return result.success ? { body: result.data, errors: null } : { body: null, errors: firstIssues(result) };
}
