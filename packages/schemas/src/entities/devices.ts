import { z } from 'zod';
import { measurementCodeSchema } from '../lookups';
import { companyIdentifierSchema, macSchema, optionalText, ouiSchema, text } from '../rules';

/** Vendor of spec §3, with its Bluetooth identifiers. */
export const vendorInputSchema = z.strictObject({
  vendorName: text('Vendor name', 100),
  address: optionalText('Address', 200),
  website: z.url('Enter a valid web address.').max(200).optional(),
  contactPerson: optionalText('Contact person', 100),
  taxId: optionalText('Tax id', 40),
});
export const updateVendorInputSchema = vendorInputSchema.partial();
export const vendorListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;
export const vendorSchema = vendorInputSchema.extend({
  id: z.uuid(),
  ouis: z.array(z.string()),
  companyIdentifiers: z.array(z.string()),
});
export type Vendor = z.infer<typeof vendorSchema>;
export const ouiInputSchema = z.strictObject({ oui: ouiSchema });
export const companyIdentifierInputSchema = z.strictObject({ companyIdentifier: companyIdentifierSchema });

/** Gateway of spec §3. */
export const gatewaySchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  serial: z.string().nullable(),
  model: z.string().nullable(),
  os: z.string().nullable(),
  bluetoothVersion: z.string().nullable(),
  bluetoothAdapters: z.array(z.string()),
  macAddress: z.array(z.string()),
  status: z.enum(['online', 'offline', 'pending']),
  publicIp: z.string().nullable(),
  localIp: z.string().nullable(),
  btAddress: z.string().nullable(),
  version: z.string().nullable(),
  nxwId: z.string().nullable(),
});
export type Gateway = z.infer<typeof gatewaySchema>;
/** A gateway is added by its 12-digit MAC number or by QR scan (which carries the same number). */
export const addGatewayInputSchema = z.strictObject({
  mac: macSchema,
  displayName: optionalText('Display name', 60),
});

export const GATT_ACTIONS = ['read', 'write', 'notify', 'indicate'] as const;
export const GATT_DATA_TYPES = ['string', 'hex', 'integer', 'float', 'boolean'] as const;
export const TASK_PHASES = ['start', 'task', 'end'] as const;

const gattUuid = z
  .string()
  .trim()
  .regex(
    /^([0-9A-Fa-f]{4}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$/,
    'Enter a 16-bit or 128-bit Bluetooth UUID.',
  );

/** One GATT task of a device profile (spec §3). */
export const deviceTaskSchema = z.strictObject({
  phase: z.enum(TASK_PHASES),
  service: gattUuid,
  characteristic: gattUuid,
  descriptors: z.array(gattUuid).max(16).default([]),
  handle: z.number().int().min(0).max(0xffff).optional(),
  uuid: gattUuid.optional(),
  action: z.enum(GATT_ACTIONS),
  writeValue: z.string().max(512).optional(),
  dataType: z.enum(GATT_DATA_TYPES),
  nextAction: z.string().max(60).optional(),
});
export type DeviceTask = z.infer<typeof deviceTaskSchema>;

export const DEVICE_PROFILE_STATES = ['draft', 'complete'] as const;
export const deviceProfileInputSchema = z.strictObject({
  profileName: text('Profile name', 100),
  vendorId: z.uuid().optional(),
  measurement: measurementCodeSchema.optional(),
  device: optionalText('Device', 100),
  tasks: z.array(deviceTaskSchema).max(100).default([]),
});
/** A draft saved midway: only the fields given change (no defaults), and a field can be cleared. */
export const updateDeviceProfileInputSchema = z.strictObject({
  profileName: text('Profile name', 100).optional(),
  vendorId: z.uuid().nullable().optional(),
  measurement: measurementCodeSchema.nullable().optional(),
  device: optionalText('Device', 100).nullable(),
  tasks: z.array(deviceTaskSchema).max(100).optional(),
});
export type UpdateDeviceProfileInput = z.infer<typeof updateDeviceProfileInputSchema>;
export const deviceProfileListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(DEVICE_PROFILE_STATES).optional(),
});
export type DeviceProfileListQuery = z.infer<typeof deviceProfileListQuerySchema>;
/**
 * A device profile as the builder sees it. `state` is the working copy's; `version` is the last
 * completed version (0 before the first), which is what gateways receive while a newer draft is edited.
 */
export const deviceProfileSchema = deviceProfileInputSchema.extend({
  id: z.uuid(),
  state: z.enum(DEVICE_PROFILE_STATES),
  version: z.number().int().min(0),
  builtIn: z.boolean(),
  updatedAt: z.string(),
});
export type DeviceProfile = z.infer<typeof deviceProfileSchema>;

/** A completed version, as gateways run it. */
export const deviceProfileVersionSchema = z.object({
  profileId: z.uuid(),
  version: z.number().int().min(1),
  profileName: z.string(),
  vendorId: z.uuid().nullable(),
  measurement: measurementCodeSchema,
  device: z.string(),
  tasks: z.array(deviceTaskSchema),
  completedAt: z.string(),
});
export type DeviceProfileVersion = z.infer<typeof deviceProfileVersionSchema>;
