import { describe, expect, it } from 'vitest';
import { newVisitCode } from './visit-code';

describe('visit codes', () => {
  it('are three groups of four unambiguous characters, different every time', () => {
    const codes = Array.from({ length: 500 }, newVisitCode);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){2}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
