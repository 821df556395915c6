import { REQUIRED } from '@opencare/schemas/rules';

/** The validation messages of the vendor and device-profile schemas, by key in the devices namespace's `validation`. */
export type DevicesValidationKey =
  | 'required'
  | 'website'
  | 'oui'
  | 'companyIdentifier'
  | 'uuid'
  | 'hexValue'
  | 'integerValue'
  | 'floatValue'
  | 'booleanValue'
  | 'handle'
  | 'chooseVendor';

/**
 * The schemas word their messages in en-US and the server sends the same words in a 400's field
 * errors. This table turns the words back into keys, so each language can say them;
 * field-message.test.ts checks the en-US translations still equal the schemas' words.
 */
const EXACT: Record<string, DevicesValidationKey> = {
  [REQUIRED]: 'required',
  'Enter a valid web address.': 'website',
  'Enter a vendor identifier like EA:E0:AA.': 'oui',
  'Enter a company identifier like 0x0CA5.': 'companyIdentifier',
  'Enter a 16-bit or 128-bit Bluetooth UUID.': 'uuid',
  'Write value must be hex digits in pairs, like 0101.': 'hexValue',
  'Write value must be a whole number, like 42.': 'integerValue',
  'Write value must be a number, like 36.6.': 'floatValue',
  'Write value must be true or false.': 'booleanValue',
  'Enter a handle from 0 to 65535.': 'handle',
  'Choose one of your vendors.': 'chooseVendor',
};

/** The fields a length message may name: the label given to text() and optionalText() in the schemas. */
const FIELD_NAMES = {
  'Vendor name': 'vendorName',
  Address: 'address',
  Website: 'website',
  'Contact person': 'contactPerson',
  'Tax id': 'taxId',
  'Profile name': 'profileName',
  Device: 'device',
} as const;
export type DevicesFieldName = (typeof FIELD_NAMES)[keyof typeof FIELD_NAMES];

const TOO_LONG = /^(.+) must be at most (\d+) characters\.$/;

export type DevicesValidationMessage =
  { key: DevicesValidationKey } | { key: 'tooLong'; field: DevicesFieldName; max: number };

/** The key of a schema message, or null for one this client has no translation of. */
export function validationMessageOf(message: string): DevicesValidationMessage | null {
  const exact = EXACT[message];
  if (exact) return { key: exact };
  const tooLong = TOO_LONG.exec(message);
  const label = tooLong?.[1];
  if (tooLong && label !== undefined && Object.hasOwn(FIELD_NAMES, label)) {
    return { key: 'tooLong', field: FIELD_NAMES[label as keyof typeof FIELD_NAMES], max: Number(tooLong[2]) };
  }
  return null;
}
