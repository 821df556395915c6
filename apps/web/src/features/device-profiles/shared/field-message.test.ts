import {
  companyIdentifierInputSchema,
  deviceProfileInputSchema,
  deviceTaskSchema,
  ouiInputSchema,
  vendorInputSchema,
} from '@opencare/schemas/entities/devices';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import en from '../../../i18n/locales/en-US/devices.json';
import { validationMessageOf } from './field-message';

const messageOf = (schema: z.ZodType, input: unknown, field: string) =>
  schema.safeParse(input).error?.issues.find((issue) => issue.path.join('.') === field)?.message ?? '';
const task = { phase: 'task', service: '1810', characteristic: '2A35', action: 'write', dataType: 'hex' };

/** Each key's en-US text, and the schema message it stands for, produced by the schema itself. */
const CASES: [keyof typeof en.validation, string][] = [
  ['required', messageOf(vendorInputSchema, {}, 'vendorName')],
  ['website', messageOf(vendorInputSchema, { vendorName: 'A', website: 'acme' }, 'website')],
  ['oui', messageOf(ouiInputSchema, { oui: 'EA' }, 'oui')],
  [
    'companyIdentifier',
    messageOf(companyIdentifierInputSchema, { companyIdentifier: '0xCA5' }, 'companyIdentifier'),
  ],
  ['uuid', messageOf(deviceTaskSchema, { ...task, service: 'zz', writeValue: '01' }, 'service')],
  ['hexValue', messageOf(deviceTaskSchema, { ...task, writeValue: '010' }, 'writeValue')],
  [
    'integerValue',
    messageOf(deviceTaskSchema, { ...task, dataType: 'integer', writeValue: 'x' }, 'writeValue'),
  ],
  ['floatValue', messageOf(deviceTaskSchema, { ...task, dataType: 'float', writeValue: 'x' }, 'writeValue')],
  [
    'booleanValue',
    messageOf(deviceTaskSchema, { ...task, dataType: 'boolean', writeValue: 'x' }, 'writeValue'),
  ],
  ['handle', messageOf(deviceTaskSchema, { ...task, writeValue: '01', handle: -1 }, 'handle')],
];

describe('validation messages of vendors and device profiles', () => {
  it.each(CASES)("%s: the en-US text is the schema's own words", (key, schemaMessage) => {
    expect(schemaMessage).not.toBe('');
    expect(en.validation[key]).toBe(schemaMessage);
    expect(validationMessageOf(schemaMessage)).toEqual({ key });
  });

  it("says the server's vendor message in the reader's words", () => {
    expect(validationMessageOf('Choose one of your vendors.')).toEqual({ key: 'chooseVendor' });
    expect(en.validation.chooseVendor).toBe('Choose one of your vendors.');
  });

  it('names the field and limit of a length message', () => {
    const message = messageOf(deviceProfileInputSchema, { profileName: 'a'.repeat(101) }, 'profileName');
    expect(validationMessageOf(message)).toEqual({ key: 'tooLong', field: 'profileName', max: 100 });
    const long = en.validation.tooLong
      .replace('{{field}}', en.fieldNames.profileName)
      .replace('{{max}}', '100');
    expect(long).toBe(message);
    expect(validationMessageOf('Nickname must be at most 5 characters.')).toBeNull();
  });
});
