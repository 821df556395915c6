import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, UNSAFE_TEXT_MESSAGES, unsafeTextIssues, unsafeTextReason } from './safe-text';

describe('unsafe text (issue 15, door 3)', () => {
  it('finds NUL and lone surrogates, and lets paired surrogates, controls and emoji through', () => {
    expect(unsafeTextReason('a\u0000b')).toBe('nul');
    expect(unsafeTextReason('\uD800')).toBe('surrogate');
    expect(unsafeTextReason('x\uDC00')).toBe('surrogate');
    expect(unsafeTextReason('\uDC00\uD800')).toBe('surrogate');
    expect(unsafeTextReason('😀 tab\there, é, \u202E, ا')).toBeUndefined();
    expect(unsafeTextReason('')).toBeUndefined();
  });

  it('names the path of every bad string or key, nested in arrays and records, never echoing the character', () => {
    const issues = unsafeTextIssues({ a: [{ b: 'ok' }, { c: 'x\u0000' }], 'k\uD800': 1, d: { e: { f: '\uDFFF' } } });
    expect(issues).toEqual(
      expect.arrayContaining([
        { field: 'a.1.c', message: UNSAFE_TEXT_MESSAGES.nul },
        { field: 'k\uFFFD', message: UNSAFE_TEXT_MESSAGES.surrogate },
        { field: 'd.e.f', message: UNSAFE_TEXT_MESSAGES.surrogate },
      ]),
    );
    expect(issues).toHaveLength(3);
    expect(unsafeTextIssues('\u0000')).toEqual([{ field: '(body)', message: UNSAFE_TEXT_MESSAGES.nul }]);
    expect(unsafeTextIssues({ photo: Buffer.from([0, 0xd8, 0]) })).toEqual([]);
  });

  it('refuses runaway nesting without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(unsafeTextIssues(deep)).toEqual([{ field: expect.any(String), message: UNSAFE_TEXT_MESSAGES.depth }]);
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i += 1) fine = { x: fine };
    expect(unsafeTextIssues(fine)).toEqual([]);
  });
});
