import fc from 'fast-check';

/**
 * Hostile values in valid-shaped input (issue 15): a valid sample of a route's, procedure's or
 * event's input with ONE leaf replaced (or one key added), so the request passes every structural
 * rule and only the value itself can stop it before the database. Two classes:
 *
 * - refuse: text no field may hold (NUL, a lone surrogate, NUL inside free JSON stored as jsonb, a
 *   NUL in a key, nesting deeper than any input, bytes that are not UTF-8). Every one must be a 4xx.
 * - mayAccept: values a field may legitimately take or refuse (text far longer than any field,
 *   numbers past an int4 column or a numeric's precision, `__proto__` and `constructor.prototype`
 *   keys): never a 5xx, and Object.prototype untouched.
 */
export type Path = (string | number)[];
export interface Leaf {
  path: Path;
  kind: 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';
}

/** Every node of a JSON value, leaves and containers, with its path. */
export function nodesOf(value: unknown, path: Path = [], out: Leaf[] = []): Leaf[] {
  if (Array.isArray(value)) {
    out.push({ path, kind: 'array' });
    value.forEach((item, i) => nodesOf(item, [...path, i], out));
  } else if (value !== null && typeof value === 'object') {
    out.push({ path, kind: 'object' });
    for (const [key, item] of Object.entries(value)) nodesOf(item, [...path, key], out);
  } else {
    out.push({ path, kind: value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean') });
  }
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

/** Adds an own key (even `__proto__`) to the object at `path`, as JSON text would. */
function addKeyAt(root: unknown, path: Path, key: string, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const segment of path) node = node[segment] as Record<string | number, unknown>;
  Object.defineProperty(node, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const nested = (depth: number, object: boolean) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = object ? { a: value } : [value];
  return value;
};

/** A marker a string leaf gets when invalid UTF-8 bytes are to be spliced into the JSON text. */
export const UTF8_MARKER = 'ZZINVALIDUTF8ZZ';
export const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]);

export interface HostileValue {
  class: 'refuse' | 'mayAccept';
  what: string;
  value: unknown;
  /** Send the JSON text with INVALID_UTF8 in place of UTF8_MARKER. */
  rawUtf8?: boolean;
}

// 2^53 + 1 and a numeric(14,2) overflow with more digits than a double holds: written as the
// doubles JSON would carry them.
const OVERFLOWING_NUMBERS = [
  2_147_483_648, -2_147_483_649, 2 ** 53 + 2, 1e308, -1e308, 1e20, 123_456_789_012.345_7, 1e-7,
  3.4e38, 32_768, 65_536,
];

/** One hostile replacement of one node of `sample`. */
export function hostileValueOf(
  sample: unknown,
  cls: 'refuse' | 'mayAccept',
  where: 'json' | 'query' = 'json',
): fc.Arbitrary<HostileValue> {
  // A query string carries text only: a lone surrogate cannot be percent-encoded as UTF-8 (its
  // bytes stay literal text), so only NUL is a hostile value there; no nesting, no raw bytes.
  const textOnly = where === 'query';
  const nodes = nodesOf(sample);
  const objects = nodes.filter((n) => n.kind === 'object');
  const leaves = nodes.filter((n) => n.kind !== 'object' && n.kind !== 'array');
  const strings = leaves.filter((n) => n.kind === 'string');
  const anyLeaf = fc.constantFrom(...(leaves.length > 0 ? leaves : nodes));
  const anyObject = fc.constantFrom(...(objects.length > 0 ? objects : nodes));
  const textLeaf = strings.length > 0 ? fc.constantFrom(...strings) : anyLeaf;
  const at = (leaf: Leaf) => leaf.path.join('.') || '(root)';
  const current = (leaf: Leaf) => {
    let node: unknown = sample;
    for (const segment of leaf.path) node = (node as Record<string | number, unknown>)[segment];
    return typeof node === 'string' ? node : '';
  };
  if (cls === 'refuse') {
    const options: fc.Arbitrary<HostileValue>[] = [
      fc.tuple(textLeaf, fc.constantFrom('\u0000', 'a\u0000b', '\u0000\u0000')).map(([leaf, nul]) => ({
        class: 'refuse' as const,
        what: `NUL at ${at(leaf)}`,
        value: setAt(sample, leaf.path, `${current(leaf)}${nul}`),
      })),
    ];
    if (!textOnly)
      options.push(
        fc
          .tuple(textLeaf, fc.constantFrom('\uD800', '\uDC00', 'x\uDBFF', '\uDC00\uD800'))
          .map(([leaf, lone]) => ({
            class: 'refuse' as const,
            what: `lone surrogate at ${at(leaf)}`,
            value: setAt(sample, leaf.path, `${lone}${current(leaf)}`),
          })),
      );
    if (!textOnly) {
      options.push(
        // JSON stored as jsonb with a NUL inside: as a value, and as a key.
        anyLeaf.map((leaf) => ({
          class: 'refuse' as const,
          what: `jsonb with NUL at ${at(leaf)}`,
          value: setAt(sample, leaf.path, { note: 'x\u0000y', list: ['\u0000'] }),
        })),
        anyObject.map((node) => ({
          class: 'refuse' as const,
          what: `NUL key in ${at(node)}`,
          value: addKeyAt(sample, node.path, 'a\u0000b', 'x'),
        })),
        fc.tuple(anyLeaf, fc.integer({ min: 40, max: 2_000 }), fc.boolean()).map(([leaf, depth, object]) => ({
          class: 'refuse' as const,
          what: `nesting ${depth} deep at ${at(leaf)}`,
          value: setAt(sample, leaf.path, nested(depth, object)),
        })),
        textLeaf.map((leaf) => ({
          class: 'refuse' as const,
          what: `invalid UTF-8 at ${at(leaf)}`,
          value: setAt(sample, leaf.path, UTF8_MARKER),
          rawUtf8: true,
        })),
      );
    }
    return fc.oneof(...options);
  }
  return fc.oneof(
    fc.tuple(textLeaf, fc.constantFrom(5_001, 70_000, 200_000)).map(([leaf, n]) => ({
      class: 'mayAccept' as const,
      what: `${n} characters at ${at(leaf)}`,
      value: setAt(sample, leaf.path, 'x'.repeat(n)),
    })),
    fc.tuple(anyLeaf, fc.constantFrom(...OVERFLOWING_NUMBERS), fc.boolean()).map(([leaf, n, asText]) => ({
      class: 'mayAccept' as const,
      what: `number ${n}${asText ? ' as text' : ''} at ${at(leaf)}`,
      value: setAt(sample, leaf.path, asText ? String(n) : n),
    })),
    fc.tuple(anyObject, fc.constantFrom('__proto__', 'constructor')).map(([node, key]) => ({
      class: 'mayAccept' as const,
      what: `${key} key in ${at(node)}`,
      value: addKeyAt(
        sample,
        node.path,
        key,
        key === '__proto__' ? { polluted: true } : { prototype: { polluted: true } },
      ),
    })),
  );
}

/** The JSON text (or bytes) of a hostile value. */
export function hostileText(value: HostileValue): string | Buffer {
  const text = JSON.stringify(value.value) ?? 'null';
  if (!value.rawUtf8) return text;
  const [before = '', after = ''] = text.split(UTF8_MARKER);
  return Buffer.concat([Buffer.from(before), INVALID_UTF8, Buffer.from(after)]);
}

/** A flat sample object as a query string (arrays as repeated keys); NUL as %00. */
export function queryOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      if (one === null || typeof one === 'object') continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(one))}`);
    }
  }
  return parts.join('&');
}
