import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './rate-limiter';

describe('memory rate limiter', () => {
  it('counts hits within a window and starts again after it', async () => {
    let now = 1_000;
    const limiter = memoryRateLimiter(() => now);
    expect(await limiter.hit('a', 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 30_000;
    expect(await limiter.hit('a', 60_000)).toEqual({ count: 2, resetMs: 30_000 });
    expect((await limiter.peek('a')).count).toBe(2);
    expect((await limiter.peek('b')).count).toBe(0);
    now += 30_000;
    expect((await limiter.peek('a')).count).toBe(0);
    expect((await limiter.hit('a', 60_000)).count).toBe(1);
    await limiter.reset('a');
    expect((await limiter.peek('a')).count).toBe(0);
  });

  it('grants at most the limit to callers racing for slots; a release gives one back', async () => {
    let now = 1_000;
    const limiter = memoryRateLimiter(() => now);
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.consume('k', 10, 60_000)));
    expect(results.filter((r) => r.granted)).toHaveLength(10);
    expect((await limiter.peek('k')).count).toBe(10);
    await limiter.release('k');
    expect((await limiter.consume('k', 10, 60_000)).granted).toBe(true);
    expect((await limiter.consume('k', 10, 60_000)).granted).toBe(false);
    now += 60_000;
    expect(await limiter.consume('k', 10, 60_000)).toEqual({ granted: true, count: 1, resetMs: 60_000 });
  });
});
