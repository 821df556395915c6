import fc from 'fast-check';

/**
 * Malformed input for the hostile-input suite (issue 8, test 4). Every arbitrary here makes input
 * that no valid request could be: bodies are JSON text (so `__proto__` and lone surrogates reach
 * the edge as they are), and each one carries something every schema refuses: a top level that is
 * not an object, a key no schema has, a path segment no id or name can be, and so on.
 */

/** Strings that have broken parsers, validators, databases and templates elsewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDC00\uD800',
  '\u202E',
  '\uFEFF',
  '\u2028\u2029',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e999',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '../../../etc/passwd',
  '%00',
  '%FF',
  '\\',
  '😀',
  'a\u0301',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30T25:61:00Z',
  '0000-00-00',
  '-0',
] as const;

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(1_000, 20_000, 70_000).map((n) => 'x'.repeat(n)), weight: 1 },
);

/** Keys no input schema of the product has (every input schema is strict). */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '$where',
  '$ne',
  '',
  ' ',
  'a\u0000b',
  '\uD800',
  'x'.repeat(300),
  '<img src=x onerror=alert(1)>',
  'constructor.prototype.polluted',
  'length',
] as const;
export const hostileKey = fc.constantFrom(...HOSTILE_KEYS);

/** Field names the product's schemas do use: set to values of the wrong type, range or size. */
export const LIKELY_KEYS = [
  'id',
  'name',
  'email',
  'username',
  'password',
  'type',
  'values',
  'patientId',
  'accountId',
  'deviceId',
  'visitId',
  'providerId',
  'startsAt',
  'endsAt',
  'status',
  'token',
  'mac',
  'pairingCode',
  'info',
  'readings',
  'page',
  'pageSize',
  'search',
  'changes',
  'role',
  'roles',
  'profile',
  'firstName',
  'lastName',
  'phone',
  'signal',
  'sdp',
  'candidate',
  'queued',
  'uptimeS',
  'batteryLevel',
  'message',
  'key',
  'code',
] as const;
export const likelyKey = fc.constantFrom(...LIKELY_KEYS);

const json = (s: string) => JSON.stringify(s);

/** Percent-encoding that also carries lone surrogates: as the bytes of one, which are not UTF-8. */
export const encode = (s: string) =>
  Array.from(s, (ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
export const objectText = (entries: [string, string][]) =>
  `{${entries.map(([k, v]) => `${json(k)}:${v}`).join(',')}}`;

/** JSON text of a leaf: numbers out of range, NaN and Infinity as strings, nasty strings, deep nesting. */
export function leafText(maxDepth: number): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: nastyString.map(json), weight: 5 },
    {
      arbitrary: fc.constantFrom(
        '1e308',
        '-1e308',
        '1e999',
        '9007199254740993',
        '-1',
        '0.5',
        '5e-324',
        '-0',
        'true',
        'false',
        'null',
        '"NaN"',
        '"Infinity"',
        '"-Infinity"',
      ),
      weight: 4,
    },
    { arbitrary: fc.integer({ min: 2, max: maxDepth }).map((d) => '['.repeat(d) + ']'.repeat(d)), weight: 1 },
    {
      arbitrary: fc.integer({ min: 2, max: maxDepth }).map((d) => '{"a":'.repeat(d) + '1' + '}'.repeat(d)),
      weight: 1,
    },
  );
}

/** JSON text of any value, nested a little, with hostile and plausible keys. */
export function valueText(maxDepth: number): fc.Arbitrary<string> {
  const leaf = leafText(maxDepth);
  const key = fc.oneof(hostileKey, likelyKey, nastyString);
  return fc.letrec<{ v: string }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('v'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc.array(fc.tuple(key, tie('v')), { maxLength: 4 }).map(objectText),
    ),
  })).v;
}

/**
 * JSON text that no strict object schema accepts: an object holding at least one key no schema
 * has (beside plausible fields with wrong values), or a top level that is not an object (never
 * `null`, which the edge reads as "no payload").
 */
