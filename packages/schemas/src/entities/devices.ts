import { z } from 'zod';
import { deviceMeasurementSchema } from '../lookups';
import { REQUIRED, companyIdentifierSchema, optionalText, ouiSchema, text } from '../rules';

/** Vendor of spec §3, with its Bluetooth identifiers. */
export const vendorInputSchema = z.strictObject({
  vendorName: text('Vendor name', 100),
  address: optionalText('Address', 200),
  // Blank clears the field; anything else must be a web address.
  website: z
    .string({ error: 'Enter a valid web address.' })
    .trim()
    .max(200, 'Website must be at most 200 characters.')
    .refine((url) => url === '' || z.url().safeParse(url).success, 'Enter a valid web address.')
    .optional(),
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

export type GattDataType = (typeof GATT_DATA_TYPES)[number];

/** What a write value of each data type looks like, and the message that says so. */
const WRITE_VALUE_RULES: Record<GattDataType, { pattern: RegExp; message: string }> = {
  string: { pattern: /^[\s\S]*$/, message: '' },
  // Bytes on the wire: two hex digits each, so an odd count is always a typo.
  hex: { pattern: /^(?:[0-9A-Fa-f]{2})+$/, message: 'Write value must be hex digits in pairs, like 0101.' },
  integer: { pattern: /^[+-]?\d+$/, message: 'Write value must be a whole number, like 42.' },
  float: {
    pattern: /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/,
    message: 'Write value must be a number, like 36.6.',
  },
  boolean: { pattern: /^(?:true|false)$/, message: 'Write value must be true or false.' },
};

/** The message for a write value that is not of its data type, or null when it is. */
export function writeValueIssue(dataType: GattDataType, writeValue: string): string | null {
  const rule = WRITE_VALUE_RULES[dataType];
  return rule.pattern.test(writeValue) ? null : rule.message;
}

/** A GATT attribute handle is 16 bits. */
const HANDLE_RULE = 'Enter a handle from 0 to 65535.';

const WRITE_FIELDS = new Set<PropertyKey>(['action', 'dataType', 'writeValue']);

/** One GATT task of a device profile (spec §3). A write task carries a value of its data type. */
export const deviceTaskSchema = z
  .strictObject({
    phase: z.enum(TASK_PHASES),
    service: gattUuid,
    characteristic: gattUuid,
    descriptors: z.array(gattUuid).max(16).default([]),
    handle: z
      .number({ error: HANDLE_RULE })
      .int(HANDLE_RULE)
      .min(0, HANDLE_RULE)
      .max(0xffff, HANDLE_RULE)
      .optional(),
    uuid: gattUuid.optional(),
    action: z.enum(GATT_ACTIONS),
    writeValue: z.string().max(512).optional(),
    dataType: z.enum(GATT_DATA_TYPES),
    nextAction: z.string().max(60).optional(),
  })
  .superRefine(
    (task, ctx) => {
      if (task.writeValue === undefined || task.writeValue === '') {
        if (task.action === 'write')
          ctx.addIssue({ code: 'custom', path: ['writeValue'], message: REQUIRED });
        return;
      }
      const issue = writeValueIssue(task.dataType, task.writeValue);
      if (issue) ctx.addIssue({ code: 'custom', path: ['writeValue'], message: issue });
    },
    {
      // Also when another field (a UUID, say) is wrong, so the builder shows every problem at once;
      // only a broken action, data type or write value itself leaves nothing to check against.
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => WRITE_FIELDS.has(issue.path?.[0] ?? '')),
    },
  );
export type DeviceTask = z.infer<typeof deviceTaskSchema>;

export const DEVICE_PROFILE_STATES = ['draft', 'complete'] as const;
export const deviceProfileInputSchema = z.strictObject({
  profileName: text('Profile name', 100),
  vendorId: z.uuid().optional(),
  measurement: deviceMeasurementSchema.optional(),
  device: optionalText('Device', 100),
  tasks: z.array(deviceTaskSchema).max(100).default([]),
});
/** A draft saved midway: only the fields given change (no defaults), and a field can be cleared. */
export const updateDeviceProfileInputSchema = z.strictObject({
  profileName: text('Profile name', 100).optional(),
  vendorId: z.uuid().nullable().optional(),
  measurement: deviceMeasurementSchema.nullable().optional(),
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
  measurement: deviceMeasurementSchema,
  device: z.string(),
  tasks: z.array(deviceTaskSchema),
  completedAt: z.string(),
});
export type DeviceProfileVersion = z.infer<typeof deviceProfileVersionSchema>;
