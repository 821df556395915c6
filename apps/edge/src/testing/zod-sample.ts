import type { z } from 'zod';

/**
 * A value of the input a shared zod schema describes, made from the schema itself (zod 4's `_zod.def`),
 * so the hostile-input suite has a valid-shaped sample for every route, procedure and event without a
 * hand-written list that falls behind. Refinements (a password's rule, a retyped e-mail) are not
 * read: `sampleOf` tries the schema's own parse and reports whether the sample passed.
 */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  innerType?: Schema;
  element?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: Schema;
  out?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  items?: Schema[];
  left?: Schema;
  right?: Schema;
  getter?: () => Schema;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
}
type Schema = { _zod: { def: Def } };

/** Strings that satisfy the product's text patterns (usernames, dates, MACs, phone numbers, ...). */
const PATTERN_CANDIDATES = [
  'sample1',
  '1980-04-02',
  '+1 555 123 4567',
  'AABBCCDDEEFF',
  'AA:BB:CC:DD:EE:FF',
  'EA:E0:AA',
  '0x0CA5',
  '09:30',
  '2026-12-01T09:30:00.000Z',
  'Europe/Madrid',
  '#336699',
  'en-US',
  'abc',
  'ABCDEF12',
  'A1B2C3',
  'tab-0123456789ab',
  '0123456789abcdef0123456789abcdef',
];

/** The id every sample carries (a caller may swap it for a real one). */
export const SAMPLE_UUID = '6f1c1a57-3f43-4e8e-9a43-0d5b8d2f8c11';
const FORMAT_SAMPLES: Record<string, string> = {
  email: 'sample.person@example.org',
  uuid: SAMPLE_UUID,
  guid: SAMPLE_UUID,
  datetime: '2026-12-01T09:30:00.000Z',
  date: '1980-04-02',
  time: '09:30:00',
  url: 'https://example.org/',
  ipv4: '192.168.1.20',
  e164: '+15551234567',
};

function stringSample(def: Def): string {
  let min = 0;
  let max = Infinity;
  const patterns: RegExp[] = [];
  let format: string | undefined = def.format;
  if (def.format === 'regex' && def.pattern instanceof RegExp) {
    patterns.push(def.pattern);
    format = undefined;
  }
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') min = Math.max(min, c.minimum as number);
    if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
    if (c.check === 'length_equals') min = max = c.length as number;
    if (c.check === 'string_format') {
      if (c.format === 'regex' && c.pattern instanceof RegExp) patterns.push(c.pattern);
      else format = c.format as string;
    }
  }
  const formatted = format ? FORMAT_SAMPLES[format] : undefined;
  if (formatted) return formatted;
  if (patterns.length > 0) {
    const found = PATTERN_CANDIDATES.find((candidate) => patterns.every((p) => new RegExp(p.source, p.flags.replace('g', '')).test(candidate)));
    if (found) return found;
  }
  // Upper and lower case, a digit and a sign: a password the product's rule accepts, too.
  const base = 'Sample Text 1!';
  const wanted = Math.min(Math.max(min, Math.min(base.length, max)), 200);
  return base.padEnd(wanted, 'x').slice(0, Math.max(wanted, Math.min(min, 2000)));
}

function numberSample(def: Def): number {
  let low = -Infinity;
  let high = Infinity;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'greater_than') low = Math.max(low, (c.value as number) + (c.inclusive ? 0 : 1));
    if (c.check === 'less_than') high = Math.min(high, (c.value as number) - (c.inclusive ? 0 : 1));
    if (c.check === 'number_format' && typeof c.minimum === 'number') low = Math.max(low, c.minimum);
  }
  if (low <= 1 && high >= 1) return 1;
  return Number.isFinite(low) ? low : high;
}

/** Fields whose rule is a refinement the schema does not show: a value that keeps it. */
const KEY_HINTS: [RegExp, string][] = [
  [/^email(Address)?(Confirmation)?$/, 'sample.person@example.org'],
  [/^website$/, 'https://example.org/'],
  [/^timezone$/, 'Europe/Madrid'],
  [/^mac$/, 'AABBCCDDEEFF'],
  [/^month$/, '2026-11'],
  [/^(service|characteristic)$/, '180D'],
];

/** A sample of the schema's input; `undefined` only where the schema takes nothing. */
export function zodSample(schema: z.ZodType, depth = 0): unknown {
  const def = (schema as unknown as Schema)._zod.def;
  if (depth > 12) return undefined;
  const next = (s: Schema | undefined) => (s ? zodSample(s as unknown as z.ZodType, depth + 1) : undefined);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = next(field);
        const hint = KEY_HINTS.find(([name]) => name.test(key))?.[1];
        if (value !== undefined) out[key] = typeof value === 'string' && hint ? hint : value;
      }
      return out;
    }
    case 'string':
      return stringSample(def);
    case 'number':
    case 'int':
      return numberSample(def);
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return '2026-12-01T09:30:00.000Z';
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'null':
      return null;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'array': {
      const item = next(def.element);
      return item === undefined ? [] : [item];
    }
    case 'tuple':
      return (def.items ?? []).map((item) => next(item));
    case 'union':
      return next(def.options?.[0]);
    case 'intersection': {
      const left = next(def.left);
      const right = next(def.right);
      return typeof left === 'object' && typeof right === 'object' ? { ...(left as object), ...(right as object) } : left;
    }
    case 'pipe':
      return next(def.in);
    case 'transform':
      return undefined;
    case 'record': {
      const key = next(def.keyType);
      return { [typeof key === 'string' ? key : 'key']: next(def.valueType) };
    }
    case 'lazy':
      return def.getter ? next(def.getter()) : undefined;
    default:
      // unknown, any, custom: free JSON (stored as jsonb where it is stored): an object with text.
      return { note: 'Sample text' };
  }
}

/** The sample, and whether the schema itself accepts it (refinements included). */
export function sampleOf(schema: z.ZodType): { value: unknown; valid: boolean } {
  const value = zodSample(schema);
  return { value, valid: schema.safeParse(value).success };
}
