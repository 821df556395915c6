import { uuidSchema } from '@opencare/schemas/rules';
import { describe, expect, it } from 'vitest';
import { recordReadingId } from './reading-id';

describe('recordReadingId', () => {
  it('gives a stored record the same valid id on every transfer, and another record another id', () => {
    const device = '0f8e2d7c-3b1a-4c5d-9e8f-7a6b5c4d3e2f';
    const first = recordReadingId(device, 'glucose:12:2026-11-22T08:00:00Z');
    expect(recordReadingId(device, 'glucose:12:2026-11-22T08:00:00Z')).toBe(first);
    expect(uuidSchema.safeParse(first).success).toBe(true);
    expect(first[14]).toBe('5');
    expect(recordReadingId(device, 'glucose:13:2026-11-22T09:00:00Z')).not.toBe(first);
    expect(recordReadingId('1f8e2d7c-3b1a-4c5d-9e8f-7a6b5c4d3e2f', 'glucose:12:2026-11-22T08:00:00Z')).not.toBe(first);
  });
});
