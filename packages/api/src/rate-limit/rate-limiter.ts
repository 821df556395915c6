import type { Redis } from 'ioredis';

export interface RateLimitState {
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/**
 * Fixed-window counters. In memory for one edge; in Redis when several edges must share the count
 * (a client spreading attempts over edges must not get more tries).
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<RateLimitState>;
  peek(key: string): Promise<RateLimitState>;
  reset(key: string): Promise<void>;
  /**
   * Reserve one of `limit` slots of the window in one atomic step: the count rises only while it is
   * below the limit, so however many callers race, at most `limit` are granted. A refusal leaves the
   * count (and the window's end) as it was.
   */
  consume(key: string, limit: number, windowMs: number): Promise<RateLimitState & { granted: boolean }>;
  /** Give back one slot consumed by `consume` (an attempt that turned out not to count, a success). */
  release(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    hit(key, windowMs) {
      const w = live(key) ?? { count: 0, endsAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      // Drop ended windows now and then so the map stays small.
      if (windows.size > 10_000) for (const k of windows.keys()) live(k);
      return Promise.resolve({ count: w.count, resetMs: w.endsAt - now() });
    },
    peek(key) {
      const w = live(key);
      return Promise.resolve({ count: w?.count ?? 0, resetMs: w ? w.endsAt - now() : 0 });
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
    // One event-loop turn from read to write: nothing can interleave, so this is atomic in one edge.
    consume(key, limit, windowMs) {
      const w = live(key) ?? { count: 0, endsAt: now() + windowMs };
      const granted = w.count < limit;
      if (granted) {
        w.count += 1;
        windows.set(key, w);
      }
      return Promise.resolve({ granted, count: w.count, resetMs: w.endsAt - now() });
    },
    release(key) {
      const w = live(key);
      if (w && w.count > 0) w.count -= 1;
      return Promise.resolve();
    },
  };
}

/**
 * Check, increment and start the window in one script: Redis runs a script alone, so edges racing
 * on the same key cannot both read "below the limit" (a GET then INCR from two edges could).
 * Returns [granted (1|0), count, pttl].
 */
const CONSUME_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  return {0, count, redis.call('PTTL', KEYS[1])}
end
count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, count, redis.call('PTTL', KEYS[1])}
`;
/** Decrement, never below zero, never reviving a window that has ended. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export function redisRateLimiter(redis: Redis, namespace: string): RateLimiter {
  const k = (key: string) => `${namespace}:rl:${key}`;
  return {
    async hit(key, windowMs) {
      const result = await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').pttl(k(key)).exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      return { count: Number(count ?? 0), resetMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(k(key));
    },
    async consume(key, limit, windowMs) {
      const [granted, count, ttl] = (await redis.eval(CONSUME_SCRIPT, 1, k(key), limit, windowMs)) as [number, number, number];
      return { granted: granted === 1, count: Number(count), resetMs: ttl > 0 ? Number(ttl) : windowMs };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, k(key));
    },
  };
}