export function hostileBody(maxDepth: number): fc.Arbitrary<string> {
  const value = valueText(maxDepth);
  const object = fc
    .tuple(fc.array(fc.tuple(likelyKey, value), { maxLength: 5 }), hostileKey, value, fc.nat())
    .map(([known, key, v, at]) => {
      const entries: [string, string][] = [...known];
      entries.splice(at % (entries.length + 1), 0, [key, v]);
      return objectText(entries);
    });
  const notObject = fc.oneof(
    leafText(maxDepth).filter((text) => text !== 'null'),
    fc.array(value, { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  );
  return fc.oneof({ arbitrary: object, weight: 3 }, { arbitrary: notObject, weight: 1 });
}

/** Text a JSON parser refuses, or reads as something that is not an object. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    "{'a':1}",
    '{"a":1,}',
    '[1,2',
    'NaN',
    'undefined',
    '{"a":01}',
    '{"a":1}}',
    '\u0000',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":"\\u12"}',
    '{"a":1}{"b":2}',
    '{a:1}',
    '<xml/>',
    ' ',
  ),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 60 })
    .filter((text) => {
      try {
        const parsed: unknown = JSON.parse(text);
        // An object (or null, read as no body) could be a valid input of some route: not malformed.
        return parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed));
      } catch {
        return true;
      }
    }),
);

/** Content types the JSON API does not read (the attachment upload's image/PDF types left out). */
export const wrongContentType = fc.constantFrom(
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/javascript',
  'image/gif',
  'application/x-json-nope',
);

/**
 * A path segment no id, name, code, type or area can be: each holds a character outside letters,
 * digits and `-`, or is far too long. Returned already percent-encoded (some deliberately badly).
 */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.uuid({ version: 4 })),
      // No space (usernames are trimmed: "NaN " is the valid name "NaN") and no dot (a "." or ".."
      // segment is resolved away by the URL, making another, valid, request).
      fc.constantFrom("'", '<', '\u0000', '"', '{', '\u202E', '$'),
    )
    .map(([base, bad]) => encode(base + bad)),
  fc.constantFrom('%FF', '%FF%FE', '%C0%AF', '%zz', '%', '%00', '%25', 'x'.repeat(5_000), '1e308.5', 'NaN%00'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((s) => encode(`${s}'`)),
);

/** A query string with at least one key no query schema has, duplicates and arrays. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      '__proto__=x',
      'zzUnknown=1',
      'a[]=1&a[]=2',
      '%zz=1',
      'x=%FF%FE',
    ),
    fc.array(
      fc.tuple(
        fc.constantFrom('page', 'pageSize', 'search', 'from', 'to', 'status', 'type', 'patientId', 'providerId', 'date', 'sort', 'limit'),
        fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.constantFrom('1e308', '-1', '0', 'NaN', 'Infinity', '1.5')),
      ),
      { maxLength: 5 },
    ),
    fc.boolean(),
  )
  .map(([bad, pairs, duplicate]) => {
    const parts = pairs.map(([k, v]) => `${k}=${encode(v)}`);
    if (duplicate && parts[0]) parts.push(parts[0], parts[0]);
    parts.splice(parts.length >> 1, 0, bad);
    return parts.join('&');
  });

/** Authorization headers that name nobody (fetch refuses CR, LF and NUL in headers, so none here). */
export function garbageAuthorization(validToken: string): fc.Arbitrary<Record<string, string>> {
  const [header = '', payload = '', signature = ''] = validToken.split('.');
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const forgedPayload = (() => {
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      return b64({ ...claims, roles: [100, 101, 102], exp: 4_102_444_800 });
    } catch {
      return b64({ sub: 'admin' });
    }
  })();
  return fc.oneof(
    fc
      .constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer x',
        'Bearer a.b.c',
        'Bearer ....',
        'Basic YWRtaW46UGFzc3cwcmQh',
        `bearer ${validToken}`,
        `Bearer ${validToken}x`,
        `Bearer ${header}.${forgedPayload}.${signature}`,
        `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${forgedPayload}.`,
        `Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '00000000-0000-0000-0000-000000000000', sid: 'x', exp: 4_102_444_800 })}.${signature}`,
        `Bearer ${'a'.repeat(20_000)}`,
        `Token ${validToken}`,
      )
      .map((authorization) => ({ authorization })),
    fc
      .string({ unit: 'binary-ascii', minLength: 1, maxLength: 200 })
      .map((s) => Array.from(s, (ch) => (ch < ' ' || ch === '\u007f' ? '?' : ch)).join(''))
      .map((s) => ({ authorization: `Bearer ${s}` })),
  );
}
