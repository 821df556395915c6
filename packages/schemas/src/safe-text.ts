import type { FieldIssue } from './errors';

/**
 * Text no field of the product may hold, checked once where each transport reads its input (REST
 * body, query and path; tRPC input; every socket event and handshake of both namespaces), before
 * any schema runs. A check at the boundary rather than a refinement in each string schema, because
 * it must also cover what no string schema describes: keys, values inside records and free JSON
 * (device profiles, settings, FHIR resources stored as jsonb), and schemas written tomorrow.
 *
 * - NUL (U+0000): PostgreSQL refuses it in text and jsonb, so it would end as a database error, and
 *   no person types it. Other control characters are legitimate in some fields (a tab in a note).
 * - Lone surrogates (U+D800–U+DFFF not in a pair): not Unicode text; they cannot be encoded as
 *   UTF-8, so the database, the log and every client would each mangle them differently.
 * - Nesting deeper than {@link MAX_INPUT_DEPTH}: no input of the product is nested that deep, and a
 *   deeper value stored as jsonb or walked recursively can exhaust a stack.
 */
export const MAX_INPUT_DEPTH = 32;

export const UNSAFE_TEXT_MESSAGES = {
  nul: 'Text must not contain a NUL character.',
  surrogate: 'Text must not contain an unpaired surrogate character.',
  depth: `Input must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`,
} as const;

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string may not be stored, if it may not. */
export function unsafeTextReason(text: string): 'nul' | 'surrogate' | undefined {
  if (NUL.test(text)) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return undefined;
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what this replaces
const UNSAFE_OR_SURROGATE = /\u0000|[\uD800-\uDFFF]/g;
/** Text as it may be shown back or logged: NUL and every surrogate become U+FFFD. */
export const withoutUnsafeText = (text: string) => text.replace(UNSAFE_OR_SURROGATE, '\uFFFD');

/** A path segment as it may be shown back to the client (never the offending character itself). */
const shown = (segment: string | number) => (typeof segment === 'number' ? String(segment) : withoutUnsafeText(segment).slice(0, 100));

/**
 * Every string (and object key) of a value that no field may hold, with its path, walked without
 * recursion (a hostile value may be nested thousands deep). At most `limit` issues are returned.
 */
export function unsafeTextIssues(value: unknown, options: { prefix?: (string | number)[]; limit?: number } = {}): FieldIssue[] {
  const limit = options.limit ?? 10;
  const issues: FieldIssue[] = [];
  const fieldOf = (path: (string | number)[]) => (path.length > 0 ? path.map(shown).join('.') : '(body)');
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: options.prefix ?? [] }];
  const base = (options.prefix ?? []).length;
  while (stack.length > 0 && issues.length < limit) {
    const { value: current, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) issues.push({ field: fieldOf(path), message: UNSAFE_TEXT_MESSAGES[reason] });
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length - base >= MAX_INPUT_DEPTH) {
      issues.push({ field: fieldOf(path), message: UNSAFE_TEXT_MESSAGES.depth });
      continue;
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    // Binary bodies (an uploaded photo) are bytes, not text. Every other object is walked: parsed
    // JSON, and query objects whose prototype is neither Object's nor null (fast-querystring's).
    if (ArrayBuffer.isView(current) || current instanceof ArrayBuffer) continue;
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i] as string;
      const reason = unsafeTextReason(key);
      if (reason) issues.push({ field: fieldOf([...path, key]), message: UNSAFE_TEXT_MESSAGES[reason] });
      else stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return issues.slice(0, limit);
}
